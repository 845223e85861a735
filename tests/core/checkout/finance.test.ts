import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildFinanceApplication,
  FINANCE_PLAN_MONTHS,
  FINANCE_PLAN_OPTION,
  financeOrderTotalCents,
  isFinanceEligible,
  parseFinanceReturn,
  type FinanceApplicationInput,
  type FinanceCart,
} from '../../../core/checkout/finance';

const line = fc.record({
  name: fc.stringMatching(/^[A-Z][a-z]{2,10}( [A-Z][a-z]{2,8}){0,2}$/),
  quantity: fc.integer({ min: 1, max: 5 }),
  unitPriceCents: fc.integer({ min: 0, max: 200_000 }),
});

const cartArb = (shipping: boolean): fc.Arbitrary<FinanceCart> =>
  fc.record({
    cartId: fc.uuid(),
    version: fc.integer({ min: 1, max: 500 }),
    lines: fc.array(line, { minLength: 1, maxLength: 6 }),
    taxCents: fc.integer({ min: 0, max: 100_000 }),
    shippingCents: shipping ? fc.integer({ min: 0, max: 20_000 }) : fc.constant(0),
  });

const eligibleCart = cartArb(true).filter((c) => {
  const t = financeOrderTotalCents(c);
  return t >= 35_000 && t <= 1_500_000;
});

const phone = fc
  .stringMatching(/^\d{3} \d{3} \d{4}$/)
  .chain((p) => fc.constantFrom(p, ` ${p}`, `(${p.slice(0, 3)}) ${p.slice(4)}`));

const inputArb = (cart: fc.Arbitrary<FinanceCart>): fc.Arbitrary<FinanceApplicationInput> =>
  fc.record({
    cart,
    applicant: fc.record({
      firstName: fc.constantFrom('Ada', ' Grace ', 'Zoë'),
      lastName: fc.constantFrom('Lovelace', 'Hopper '),
      email: fc.constantFrom('Ada@Example.COM', ' grace@lavabo.test '),
      phone,
    }),
    financePlanId: fc.constantFrom('plan-12m', 'F1234'),
    depositPercentage: fc.integer({ min: 0, max: 100 }),
    urls: fc.constant({
      merchantRedirectUrl: 'https://shop.test/en/checkout?paydiv=success',
      merchantCheckoutUrl: 'https://shop.test/en/checkout',
    }),
    paymentSource: fc.constant('finance'),
  });

describe('finance eligibility (spec §5, §9: 350 to 15000 inclusive)', () => {
  it('is eligible exactly from $350 to $15,000', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3_000_000 }), (cents) => {
        expect(isFinanceEligible(cents)).toBe(cents >= 35_000 && cents <= 1_500_000);
      }),
    );
    expect(FINANCE_PLAN_MONTHS).toBe(12);
  });

  it('refuses carts whose total is outside the range, saying the total', () => {
    fc.assert(
      fc.property(
        inputArb(
          cartArb(true).filter((c) => {
            const t = financeOrderTotalCents(c);
            return t < 35_000 || t > 1_500_000;
          }),
        ),
        (input) => {
          expect(buildFinanceApplication(input)).toEqual({
            ok: false,
            error: { kind: 'ineligible-amount', totalCents: financeOrderTotalCents(input.cart) },
          });
        },
      ),
    );
  });
});

describe('finance application request (spec §7)', () => {
  it('lists each line at its unit price in cents, then a tax line, and adds up to the total', () => {
    fc.assert(
      fc.property(inputArb(eligibleCart), (input) => {
        const result = buildFinanceApplication(input);
        if (!result.ok) throw new Error(JSON.stringify(result.error));
        const items = result.value.order_items;
        const { cart } = input;
        const shipping = (cart.shippingCents ?? 0) > 0 ? 1 : 0;
        expect(items).toHaveLength(cart.lines.length + 1 + shipping);
        cart.lines.forEach((l, i) => {
          expect(items[i]).toEqual({ name: l.name, quantity: l.quantity, price: l.unitPriceCents });
        });
        expect(items[cart.lines.length]).toEqual({
          name: 'Tax',
          quantity: 1,
          price: cart.taxCents,
        });
        const sum = items.reduce((s, it) => s + it.price * it.quantity, 0);
        expect(sum).toBe(financeOrderTotalCents(cart));
        items.forEach((it) => {
          expect(Number.isInteger(it.price)).toBe(true);
        });
      }),
    );
  });

  it('carries the plan, deposit, applicant, urls and metadata the spec names', () => {
    fc.assert(
      fc.property(inputArb(eligibleCart), (input) => {
        const result = buildFinanceApplication(input);
        if (!result.ok) throw new Error(JSON.stringify(result.error));
        const r = result.value;
        expect(r.finance_plan_id).toBe(input.financePlanId);
        expect(r.deposit_percentage).toBe(input.depositPercentage);
        expect(r.applicants).toEqual([
          {
            firstName: input.applicant.firstName.trim(),
            lastName: input.applicant.lastName.trim(),
            email: input.applicant.email.trim().toLowerCase(),
            phoneNumber: input.applicant.phone.replace(/\s/g, ''),
          },
        ]);
        expect(r.applicants[0]?.phoneNumber).not.toMatch(/\s/);
        expect(r.urls).toEqual({
          merchant_redirect_url: input.urls.merchantRedirectUrl,
          merchant_checkout_url: input.urls.merchantCheckoutUrl,
        });
        expect(r.metadata).toEqual({
          cartId: input.cart.cartId,
          version: input.cart.version,
          paymentSource: 'finance',
          planOption: FINANCE_PLAN_OPTION,
        });
        expect(r.metadata.planOption).toBe('12 months');
      }),
    );
  });

  it('refuses a deposit that is not a whole percentage from 0 to 100, or not a configured step', () => {
    fc.assert(
      fc.property(
        inputArb(eligibleCart),
        fc.oneof(fc.integer({ min: 101 }), fc.integer({ max: -1 }), fc.double({ noInteger: true })),
        (input, deposit) => {
          const result = buildFinanceApplication({ ...input, depositPercentage: deposit });
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.error.kind).toBe('invalid-deposit');
        },
      ),
    );
    fc.assert(
      fc.property(inputArb(eligibleCart), (input) => {
        const steps = [0, 10, 25, 50];
        const result = buildFinanceApplication(input, { allowedDepositSteps: steps });
        expect(result.ok).toBe(steps.includes(input.depositPercentage));
      }),
    );
  });

  it('names what is wrong with the cart, the applicant or the urls', () => {
    fc.assert(
      fc.property(inputArb(eligibleCart), (input) => {
        const kind = (i: FinanceApplicationInput): string | undefined => {
          const r = buildFinanceApplication(i);
          return r.ok ? undefined : r.error.kind;
        };
        expect(kind({ ...input, cart: { ...input.cart, lines: [] } })).toBe('empty-cart');
        const badLines = [...input.cart.lines, { name: 'x', quantity: 0, unitPriceCents: 100 }];
        expect(kind({ ...input, cart: { ...input.cart, lines: badLines } })).toBe('invalid-line');
        expect(kind({ ...input, cart: { ...input.cart, taxCents: -1 } })).toBe('invalid-cart');
        expect(kind({ ...input, applicant: { ...input.applicant, phone: '123' } })).toBe(
          'invalid-applicant',
        );
        expect(kind({ ...input, applicant: { ...input.applicant, email: '.a@b.c' } })).toBe(
          'invalid-applicant',
        );
        expect(
          kind({ ...input, urls: { ...input.urls, merchantRedirectUrl: 'javascript:alert(1)' } }),
        ).toBe('invalid-url');
        expect(
          kind({ ...input, urls: { ...input.urls, merchantCheckoutUrl: '/en/checkout' } }),
        ).toBe('invalid-url');
        expect(kind({ ...input, financePlanId: ' ' })).toBe('invalid-plan');
      }),
      { numRuns: 50 },
    );
  });

  it('adds a shipping line only when shipping costs something', () => {
    fc.assert(
      fc.property(inputArb(eligibleCart), (input) => {
        const r = buildFinanceApplication(input);
        if (!r.ok) throw new Error('expected a request');
        const hasShipping = r.value.order_items.some((i) => i.name === 'Shipping');
        expect(hasShipping).toBe((input.cart.shippingCents ?? 0) > 0);
      }),
    );
  });
});

describe('return from the finance flow (spec §2, §4: paydiv=success|failure)', () => {
  it('reads success and failure in any case, and nothing else', () => {
    fc.assert(
      fc.property(fc.mixedCase(fc.constantFrom('success', 'failure')), (v) => {
        expect(parseFinanceReturn(` ${v} `)).toBe(v.toLowerCase());
      }),
    );
    fc.assert(
      fc.property(
        fc.string().filter((s) => !['success', 'failure'].includes(s.trim().toLowerCase())),
        (v) => {
          expect(parseFinanceReturn(v)).toBeNull();
        },
      ),
    );
    expect(parseFinanceReturn(null)).toBeNull();
  });
});
