/**
 * "409 → current version" is read in one place (staleVersionOf) and every versioned HTTP gateway —
 * cart, checkout, shopping lists, profile and address book — turns a stale version into core's one
 * VersionConflictError, naming what was stale and carrying the server's current version.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpAddressBookGateway } from '../../adapters/http/account/http-address-book-gateway';
import {
  ApiError,
  kindForStatus,
  staleVersionOf,
  UNKNOWN_VERSION,
} from '../../adapters/http/api-error';
import { HttpCartGateway } from '../../adapters/http/cart/http-cart-gateway';
import { HttpCheckoutGateway } from '../../adapters/http/checkout/http-checkout-gateway';
import { HttpShoppingListGateway } from '../../adapters/http/lists/http-shopping-list-gateway';
import { VersionConflictError, type VersionedResource } from '../../core/shared/errors';

/** An ApiError as toApiError builds it from a JSON error answer. */
const answered = (status: number, errors: Record<string, unknown>[]): ApiError =>
  new ApiError(kindForStatus(status), 'x', {
    status,
    codes: errors.map((e) => e.code).filter((c): c is string => typeof c === 'string'),
    errors,
  });

const stale = (currentVersion: unknown): ApiError =>
  answered(409, [{ code: 'ConcurrentModification', currentVersion }]);

/** An ApiClient stand-in whose every call fails with `error`. */
const failing = (error: unknown) => {
  const fail = () => Promise.reject(error);
  return { get: fail, post: fail, delete: fail };
};

/** Each versioned gateway: one versioned call, and the conflict error its port names. */
const gateways: readonly {
  readonly name: string;
  readonly call: (error: unknown) => Promise<unknown>;
  readonly resource: VersionedResource;
}[] = [
  {
    name: 'cart',
    call: (e) => new HttpCartGateway(failing(e)).updateCart('c1', 3, []),
    resource: 'cart',
  },
  {
    name: 'checkout',
    call: (e) => new HttpCheckoutGateway(failing(e)).assignShipping('c1', 3, 'standard'),
    resource: 'cart',
  },
  {
    name: 'shopping list',
    call: (e) => new HttpShoppingListGateway(failing(e)).addLineItem('l1', 3, 'K-1'),
    resource: 'list',
  },
  {
    name: 'address book',
    call: (e) => new HttpAddressBookGateway(failing(e)).apply(3, []),
    resource: 'profile',
  },
  {
    name: 'profile',
    call: (e) => new HttpAddressBookGateway(failing(e)).editProfile(3, []),
    resource: 'profile',
  },
];

describe('staleVersionOf', () => {
  it('is the server’s current version of any 409 ConcurrentModification', () => {
    fc.assert(
      fc.property(fc.nat(), (version) => {
        expect(staleVersionOf(stale(version))).toBe(version);
      }),
    );
  });

  it('is UNKNOWN_VERSION for a stale version the answer does not name, or names badly', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constant(undefined),
          fc.string(),
          fc.integer({ max: -1 }),
          fc.double().filter((d) => !Number.isSafeInteger(d)),
        ),
        (version) => {
          expect(staleVersionOf(stale(version))).toBe(UNKNOWN_VERSION);
        },
      ),
    );
    expect(staleVersionOf(answered(409, []))).toBe(UNKNOWN_VERSION);
  });

  it('is null for every other failure, a 409 with another code included', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 400, max: 599 }).filter((s) => s !== 409),
        fc.constantFrom('OutOfStock', 'NotFound', 'InvalidField'),
        (status, code) => {
          expect(staleVersionOf(answered(status, [{ code }]))).toBeNull();
        },
      ),
    );
    for (const code of ['OutOfStock', 'PaymentCartChanged', 'DuplicateCustomer']) {
      expect(staleVersionOf(answered(409, [{ code }]))).toBeNull();
    }
    expect(staleVersionOf(new Error('network down'))).toBeNull();
    expect(staleVersionOf(new ApiError('timeout', 'x'))).toBeNull();
  });
});

describe.each(gateways)('the $name gateway on a stale version', ({ call, resource }) => {
  it('throws VersionConflictError naming its resource, with the server’s current version', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), async (version) => {
        const error = await call(stale(version)).then(
          () => 'resolved',
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(VersionConflictError);
        expect((error as VersionConflictError).resource).toBe(resource);
        expect((error as VersionConflictError).currentVersion).toBe(version);
      }),
      { numRuns: 25 },
    );
  });

  it('throws it too when the answer names no version, rather than a raw ApiError', async () => {
    const error = await call(answered(409, [{ code: 'ConcurrentModification' }])).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(VersionConflictError);
    expect((error as VersionConflictError).currentVersion).toBe(UNKNOWN_VERSION);
  });

  it('leaves a server error as the ApiError it was', async () => {
    const original = answered(500, []);
    expect(await call(original).catch((e: unknown) => e)).toBe(original);
  });
});
