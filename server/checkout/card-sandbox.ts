/**
 * The card sandbox (ARCHITECTURE.md, pinned): a card that passes core's rules (Luhn, brand and
 * length, expiry within 16 years, security code) is authorised with result code 870 — except
 * 4000 0000 0000 0002, which the issuer declines. Only the brand and last four digits leave here.
 */
import {
  acceptedCardBrands,
  cardMessages,
  checkCardExpiry,
  checkCardNumber,
  isSecurityCodeValid,
  PAYMENT_SUCCESS_CODE,
  type CardBrand,
} from '../../core/checkout';
import type { CardInput } from './parse';
import { FieldProblems } from './parse';

/** The card types the shop takes: served in the configuration's lists and enforced on payment. */
export const ACCEPTED_CARD_TYPES: readonly string[] = [
  'Visa',
  'Mastercard',
  'American Express',
  'Discover',
];
const ACCEPTED = acceptedCardBrands(ACCEPTED_CARD_TYPES);
const MESSAGES = cardMessages(ACCEPTED);

export const SANDBOX_APPROVE_NUMBER = '4111111111111111';
export const SANDBOX_DECLINE_NUMBER = '4000000000000002';
/** The result code a declined card answers with. */
export const DECLINED_RESULT_CODE = 205;

export type CardAuthorisation =
  | {
      readonly approved: true;
      readonly resultCode: number;
      readonly brand: CardBrand;
      readonly last4: string;
    }
  | {
      readonly approved: false;
      readonly resultCode: number;
      readonly brand: CardBrand;
      readonly last4: string;
    };

/** Checks the card's fields (400 naming each bad one) and answers as the sandbox issuer. */
export const authoriseCard = (card: CardInput, now: number): CardAuthorisation => {
  const problems = new FieldProblems();
  const number = checkCardNumber(card.number, ACCEPTED);
  if (!number.ok) problems.add('card.number', MESSAGES.number[number.error]);
  const expiry = checkCardExpiry({ month: card.expiryMonth, year: card.expiryYear }, now);
  if (!expiry.ok) {
    const field = expiry.error === 'invalid-month' ? 'card.expiryMonth' : 'card.expiryYear';
    problems.add(field, MESSAGES.expiry[expiry.error]);
  }
  if (number.ok && !isSecurityCodeValid(card.securityCode, number.value.brand)) {
    problems.add('card.securityCode', MESSAGES.securityCode);
  }
  problems.check();
  if (!number.ok) throw new Error('unreachable: checked above');
  const { digits, brand, lastFour } = number.value;
  return digits === SANDBOX_DECLINE_NUMBER
    ? { approved: false, resultCode: DECLINED_RESULT_CODE, brand, last4: lastFour }
    : { approved: true, resultCode: PAYMENT_SUCCESS_CODE, brand, last4: lastFour };
};
