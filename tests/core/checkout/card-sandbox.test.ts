/**
 * The card sandbox's answer (core/checkout/card-sandbox.ts), the one the server and the demo's fake
 * both give: the pinned approve and decline cards, the brand's security code length, the accepted
 * brands, and a problem for exactly the fields that are wrong.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARD_BRANDS,
  checkCardExpiry,
  checkCardNumber,
  securityCodeLength,
  type CardBrand,
} from '../../../core/checkout/card';
import {
  DECLINED_RESULT_CODE,
  judgeSandboxCard,
  SANDBOX_APPROVE_NUMBER,
  SANDBOX_DECLINE_NUMBER,
} from '../../../core/checkout/card-sandbox';
import { PAYMENT_SUCCESS_CODE } from '../../../core/checkout/payment';
import { brands, CARD_NOW, cards, goodNumber } from './card-arbitraries';

const good = { expiryMonth: 12, expiryYear: 2030, securityCode: '123' };

describe('judgeSandboxCard', () => {
  it('approves 4111 1111 1111 1111 with 870 and declines 4000 0000 0000 0002', () => {
    expect(judgeSandboxCard({ ...good, number: SANDBOX_APPROVE_NUMBER }, CARD_NOW)).toEqual({
      kind: 'approved',
      resultCode: PAYMENT_SUCCESS_CODE,
      brand: 'visa',
      last4: '1111',
    });
    expect(judgeSandboxCard({ ...good, number: '4000 0000 0000 0002' }, CARD_NOW)).toEqual({
      kind: 'declined',
      resultCode: DECLINED_RESULT_CODE,
      brand: 'visa',
      last4: '0002',
    });
  });

  it('takes a good card of any accepted brand only with that brand’s code length', () => {
    fc.assert(
      fc.property(
        brands.chain((b) => goodNumber(b).map((n) => [b, n] as const)),
        fc.constantFrom(3, 4),
        ([brand, number], length) => {
          fc.pre(number !== SANDBOX_DECLINE_NUMBER);
          const answer = judgeSandboxCard(
            { ...good, number, securityCode: '7'.repeat(length) },
            CARD_NOW,
          );
          if (length === securityCodeLength(brand)) {
            expect(answer).toEqual({
              kind: 'approved',
              resultCode: PAYMENT_SUCCESS_CODE,
              brand,
              last4: number.slice(-4),
            });
          } else {
            expect(answer).toEqual({
              kind: 'invalid',
              problems: [{ field: 'card.securityCode', message: expect.any(String) as string }],
            });
          }
        },
      ),
    );
  });

  it('refuses a brand the configuration does not take, naming the brands it does', () => {
    fc.assert(
      fc.property(
        fc.subarray([...CARD_BRANDS]),
        brands.chain((b) => goodNumber(b).map((n) => [b, n] as const)),
        (accepted: CardBrand[], [brand, number]) => {
          fc.pre(number !== SANDBOX_DECLINE_NUMBER);
          const code = '7'.repeat(securityCodeLength(brand));
          const answer = judgeSandboxCard(
            { ...good, number, securityCode: code },
            CARD_NOW,
            accepted,
          );
          expect(answer.kind).toBe(accepted.includes(brand) ? 'approved' : 'invalid');
          if (answer.kind === 'invalid') {
            expect(answer.problems.map((p) => p.field)).toEqual(['card.number']);
          }
        },
      ),
    );
  });

  it('names exactly the fields card.ts’s rules refuse, and approves only when there are none', () => {
    fc.assert(
      fc.property(cards, (card) => {
        const number = checkCardNumber(card.number);
        const expiry = checkCardExpiry(
          { month: card.expiryMonth, year: card.expiryYear },
          CARD_NOW,
        );
        const answer = judgeSandboxCard(card, CARD_NOW);
        const fields = answer.kind === 'invalid' ? answer.problems.map((p) => p.field) : [];
        expect(fields.includes('card.number')).toBe(!number.ok);
        expect(fields.some((f) => f.startsWith('card.expiry'))).toBe(!expiry.ok);
        if (!number.ok) expect(fields).not.toContain('card.securityCode');
        expect(answer.kind === 'invalid').toBe(fields.length > 0 || !number.ok);
      }),
    );
  });
});
