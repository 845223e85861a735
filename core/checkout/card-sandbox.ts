/**
 * The card sandbox's answer to a card (ARCHITECTURE.md, pinned), in one place for the server's
 * payment route and the offline demo's fake so the two cannot drift: a card that passes card.ts's
 * rules for the accepted brands (Luhn, brand and length, expiry within 16 years, the brand's
 * security code length) is approved with result code 870, except 4000 0000 0000 0002, which the
 * issuer declines. A card that fails names each bad field with the message a shopper reads. Only
 * the brand and last four digits come out.
 */
import {
  CARD_BRANDS,
  cardMessages,
  checkCardExpiry,
  checkCardNumber,
  isSecurityCodeValid,
  type CardBrand,
} from './card';
import { PAYMENT_SUCCESS_CODE } from './payment';

export const SANDBOX_APPROVE_NUMBER = '4111111111111111';
export const SANDBOX_DECLINE_NUMBER = '4000000000000002';
/** The result code a declined card answers with. */
export const DECLINED_RESULT_CODE = 205;

/** The card fields the sandbox judges (the holder's name is only checked for presence). */
export interface SandboxCard {
  readonly number: string;
  readonly expiryMonth: number;
  readonly expiryYear: number;
  readonly securityCode: string;
}

export type SandboxCardField =
  'card.number' | 'card.expiryMonth' | 'card.expiryYear' | 'card.securityCode';

export interface SandboxCardProblem {
  readonly field: SandboxCardField;
  readonly message: string;
}

export type SandboxCardAnswer =
  | { readonly kind: 'invalid'; readonly problems: readonly SandboxCardProblem[] }
  | {
      readonly kind: 'approved' | 'declined';
      readonly resultCode: number;
      readonly brand: CardBrand;
      readonly last4: string;
    };

/**
 * The sandbox's answer to `card` at `now` for a shop that takes `accepted` (from the configuration's
 * card types, card.ts acceptedCardBrands). The security code is judged only once the brand is known.
 */
export const judgeSandboxCard = (
  card: SandboxCard,
  now: number,
  accepted: readonly CardBrand[] = CARD_BRANDS,
): SandboxCardAnswer => {
  const messages = cardMessages(accepted);
  const problems: SandboxCardProblem[] = [];
  const number = checkCardNumber(card.number, accepted);
  if (!number.ok) problems.push({ field: 'card.number', message: messages.number[number.error] });
  const expiry = checkCardExpiry({ month: card.expiryMonth, year: card.expiryYear }, now);
  if (!expiry.ok) {
    problems.push({
      field: expiry.error === 'invalid-month' ? 'card.expiryMonth' : 'card.expiryYear',
      message: messages.expiry[expiry.error],
    });
  }
  if (number.ok && !isSecurityCodeValid(card.securityCode, number.value.brand)) {
    problems.push({ field: 'card.securityCode', message: messages.securityCode });
  }
  if (!number.ok || problems.length > 0) return { kind: 'invalid', problems };
  const { digits, brand, lastFour } = number.value;
  return digits === SANDBOX_DECLINE_NUMBER
    ? { kind: 'declined', resultCode: DECLINED_RESULT_CODE, brand, last4: lastFour }
    : { kind: 'approved', resultCode: PAYMENT_SUCCESS_CODE, brand, last4: lastFour };
};
