/**
 * The card sandbox (ARCHITECTURE.md, pinned) as the payment route uses it: core's judge
 * (core/checkout/card-sandbox.ts — the same one the offline demo's fake uses, so the two cannot
 * drift) for the card types the shop takes, with each bad field turned into the route's 400. Only
 * the brand and last four digits leave here.
 */
import { acceptedCardBrands, judgeSandboxCard, type CardBrand } from '../../core/checkout';
import { FieldProblems } from '../http/input';
import type { CardInput } from './parse';

export {
  DECLINED_RESULT_CODE,
  SANDBOX_APPROVE_NUMBER,
  SANDBOX_DECLINE_NUMBER,
} from '../../core/checkout';

/** The card types the shop takes: served in the configuration's lists and enforced on payment. */
export const ACCEPTED_CARD_TYPES: readonly string[] = [
  'Visa',
  'Mastercard',
  'American Express',
  'Discover',
];
const ACCEPTED = acceptedCardBrands(ACCEPTED_CARD_TYPES);

export interface CardAuthorisation {
  readonly approved: boolean;
  readonly resultCode: number;
  readonly brand: CardBrand;
  readonly last4: string;
}

/** Checks the card's fields (400 naming each bad one) and answers as the sandbox issuer. */
export const authoriseCard = (card: CardInput, now: number): CardAuthorisation => {
  const answer = judgeSandboxCard(card, now, ACCEPTED);
  if (answer.kind === 'invalid') {
    const problems = new FieldProblems();
    for (const { field, message } of answer.problems) problems.add(field, message);
    problems.check();
    throw new Error('unreachable: an invalid card names at least one field');
  }
  const { resultCode, brand, last4 } = answer;
  return { approved: answer.kind === 'approved', resultCode, brand, last4 };
};
