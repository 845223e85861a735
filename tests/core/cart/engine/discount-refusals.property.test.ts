/**
 * Issue 12 item 6: a refused code says why. Each refusal reason of applyDiscountCode, over the
 * inputs that lead to it (any casing and spacing of a code, any time around an offer's window, any
 * cart under a minimum…), with the wire code that reason belongs to; the core error a refusal
 * becomes keeps the reason; choosing expedited shipping takes exactly the shipping codes off, and
 * codesDroppedByExpedited names them for the shopper.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cart } from '../../../../core/cart/cart';
import { codesDroppedByExpedited } from '../../../../core/cart/dropped-codes';
import {
  applyDiscountCode,
  setShippingMethod,
  updateCart,
  type DiscountEnv,
} from '../../../../core/cart/engine/engine';
import {
  MAX_DISCOUNT_CODES,
  type CartState,
  type DiscountDefinition,
  type EngineResult,
  type ItemFacts,
  type StateLine,
} from '../../../../core/cart/engine/model';
import { FREE_SHIPPING_FROM_CENTS } from '../../../../core/cart/engine/pricing';
import { PROMOTIONS } from '../../../../core/cart/engine/promotions';
import { cartErrorOf } from '../../../../core/cart/engine/refusals';
import {
  DISCOUNT_REFUSAL_CODES,
  DISCOUNT_REFUSAL_REASONS,
  DiscountCodeNonApplicableError,
  MaxApplicationReachedError,
  type DiscountRefusalReason,
} from '../../../../core/cart/errors';
import { itemFacts } from './item-facts';

const NOW = '2026-03-01T12:00:00.000Z';

const code = (
  id: string,
  over: Partial<DiscountDefinition> & Pick<DiscountDefinition, 'code'>,
): DiscountDefinition => ({
  id,
  name: id,
  target: 'lineItems',
  valueType: 'relative',
  value: 10,
  department: null,
  minSubtotalCents: 0,
  stopOthers: false,
  maxPerOwner: null,
  validFrom: null,
  validUntil: null,
  sortOrder: 10,
  ...over,
});

const SAVE = code('save', { code: 'SAVE10' });
const KITCHEN = code('kitchen', { code: 'KITCHEN15', department: 'kitchen', value: 15 });
const WELCOME = code('welcome', {
  code: 'WELCOME20',
  valueType: 'absolute',
  value: 2000,
  minSubtotalCents: 20_000,
});
const SHIP = code('ship', { code: 'FREESHIP', target: 'shipping', value: 100 });
const VIP = code('vip', { code: 'VIP25', stopOthers: true, value: 25 });
const ONCE = code('once', { code: 'ONETIME5', valueType: 'absolute', value: 500, maxPerOwner: 1 });
const EXTRA = [1, 2, 3, 4, 5].map((n) => code(`extra-${n}`, { code: `EXTRA${n}`, value: 1 }));
const DISCOUNTS: readonly DiscountDefinition[] = [
  SAVE,
  KITCHEN,
  WELCOME,
  SHIP,
  VIP,
  ONCE,
  ...EXTRA,
];

const catalogue = new Map<string, ItemFacts>([
  ['BATH', itemFacts('BATH', { listCents: 5_000 })],
  ['KITCHEN', itemFacts('KITCHEN', { listCents: 5_000, department: 'kitchen' })],
  ['SERVICE', itemFacts('SERVICE', { listCents: 5_000, kind: 'install-service' })],
]);

const env = (over: Partial<DiscountEnv> = {}): DiscountEnv => ({
  catalogue,
  discounts: DISCOUNTS,
  now: NOW,
  newId: () => 'line-new',
  redemptions: new Map(),
  ...over,
});

const line = (sku: string, quantity = 1): StateLine => ({ id: sku, sku, quantity, addedAt: NOW });

const cartOf = (lines: readonly StateLine[], codes: readonly string[] = []): CartState => ({
  id: 'cart',
  version: 3,
  currency: 'USD',
  cartType: 'FG',
  lines,
  discountCodeIds: codes,
});

const BATH_CART = cartOf([line('BATH')]);

/** The reason of a refusal (and that its wire code is the reason's own), or 'applied'. */
const outcome = (result: EngineResult<CartState>): DiscountRefusalReason | 'applied' => {
  if (result.ok) return 'applied';
  if (result.error.kind !== 'discount')
    throw new Error(`not a discount refusal: ${result.error.kind}`);
  expect(result.error.code).toBe(DISCOUNT_REFUSAL_CODES[result.error.reason]);
  return result.error.reason;
};

const apply = (state: CartState, typed: string, over: Partial<DiscountEnv> = {}) =>
  applyDiscountCode(state, state.version, typed, env(over));

/** Any casing of `text`, with any spaces around it. */
const anyCasing = (text: string): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.array(fc.boolean(), { minLength: text.length, maxLength: text.length }),
      fc.constantFrom('', ' ', '  ', '\t'),
      fc.constantFrom('', ' ', '  '),
    )
    .map(
      ([upper, before, after]) =>
        before +
        [...text].map((c, i) => (upper[i] === true ? c.toUpperCase() : c.toLowerCase())).join('') +
        after,
    );

const KNOWN = new Set(DISCOUNTS.map((d) => d.code));

describe('each refusal reason belongs to one pinned wire code', () => {
  it('maps every reason to DiscountCodeNonApplicable, MaxApplicationReached or ApplicationStoppedByPreviousDiscount', () => {
    for (const reason of DISCOUNT_REFUSAL_REASONS) {
      expect([
        'DiscountCodeNonApplicable',
        'MaxApplicationReached',
        'ApplicationStoppedByPreviousDiscount',
      ]).toContain(DISCOUNT_REFUSAL_CODES[reason]);
    }
  });
});

describe('applyDiscountCode says why it refuses', () => {
  it('UnknownCode for any text that is no code, naming it as typed (trimmed, upper case)', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }).filter((s) => !KNOWN.has(s.trim().toUpperCase())),
        (typed) => {
          const result = apply(BATH_CART, typed);
          expect(outcome(result)).toBe('UnknownCode');
          expect(!result.ok && result.error).toMatchObject({
            discountCode: typed.trim().toUpperCase(),
          });
        },
      ),
    );
  });

  it('AlreadyApplied for any casing and spacing of a code on the cart (not "used up")', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(SAVE, KITCHEN, SHIP)
          .chain((d) => fc.tuple(fc.constant(d), anyCasing(d.code ?? ''))),
        ([d, typed]) => {
          const cart = cartOf([line('BATH'), line('KITCHEN')], [d.id]);
          const result = apply(cart, typed);
          expect(outcome(result)).toBe('AlreadyApplied');
          expect(!result.ok && result.error).toMatchObject({ discountCode: d.code });
        },
      ),
    );
  });

  it('any casing of a code that applies is applied', () => {
    fc.assert(
      fc.property(anyCasing('SAVE10'), (typed) => {
        expect(outcome(apply(BATH_CART, typed))).toBe('applied');
      }),
    );
  });

  it('Ended after its offer, NotStarted before it, applied during it', () => {
    const day = 86_400_000;
    fc.assert(
      fc.property(
        fc.integer({ min: -400, max: 400 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: -500, max: 500 }),
        (startDay, lengthDays, nowDay) => {
          const base = Date.parse(NOW);
          const from = base + startDay * day;
          const until = from + lengthDays * day;
          const now = base + nowDay * day;
          const timed = code('timed', {
            code: 'TIMED',
            validFrom: new Date(from).toISOString(),
            validUntil: new Date(until).toISOString(),
          });
          const result = apply(BATH_CART, 'timed', {
            discounts: [timed],
            now: new Date(now).toISOString(),
          });
          const want = now < from ? 'NotStarted' : now > until ? 'Ended' : 'applied';
          expect(outcome(result)).toBe(want);
        },
      ),
    );
  });

  it("the shop's SPRING2020 has ended", () => {
    expect(outcome(apply(BATH_CART, 'spring2020', { discounts: PROMOTIONS }))).toBe('Ended');
  });

  it('UsageLimitReached once the shopper used it as often as it allows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), (used) => {
        const result = apply(BATH_CART, 'ONETIME5', { redemptions: new Map([['once', used]]) });
        expect(outcome(result)).toBe(used >= 1 ? 'UsageLimitReached' : 'applied');
      }),
    );
  });

  it('TooManyCodes for one past the most a cart takes', () => {
    const full = cartOf(
      [line('BATH', 10)],
      EXTRA.slice(0, MAX_DISCOUNT_CODES).map((d) => d.id),
    );
    expect(MAX_DISCOUNT_CODES).toBe(EXTRA.length);
    expect(outcome(apply(full, 'SAVE10'))).toBe('TooManyCodes');
  });

  it('NotCombinable either way round', () => {
    expect(outcome(apply(cartOf([line('BATH')], ['save']), 'VIP25'))).toBe('NotCombinable');
    expect(outcome(apply(cartOf([line('BATH')], ['vip']), 'SAVE10'))).toBe('NotCombinable');
  });

  it('NoEligibleItems when no line is one it takes money off', () => {
    fc.assert(
      fc.property(
        fc.subarray(['BATH', 'SERVICE'], { minLength: 1 }),
        fc.integer({ min: 1, max: 9 }),
        (skus, quantity) => {
          const cart = cartOf(skus.map((s) => line(s, quantity)));
          expect(outcome(apply(cart, 'KITCHEN15'))).toBe('NoEligibleItems');
        },
      ),
    );
    expect(outcome(apply(cartOf([line('KITCHEN')]), 'KITCHEN15'))).toBe('applied');
  });

  it('MinimumNotMet under the minimum, with the minimum; applied from it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), (quantity) => {
        // $50 a unit: the $200 minimum is met from 4 units.
        const result = apply(cartOf([line('BATH', quantity)]), 'welcome20');
        if (quantity * 5_000 >= WELCOME.minSubtotalCents) {
          expect(outcome(result)).toBe('applied');
        } else {
          expect(outcome(result)).toBe('MinimumNotMet');
          expect(!result.ok && result.error).toMatchObject({ minimumCents: 20_000 });
        }
      }),
    );
  });

  it('NoShippingCharge for a shipping code on a cart that already ships free', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.boolean(), (quantity, service) => {
        const cart = cartOf([line(service ? 'SERVICE' : 'BATH', quantity)]);
        const free = service || quantity * 5_000 >= FREE_SHIPPING_FROM_CENTS;
        expect(outcome(apply(cart, 'freeship'))).toBe(free ? 'NoShippingCharge' : 'applied');
      }),
    );
  });

  it('ExpeditedShipping for a shipping code while the cart ships expedited', () => {
    const cart = { ...cartOf([line('BATH')]), shippingMethodId: 'expedited' as const };
    expect(outcome(apply(cart, 'FREESHIP'))).toBe('ExpeditedShipping');
  });

  it('a refusal leaves the cart as it was and becomes a core error with the same reason', () => {
    const cart = cartOf([line('BATH')], ['save']);
    const result = apply(cart, ' Save10 ');
    if (result.ok || result.error.kind !== 'discount') throw new Error('refused');
    const error = cartErrorOf(result.error);
    expect(error).toBeInstanceOf(MaxApplicationReachedError);
    expect(error).toMatchObject({ reason: 'AlreadyApplied', discountCode: 'SAVE10' });
    const minimum = apply(BATH_CART, 'WELCOME20');
    if (minimum.ok) throw new Error('refused');
    expect(cartErrorOf(minimum.error)).toEqual(
      new DiscountCodeNonApplicableError('WELCOME20', {
        reason: 'MinimumNotMet',
        minimumCents: 20_000,
      }),
    );
  });
});

describe('choosing expedited shipping takes the shipping codes off', () => {
  const codesArb = fc.subarray(['save', 'kitchen', 'ship']);

  it('by either route, exactly the shipping codes, and only for expedited', () => {
    fc.assert(
      fc.property(
        codesArb,
        fc.constantFrom('standard', 'expedited') as fc.Arbitrary<'standard' | 'expedited'>,
        fc.boolean(),
        (codes, methodId, viaUpdate) => {
          const cart = cartOf([line('BATH'), line('KITCHEN')], codes);
          const result = viaUpdate
            ? updateCart(cart, cart.version, [{ action: 'setShippingMethod', methodId }], env())
            : setShippingMethod(cart, cart.version, methodId, env());
          if (!result.ok) throw new Error('offered');
          const want = methodId === 'expedited' ? codes.filter((c) => c !== 'ship') : codes;
          expect(result.value.discountCodeIds).toEqual(want);
        },
      ),
    );
  });

  it('codesDroppedByExpedited names the codes the change took off, for the shopper', () => {
    const before: Cart = {
      id: 'c',
      version: 1,
      currency: 'USD',
      lineItems: [],
      totalTax: 0,
      shippingCost: 1495,
      freightDiscount: 0,
      shippingMethodId: 'standard',
      discountCodes: [
        { id: 'ship', code: 'FREESHIP', target: 'shipping', shippingDiscount: 1495 },
        { id: 'save', code: 'SAVE10', target: 'lineItems', shippingDiscount: 0 },
      ],
    };
    const after: Cart = {
      ...before,
      version: 2,
      shippingMethodId: 'expedited',
      discountCodes: [{ id: 'save', code: 'SAVE10', target: 'lineItems', shippingDiscount: 0 }],
    };
    expect(codesDroppedByExpedited(before, after)).toEqual(['FREESHIP']);
    expect(codesDroppedByExpedited(before, { ...after, shippingMethodId: 'standard' })).toEqual([]);
    expect(codesDroppedByExpedited(null, after)).toEqual([]);
    expect(codesDroppedByExpedited({ ...before, id: 'other' }, after)).toEqual([]);
  });
});
