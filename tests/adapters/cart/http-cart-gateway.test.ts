import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as t from 'io-ts';
import { ApiError, type ApiErrorKind } from '../../../adapters/http/api-error';
import { decodeOrThrow } from '../../../adapters/http/decode';
import { HttpCartGateway, toCartError } from '../../../adapters/http/cart/http-cart-gateway';
import { FieldsError } from '../../../core/shared/errors';
import {
  ApplicationStoppedByPreviousDiscountError,
  CartNotFoundError,
  VersionConflictError,
  DiscountCodeNonApplicableError,
  MaxApplicationReachedError,
  DISCOUNT_REFUSAL_CODES,
  DISCOUNT_REFUSAL_REASONS,
  OutOfStockError,
} from '../../../core/cart/errors';

interface Call {
  method: string;
  path: string;
  body?: unknown;
  params?: unknown;
}

const cartJson = (id = 'c1', version = 2, extra: Record<string, unknown> = {}) => ({
  id,
  version,
  currency: 'USD',
  lineItems: [],
  ...extra,
});

/** An ApiClient stand-in: records each call and answers (or fails) as told. */
const recordingApi = (answer: (call: Call) => unknown) => {
  const calls: Call[] = [];
  const handle = <A, O>(call: Call, codec: t.Type<A, O, unknown>): Promise<A> => {
    calls.push(call);
    try {
      const data = answer(call);
      return Promise.resolve(decodeOrThrow(codec, data, `${call.method} ${call.path}`));
    } catch (e) {
      return Promise.reject(e);
    }
  };
  return {
    calls,
    api: {
      get: <A, O>(path: string, codec: t.Type<A, O, unknown>, options: { params?: unknown } = {}) =>
        handle({ method: 'GET', path, params: options.params }, codec),
      post: <A, O>(
        path: string,
        body: unknown,
        codec: t.Type<A, O, unknown>,
        options: { params?: unknown } = {},
      ) => handle({ method: 'POST', path, body, params: options.params }, codec),
      delete: <A, O>(
        path: string,
        codec: t.Type<A, O, unknown>,
        options: { params?: unknown } = {},
      ) => handle({ method: 'DELETE', path, params: options.params }, codec),
    },
  };
};

const apiError = (
  kind: ApiErrorKind,
  status: number,
  errors: Record<string, unknown>[] = [],
): ApiError =>
  new ApiError(kind, 'x', {
    status,
    codes: errors.map((e) => e.code).filter((c): c is string => typeof c === 'string'),
    errors,
  });

describe('HttpCartGateway requests (docs/api.md, Cart)', () => {
  it('sends each call to its path with the version, actions and expand=calculation', async () => {
    const { api, calls } = recordingApi((call) =>
      call.path === '/cart/active'
        ? [cartJson()]
        : call.path === '/cart/sharedcart'
          ? { sharedCartId: 's1' }
          : call.path.startsWith('/cart/sharedcart/')
            ? { id: 's1', currency: 'USD', lineitems: [] }
            : call.path === '/cart/merge'
              ? { data: { FGCart: cartJson('c2') } }
              : cartJson(),
    );
    const gateway = new HttpCartGateway(api);
    await gateway.getActiveCarts();
    await gateway.getCart('c 1');
    await gateway.createCart({ currency: 'USD', taxMode: 'Platform', customerEmail: 'a@b.co' });
    await gateway.updateCart('c1', 2, [{ action: 'removeLineItem', lineItemId: 'l1' }]);
    await gateway.applyDiscount('c1', 3, 'SAVE10');
    await gateway.removeDiscount('c1', 4, 'dc-1');
    await gateway.deleteCart('c1', 5);
    await gateway.shareCart('c1');
    await gateway.getSharedCart('s1');
    await gateway.getSharedCart('s1', 'CAD');
    const merged = await gateway.mergeGuestCart('guest-1');
    expect(merged.id).toBe('c2');
    const calculation = { expand: 'calculation' };
    expect(calls).toEqual([
      { method: 'GET', path: '/cart/active', params: calculation },
      { method: 'GET', path: '/cart/c%201', params: calculation },
      {
        method: 'POST',
        path: '/cart/create',
        body: { currency: 'USD', taxMode: 'Platform', customerEmail: 'a@b.co' },
        params: undefined,
      },
      {
        method: 'POST',
        path: '/cart/items',
        body: { version: 2, actions: [{ action: 'removeLineItem', lineItemId: 'l1' }] },
        params: { cartId: 'c1', ...calculation },
      },
      {
        method: 'POST',
        path: '/cart/discount',
        body: { version: 3, code: 'SAVE10' },
        params: { cartId: 'c1', ...calculation },
      },
      {
        method: 'POST',
        path: '/cart/discount',
        body: { version: 4, removeDiscountCodeId: 'dc-1' },
        params: { cartId: 'c1', ...calculation },
      },
      { method: 'DELETE', path: '/cart/c1', params: { 'cart-versionId': 5 } },
      { method: 'POST', path: '/cart/sharedcart', body: { cartId: 'c1' }, params: undefined },
      { method: 'GET', path: '/cart/sharedcart/s1', params: undefined },
      { method: 'GET', path: '/cart/sharedcart/s1', params: { currency: 'CAD' } },
      {
        method: 'POST',
        path: '/cart/merge',
        body: { anonymousId: 'guest-1' },
        params: calculation,
      },
    ]);
  });

  it('gives active carts that name no cartType the configured one, and keeps the others', async () => {
    const { api } = recordingApi(() => [cartJson('a'), cartJson('b', 1, { cartType: 'Quote' })]);
    const carts = await new HttpCartGateway(api, {
      defaultCartType: 'Storefront',
    }).getActiveCarts();
    expect(carts.map((c) => c.cartType)).toEqual(['Storefront', 'Quote']);
  });
});

describe('HttpCartGateway failures become the typed cart errors', () => {
  it('409 ConcurrentModification carries the server’s current version', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), async (current) => {
        const { api } = recordingApi(() => {
          throw apiError('conflict', 409, [
            { code: 'ConcurrentModification', currentVersion: current },
          ]);
        });
        const error = await new HttpCartGateway(api)
          .updateCart('c1', 1, [])
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(VersionConflictError);
        expect((error as VersionConflictError).currentVersion).toBe(current);
      }),
      { numRuns: 25 },
    );
  });

  it('maps each discount code error with the code the shopper typed', async () => {
    const cases = [
      ['DiscountCodeNonApplicable', DiscountCodeNonApplicableError],
      ['MaxApplicationReached', MaxApplicationReachedError],
      ['ApplicationStoppedByPreviousDiscount', ApplicationStoppedByPreviousDiscountError],
    ] as const;
    for (const [code, type] of cases) {
      const { api } = recordingApi(() => {
        throw apiError('badRequest', 400, [{ code }]);
      });
      const error = await new HttpCartGateway(api)
        .applyDiscount('c1', 1, 'SAVE10')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(type);
      expect((error as { discountCode: string }).discountCode).toBe('SAVE10');
    }
  });

  it('carries the reason of a refused code, and drops one that is not its code’s', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DISCOUNT_REFUSAL_REASONS),
        fc.constantFrom(...DISCOUNT_REFUSAL_REASONS),
        fc.option(fc.nat(1_000_000), { nil: undefined }),
        (reason, other, minimumCents) => {
          const code = DISCOUNT_REFUSAL_CODES[reason];
          const error = toCartError(
            apiError('badRequest', 400, [
              {
                code,
                reason,
                discountCode: 'SAVE10',
                ...(minimumCents === undefined ? {} : { minimumCents }),
              },
            ]),
            { discountCode: 'save10' },
          );
          expect(error).toMatchObject({ code, reason, discountCode: 'SAVE10' });
          if (code === 'DiscountCodeNonApplicable') {
            expect((error as DiscountCodeNonApplicableError).minimumCents).toBe(minimumCents);
          }
          // A reason that belongs to another code is not believed.
          const mismatched = toCartError(apiError('badRequest', 400, [{ code, reason: other }]), {
            discountCode: ' save10 ',
          });
          expect(mismatched).toMatchObject({
            code,
            reason: DISCOUNT_REFUSAL_CODES[other] === code ? other : null,
            discountCode: 'SAVE10',
          });
        },
      ),
    );
  });

  it('400 OutOfStock names the SKUs; 404 is a missing cart', () => {
    const out = toCartError(
      apiError('badRequest', 400, [
        { code: 'OutOfStock', sku: 'K-1' },
        { code: 'OutOfStock', sku: 'K-2' },
      ]),
    );
    expect(out).toBeInstanceOf(OutOfStockError);
    expect((out as OutOfStockError).skus).toEqual(['K-1', 'K-2']);
    const missing = toCartError(apiError('notFound', 404), { cartId: 'c7' });
    expect(missing).toBeInstanceOf(CartNotFoundError);
    expect((missing as CartNotFoundError).cartId).toBe('c7');
  });

  it("any other 400 is core's FieldsError naming the fields, never the ApiError", () => {
    const refused = toCartError(
      apiError('badRequest', 400, [
        { code: 'InvalidField', field: 'actions[0].quantity', message: 'must be at least 0' },
      ]),
    );
    expect(refused).toBeInstanceOf(FieldsError);
    expect((refused as FieldsError).problems).toEqual([
      { field: 'actions[0].quantity', code: 'InvalidField', message: 'must be at least 0' },
    ]);
    expect(toCartError(apiError('badRequest', 400))).toBeInstanceOf(FieldsError);
  });

  it('leaves every other failure as the ApiError it was', () => {
    for (const [kind, status] of [
      ['server', 500],
      ['authentication', 401],
      ['network', 0],
    ] as const) {
      const original = apiError(kind, status);
      expect(toCartError(original)).toBe(original);
    }
  });
});
