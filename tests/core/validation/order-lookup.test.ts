import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeOrderLookup, prepareOrderLookup } from '../../../core/validation/order-lookup';

const ws = fc.stringMatching(/^[ \t\n]{0,3}$/);
const emailArb = fc
  .tuple(fc.stringMatching(/^[a-z0-9]{1,10}$/), fc.stringMatching(/^[a-z]{1,8}\.[a-z]{2,4}$/))
  .map(([l, d]) => `${l}@${d}`);
const orderNumber = fc.stringMatching(/^[A-Z0-9]{1,4}-?[A-Z0-9]{1,10}$/);

describe('order lookup (spec §5: e-mail trimmed and lower-cased, number trimmed and upper-cased)', () => {
  it('normalises any input, idempotently', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (email, number) => {
        const n = normalizeOrderLookup({ email, orderNumber: number });
        expect(n).toEqual({
          email: email.trim().toLowerCase(),
          orderNumber: number.trim().toUpperCase(),
        });
        expect(normalizeOrderLookup(n)).toEqual(n);
      }),
    );
  });

  it('accepts what a shopper types with stray spaces and any case', () => {
    fc.assert(
      fc.property(
        fc.mixedCase(emailArb),
        fc.mixedCase(orderNumber),
        ws,
        ws,
        (email, number, a, b) => {
          const result = prepareOrderLookup({
            email: `${a}${email}${b}`,
            orderNumber: `${b}${number}${a}`,
          });
          expect(result).toEqual({
            ok: true,
            value: { email: email.toLowerCase(), orderNumber: number.toUpperCase() },
          });
        },
      ),
    );
  });

  it('names each failing field', () => {
    const result = prepareOrderLookup({ email: 'not-an-email', orderNumber: '  ' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.map((f) => f.field)).toEqual(['email', 'orderNumber']);
    const bad = prepareOrderLookup({ email: 'a@b.co', orderNumber: 'LV 12<3' });
    expect(bad.ok).toBe(false);
  });
});
