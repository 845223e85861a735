import fc from 'fast-check';
import { isRight } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import {
  CartCodec,
  CartLineItemCodec,
  MergeAnswerCodec,
  SharedCartCodec,
} from '../../../adapters/http/cart/cart.codec';
import { cartArb } from '../../core/cart/arbitraries';

const decode = <A>(codec: { decode: (u: unknown) => unknown }, u: unknown): A => {
  const result = codec.decode(u) as Parameters<typeof isRight>[0];
  if (!isRight(result)) throw new Error('did not decode');
  return result.right as A;
};

const wireLine = {
  id: 'l1',
  sku: 'K-4120-BL',
  quantity: 2,
  addedAt: '2026-01-10T10:00:00.000Z',
  productSlug: { 'en-US': 'purist-faucet' },
  name: { 'en-US': 'Purist faucet' },
  price: { value: 25_000, discountedValue: 20_000 },
};

describe('cart codec', () => {
  it('decodes any cart the domain can hold, as JSON carries it, to the same cart', () => {
    fc.assert(
      fc.property(cartArb(), (cart) => {
        const wire: unknown = JSON.parse(JSON.stringify(cart));
        expect(decode(CartCodec, wire)).toEqual(cart);
      }),
      { numRuns: 150 },
    );
  });

  it('fills what the wire leaves out: flags false, lists empty, amounts 0', () => {
    const cart = decode<ReturnType<typeof CartCodec.decode>>(CartCodec, {
      id: 'c1',
      version: 3,
      currency: 'USD',
      lineItems: [wireLine],
    });
    expect(cart).toEqual({
      id: 'c1',
      version: 3,
      currency: 'USD',
      lineItems: [
        {
          ...wireLine,
          discounts: [],
          backorderable: false,
          noShipping: false,
          isService: false,
          isComboSku: false,
        },
      ],
      totalTax: 0,
      discountCodes: [],
      shippingCost: 0,
      freightDiscount: 0,
    });
  });

  it("reads the spec's qty when quantity is absent, and treats null fields as absent", () => {
    const { quantity: _q, ...noQuantity } = wireLine;
    const line = decode<{ quantity: number; color?: string }>(CartLineItemCodec, {
      ...noQuantity,
      qty: 4,
      color: null,
      image: null,
    });
    expect(line.quantity).toBe(4);
    expect('color' in line).toBe(false);
  });

  it('reads the shipping method the cart ships by, and refuses one it does not know', () => {
    for (const methodId of ['standard', 'expedited', 'freight'] as const) {
      const cart = decode<{ shippingMethodId?: string }>(CartCodec, {
        id: 'c1',
        version: 1,
        currency: 'USD',
        lineItems: [],
        shippingMethodId: methodId,
      });
      expect(cart.shippingMethodId).toBe(methodId);
    }
    const absent = decode<object>(CartCodec, {
      id: 'c1',
      version: 1,
      currency: 'USD',
      lineItems: [],
    });
    expect('shippingMethodId' in absent).toBe(false);
    const result = CartCodec.decode({
      id: 'c1',
      version: 1,
      currency: 'USD',
      lineItems: [],
      shippingMethodId: 'drone',
    });
    expect(isRight(result)).toBe(false);
    if (result._tag === 'Left') {
      const paths = result.left.map((e) => e.context.map((c) => c.key).join('.'));
      expect(paths.some((p) => p.includes('shippingMethodId'))).toBe(true);
    }
  });

  it('refuses a cart whose money is not whole cents, naming the field', () => {
    const result = CartCodec.decode({
      id: 'c1',
      version: 1,
      currency: 'USD',
      lineItems: [{ ...wireLine, price: { value: 12.5 } }],
    });
    expect(isRight(result)).toBe(false);
    if (result._tag === 'Left') {
      const paths = result.left.map((e) => e.context.map((c) => c.key).join('.'));
      expect(paths.some((p) => p.includes('lineItems') && p.includes('price'))).toBe(true);
    }
  });

  it('maps a shared cart’s lowercase lineitems to lineItems', () => {
    const shared = decode<{ lineItems: unknown[] }>(SharedCartCodec, {
      id: 's1',
      currency: 'USD',
      lineitems: [wireLine],
    });
    expect(shared.lineItems).toHaveLength(1);
    expect(isRight(SharedCartCodec.decode({ id: 's1', currency: 'USD' }))).toBe(false);
  });

  it('reads the merged cart from data.FGCart', () => {
    const answer = decode<{ data: { FGCart: { id: string } } }>(MergeAnswerCodec, {
      data: { FGCart: { id: 'c9', version: 2, currency: 'USD', lineItems: [] } },
    });
    expect(answer.data.FGCart.id).toBe('c9');
  });
});
