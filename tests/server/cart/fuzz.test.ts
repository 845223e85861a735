/**
 * No input makes a cart route answer 500: random bodies (any JSON, near-valid update actions,
 * broken JSON) and random parameters to every cart route answer only 2xx or 4xx, and every 4xx is
 * the API's error shape.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../../../core/cart/cart';
import { startTestServer, type TestServer } from '../../support/test-server';
import { add, addItems, client, createCart, guestToken, pickSku, type Client } from './support';

let server: TestServer;
let shopper: Client;
let cart: Cart;
let sku: string;

beforeAll(async () => {
  server = await startTestServer();
  shopper = client(server, (await guestToken(server)).token);
  sku = (await pickSku(server, 'v.available_qty >= 20')).sku;
  cart = (await addItems(shopper, await createCart(shopper), [add(sku, 1)])).body;
});
afterAll(() => server.dispose());

const anyText = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', ' ', '..', '%00', 'null', '-1', '1e309', 'K-', '🚿', 'a'.repeat(300)),
);
const anyValue = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(0, -1, 1.5, 2 ** 53, -(2 ** 31), 1e308, '', null, [], {}),
  },
);

const actionArb = fc.oneof(
  fc.record(
    {
      action: fc.constantFrom(
        'addLineItem',
        'addbundle',
        'removeLineItem',
        'changeLineItemQuantity',
        'setShippingAddress',
        'recalculate',
        'nope',
      ),
      sku: fc.oneof(fc.constant('SKU'), anyValue),
      quantity: anyValue,
      lineItemId: fc.oneof(fc.constant('LINE'), anyValue),
      lineItemShipping: fc.oneof(
        anyValue,
        fc.record({ salesChannel: anyValue, roomInfo: anyValue, customQuantity: anyValue }),
      ),
      custom: anyValue,
      address: fc.oneof(
        anyValue,
        fc.record({
          firstName: anyValue,
          lastName: anyValue,
          email: anyValue,
          mobile: anyValue,
          state: anyValue,
        }),
      ),
      updateProductData: anyValue,
    },
    { requiredKeys: ['action'] },
  ),
  anyValue,
);

/**
 * A generated value as URL text. String() throws on some generated objects (e.g. one whose
 * toString is null); those go as their JSON, which is just as wrong a value for the server.
 */
const asText = (value: unknown): string => {
  try {
    return String(value);
  } catch {
    return JSON.stringify(value) ?? '';
  }
};

const mostly = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: anyValue });

/** Valid but for a field or two, so the engine and the database are reached too. */
const nearValidAction = fc.oneof(
  fc.record({
    action: fc.constantFrom('addLineItem', 'addbundle'),
    sku: mostly(fc.constant('SKU')),
    quantity: mostly(fc.integer({ min: 1, max: 3 })),
    lineItemShipping: mostly(fc.constant({ salesChannel: 'KOUS', roomInfo: 'Bath' })),
  }),
  fc.record({
    action: fc.constantFrom('changeLineItemQuantity', 'removeLineItem'),
    lineItemId: mostly(fc.constant('LINE')),
    quantity: mostly(fc.integer({ min: 0, max: 3 })),
  }),
  fc.record({
    action: fc.constant('setShippingAddress'),
    address: mostly(
      fc.record({
        firstName: mostly(fc.constant('A')),
        lastName: fc.constant('B'),
        email: fc.constant('a@b.test'),
        mobile: fc.constant('5551234567'),
        state: mostly(fc.constantFrom('CA', 'NY', 'OR')),
      }),
    ),
  }),
);

const bodyArb = fc.oneof(
  anyValue,
  fc.record(
    {
      version: mostly(fc.constant('CURRENT')),
      cartId: mostly(fc.constant('CART')),
      actions: fc.array(nearValidAction, { minLength: 1, maxLength: 3 }),
      code: mostly(fc.constantFrom('SAVE10', 'VIP25', 'FREESHIP', 'ONETIME5')),
      currency: fc.constant('USD'),
      taxMode: fc.constant('Platform'),
    },
    { requiredKeys: ['version', 'cartId', 'actions'] },
  ),
  fc.record(
    {
      version: fc.oneof(fc.constant('CURRENT'), anyValue),
      cartId: fc.oneof(fc.constant('CART'), anyValue),
      actions: fc.oneof(fc.array(actionArb, { maxLength: 4 }), anyValue),
      code: fc.oneof(fc.constantFrom('SAVE10', 'VIP25', 'FREESHIP'), anyValue),
      removeDiscountCodeId: fc.oneof(fc.constant('dc-save10'), anyValue),
      currency: fc.oneof(fc.constantFrom('USD', 'CAD'), anyValue),
      taxMode: fc.oneof(fc.constant('Platform'), anyValue),
      customerEmail: anyValue,
      anonymousId: anyValue,
    },
    { requiredKeys: [] },
  ),
);

const ROUTES = [
  ['GET', '/cart/active'],
  ['GET', '/cart/:id'],
  ['POST', '/cart/create'],
  ['POST', '/cart/items'],
  ['POST', '/cart/v2/items'],
  ['POST', '/cart/discount'],
  ['POST', '/cart/v2/discount'],
  ['DELETE', '/cart/:id'],
  ['POST', '/cart/sharedcart'],
  ['GET', '/cart/sharedcart/:id'],
  ['POST', '/cart/merge'],
] as const;

/** Fills the placeholders with the real cart (so deep paths are reached) or the random value. */
const resolve = (value: unknown, current: Cart): unknown => {
  if (value === 'CURRENT') return current.version;
  if (value === 'CART') return current.id;
  if (value === 'SKU') return sku;
  if (value === 'LINE') return current.lineItems[0]?.id ?? 'none';
  if (Array.isArray(value)) return value.map((v) => resolve(v, current));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, current)]));
  }
  return value;
};

describe('fuzz: every cart route answers 2xx or 4xx', () => {
  it('random bodies and parameters', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        mostly(fc.constant('CART')),
        fc
          .dictionary(
            fc.constantFrom('cartId', 'expand', 'cart-versionId', 'x'),
            fc.oneof(fc.constant('CART'), fc.constant('CURRENT'), anyText),
            { maxKeys: 3 },
          )
          .map((q) => ({ cartId: 'CART', 'cart-versionId': 'CURRENT', ...q })),
        fc.boolean().chain((b) => (b ? fc.boolean() : fc.constant(false))),
        bodyArb,
        fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
        async ([method, path], id, query, repeatQuery, body, rawBody) => {
          // A fuzzed DELETE may have removed the cart: carry on with a fresh one.
          let current = (await shopper.get<Cart[]>('/cart/active')).body.find(
            (c) => c.id === cart.id,
          );
          if (current === undefined) {
            cart = (await addItems(shopper, await createCart(shopper), [add(sku, 1)])).body;
            current = cart;
          }
          const url = new URL(
            `${server.api}${path.replace(':id', encodeURIComponent(asText(resolve(id, current))))}`,
          );
          for (const [k, v] of Object.entries(query)) {
            const value = asText(resolve(v, current));
            url.searchParams.append(k, value);
            if (repeatQuery) url.searchParams.append(k, value);
          }
          const payload = rawBody
            ? '{"version": 1, "actions": ['
            : JSON.stringify(resolve(body, current));
          const res = await fetch(url, {
            method,
            headers: {
              authorization: `Bearer ${shopper.token}`,
              ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
            },
            ...(method === 'GET' ? {} : { body: payload ?? 'null' }),
          });
          const text = await res.text();
          expect(
            res.status,
            `${method} ${url.pathname}${url.search} ${payload} → ${text}`,
          ).toBeLessThan(500);
          if (res.status >= 400) {
            const error = JSON.parse(text) as { statusCode: number; message: string };
            expect(error.statusCode).toBe(res.status);
            expect(typeof error.message).toBe('string');
          }
        },
      ),
      { numRuns: 250 },
    );
  });
});
