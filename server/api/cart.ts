/**
 * The cart API (spec §7 "Cart", docs/api.md "Cart"). Thin: inputs are checked by
 * server/cart/parse.ts (a 400 names the field), the rules are the engine's, the storage
 * CartService's. Every cart belongs to the caller's owner (server/auth/owner.ts); anyone else's
 * cart id answers 404. `expand=calculation` is accepted everywhere: carts always come priced.
 */
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { DISCOUNT_REFUSAL_CODES, DISCOUNT_REFUSAL_REASONS } from '../../core/cart/errors';
import type { Database } from '../db/database';
import { CartService, cartNotFound } from '../cart/cart-service';
import {
  bodyCartId,
  isId,
  objectBody,
  parseAnonymousId,
  parseCreate,
  parseDiscount,
  parseUpdate,
  queryText,
  version as bodyVersion,
} from '../cart/parse';
import { CURRENCY_REGIONS } from '../../core/cart/engine/model';
import { ownerOfRequest } from '../http/caller';
import { ApiError } from '../http/errors';
import { invalidField, MAX_VERSION } from '../http/input';
import {
  answers,
  arrayOf,
  checkedByRoute,
  closed,
  ERROR_BODY,
  pathParams,
  str,
  type JsonSchema,
} from './schemas/common';
import { CART, SHARED_CART } from './schemas/domain';
import {
  ANONYMOUS_ID,
  CART_CREATE,
  CART_DISCOUNT,
  CART_DISCOUNT_V2,
  CART_ID_ONLY,
  CART_UPDATE,
  CART_UPDATE_V2,
  VERSION_ONLY,
} from './schemas/requests';

const describe = (summary: string, description: string): FastifySchema => ({
  tags: ['Cart'],
  summary,
  description,
});

const CART_DOC =
  'Cart = core/cart/cart.ts `Cart`: `{id, version, anonymousId?, cartType, customerEmail?, currency, lineItems, totalTax, shippingAddress?, discountCodes, shippingCost, shippingMethodId, freightDiscount}`, money in integer cents; `shippingMethodId` (`standard`|`expedited`|`freight`) is the method `shippingCost` is for';

/**
 * The discount routes' 400 in the reference: a refused code carries one of the three pinned codes
 * and, next to it, the reason (core/cart/errors.ts DISCOUNT_REFUSAL_CODES). Extra members pass
 * through untouched (a bad body's 400 is `InvalidField` with its `field` and `message`).
 */
const DISCOUNT_400: JsonSchema = {
  ...ERROR_BODY,
  description:
    'A refused code (or a bad body). ' +
    DISCOUNT_REFUSAL_REASONS.map((r) => `\`${r}\` → \`${DISCOUNT_REFUSAL_CODES[r]}\``).join('; '),
  properties: {
    ...(ERROR_BODY.properties as Record<string, JsonSchema>),
    errors: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: true,
        required: ['code'],
        properties: {
          code: { type: 'string' },
          field: { type: 'string' },
          message: { type: 'string' },
          reason: { type: 'string', enum: [...DISCOUNT_REFUSAL_REASONS] },
          discountCode: { type: 'string' },
          minimumCents: {
            type: 'integer',
            description: 'MinimumNotMet: what the lines the code takes money off must come to',
          },
        },
      },
    },
  },
};

const CART_ID_PARAM = pathParams({ id: 'The cart id' });
const CART_ID_QUERY = closed({ cartId: str('The cart id') }, ['cartId']);

const pathId = (request: FastifyRequest): string => {
  const { id } = request.params as { id?: unknown };
  if (!isId(id)) throw cartNotFound(String(id));
  return id;
};

/** `cartId` of the query (v1 routes): required; one that cannot be ours is 404. */
const queryCartId = (request: FastifyRequest): string => {
  const cartId = queryText(request.query, 'cartId');
  if (cartId === undefined) throw invalidField('querystring.cartId', 'is required');
  if (!isId(cartId)) throw cartNotFound(cartId);
  return cartId;
};

const checkedBodyCartId = (body: Record<string, unknown>): string => {
  const cartId = bodyCartId(body);
  if (!isId(cartId)) throw cartNotFound(cartId);
  return cartId;
};

/** The signed-in customer's e-mail (the subject claim), lower-cased. */
const customerEmail = (request: FastifyRequest): string | undefined => {
  const sub = request.auth?.sub;
  return request.auth?.isAuth === true && sub !== undefined && sub.includes('@')
    ? sub.trim().toLowerCase()
    : undefined;
};

export const cartRoutes = (app: FastifyInstance, db: Database): void => {
  const carts = new CartService(db, { cachedFacts: true });

  app.get(
    '/api/cart/active',
    {
      schema: {
        ...describe(
          "The caller's active carts",
          `\`[Cart]\`, newest first; [] when none. ${CART_DOC}.`,
        ),
        response: answers({ 200: arrayOf(CART) }),
      },
    },
    async (request) => carts.activeCarts(ownerOfRequest(request)),
  );

  app.get(
    '/api/cart/:id',
    {
      ...checkedByRoute,
      schema: {
        ...describe('One cart', `Cart; not the caller's (or deleted) → 404. ${CART_DOC}.`),
        params: CART_ID_PARAM,
        response: answers({ 200: CART }, { errors: [404] }),
      },
    },
    async (request) => carts.cart(ownerOfRequest(request), pathId(request)),
  );

  app.post(
    '/api/cart/create',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          'Create a cart',
          "Body `{currency: 'USD'|'CAD', taxMode: 'Platform', customerEmail?}` → 201 Cart (version 1, cartType 'FG'). A customer's cart carries the e-mail of their token; a guest's carries its anonymousId.",
        ),
        body: CART_CREATE,
        response: answers({ 201: CART }),
      },
    },
    async (request, reply) => {
      const owner = ownerOfRequest(request);
      const draft = parseCreate(request.body);
      const email =
        owner.kind === 'customer' ? (customerEmail(request) ?? draft.customerEmail) : undefined;
      const cart = await carts.create(owner, {
        currency: draft.currency,
        ...(email === undefined ? {} : { customerEmail: email }),
      });
      return reply.code(201).send(cart);
    },
  );

  const updateDoc =
    '`{version, actions}`; actions: addLineItem / addbundle `{sku, quantity, lineItemShipping?}`, removeLineItem `{lineItemId, quantity?}`, changeLineItemQuantity `{lineItemId, quantity}`, setShippingAddress `{address}`, setShippingMethod `{methodId}` (one the cart is offered, else 400 field `actions[i].methodId`), recalculate `{updateProductData}` → Cart (version + 1). All actions apply or none. Stale version → 409 `ConcurrentModification` with `currentVersion`; unknown SKU → 400 field `sku`; over stock and not back-orderable → 400 `OutOfStock` with `sku`; unknown line → 400 `LineItemNotFound`.';

  app.post(
    '/api/cart/items',
    {
      ...checkedByRoute,
      schema: {
        ...describe('Update a cart', `Query \`cartId\`. Body ${updateDoc}`),
        querystring: CART_ID_QUERY,
        body: CART_UPDATE,
        response: answers({ 200: CART }, { errors: [404, 409] }),
      },
    },
    async (request) => {
      const owner = ownerOfRequest(request);
      const cartId = queryCartId(request);
      const { version, actions } = parseUpdate(objectBody(request.body));
      return carts.update(owner, cartId, version, actions);
    },
  );

  app.post(
    '/api/cart/v2/items',
    {
      ...checkedByRoute,
      schema: {
        ...describe('Update a cart (v2)', `Body \`{cartId, …}\` with ${updateDoc}`),
        body: CART_UPDATE_V2,
        response: answers({ 200: CART }, { errors: [404, 409] }),
      },
    },
    async (request) => {
      const owner = ownerOfRequest(request);
      const body = objectBody(request.body);
      const cartId = checkedBodyCartId(body);
      const { version, actions } = parseUpdate(body);
      return carts.update(owner, cartId, version, actions);
    },
  );

  const discountDoc =
    'Body `{version, code}` applies a code, `{version, removeDiscountCodeId}` removes one → Cart. A refused code → 400 `errors: [{code, reason, discountCode, minimumCents?}]`: `code` is `DiscountCodeNonApplicable`, `MaxApplicationReached` or `ApplicationStoppedByPreviousDiscount`, and `reason` says which case (see the 400 schema); `discountCode` is the code in upper case; stale version → 409.';

  app.post(
    '/api/cart/discount',
    {
      ...checkedByRoute,
      schema: {
        ...describe('Apply or remove a discount code', `Query \`cartId\`. ${discountDoc}`),
        querystring: CART_ID_QUERY,
        body: CART_DISCOUNT,
        response: answers(
          { 200: CART },
          { errors: [404, 409], errorSchemas: { 400: DISCOUNT_400 } },
        ),
      },
    },
    async (request) => {
      const owner = ownerOfRequest(request);
      const cartId = queryCartId(request);
      return carts.discount(owner, cartId, parseDiscount(objectBody(request.body)));
    },
  );

  app.post(
    '/api/cart/v2/discount',
    {
      ...checkedByRoute,
      schema: {
        ...describe('Apply or remove a discount code (v2)', `Body \`{cartId, …}\`. ${discountDoc}`),
        body: CART_DISCOUNT_V2,
        response: answers(
          { 200: CART },
          { errors: [404, 409], errorSchemas: { 400: DISCOUNT_400 } },
        ),
      },
    },
    async (request) => {
      const owner = ownerOfRequest(request);
      const body = objectBody(request.body);
      const cartId = checkedBodyCartId(body);
      return carts.discount(owner, cartId, parseDiscount(body));
    },
  );

  app.delete(
    '/api/cart/:id',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          'Delete a cart',
          'Query `cart-versionId` (the version) → the Cart as it was deleted (version + 1); then it is gone (404) and no longer active. Stale → 409.',
        ),
        params: CART_ID_PARAM,
        querystring: closed({ 'cart-versionId': str('The cart version, 1 to 2147483647') }, [
          'cart-versionId',
        ]),
        response: answers({ 200: CART }, { errors: [404, 409] }),
      },
    },
    async (request) => {
      const owner = ownerOfRequest(request);
      const id = pathId(request);
      const given = queryText(request.query, 'cart-versionId');
      const field = 'querystring.cart-versionId';
      if (given === undefined) throw invalidField(field, 'is required');
      if (!/^\d{1,10}$/.test(given) || Number(given) < 1 || Number(given) > MAX_VERSION) {
        throw invalidField(field, `must be a whole number from 1 to ${MAX_VERSION}`);
      }
      return carts.delete(owner, id, Number(given));
    },
  );

  app.post(
    '/api/cart/v2/deleteActiveCart',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          "Empty the caller's active cart",
          "Body `{version}` (the active cart's version) → the Cart as it was deleted, as `DELETE /api/cart/{id}` answers; the next add starts a new cart. No active cart → 404 `NoActiveCart`; stale version → 409 `ConcurrentModification`.",
        ),
        body: VERSION_ONLY,
        response: answers({ 200: CART }, { errors: [404, 409] }),
      },
    },
    async (request) => {
      const owner = ownerOfRequest(request);
      const given = bodyVersion(objectBody(request.body));
      const [active] = await carts.activeCarts(owner);
      if (active === undefined) {
        throw new ApiError(404, 'There is no active cart to delete', [{ code: 'NoActiveCart' }]);
      }
      return carts.delete(owner, active.id, given);
    },
  );

  app.post(
    '/api/cart/sharedcart',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          'Share a cart',
          "Body `{cartId}` (the caller's cart) → 201 `{sharedCartId}`: a snapshot of its lines now.",
        ),
        body: CART_ID_ONLY,
        response: answers(
          { 201: closed({ sharedCartId: str() }, ['sharedCartId']) },
          { errors: [404] },
        ),
      },
    },
    async (request, reply) => {
      const owner = ownerOfRequest(request);
      const cartId = checkedBodyCartId(objectBody(request.body));
      return reply.code(201).send(await carts.share(owner, cartId));
    },
  );

  app.get(
    '/api/cart/sharedcart/:id',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          'A shared cart',
          "Any token; query `currency` (`USD`|`CAD`, the reader's; the snapshot's when absent; another → 400 field `querystring.currency`) → `{id, currency, lineitems: [CartLineItem]}` (lowercase `lineitems`): the shared lines priced for the reader — today's list and sale prices in that currency and the automatic promotions, never the sharer's discount codes. Unknown id → 404.",
        ),
        params: pathParams({ id: 'The shared cart id' }),
        querystring: closed({ currency: { type: 'string', enum: ['USD', 'CAD'] } }),
        response: answers({ 200: SHARED_CART }, { errors: [404] }),
      },
    },
    async (request) => {
      ownerOfRequest(request);
      const { id } = request.params as { id?: unknown };
      const currency = queryText(request.query, 'currency');
      if (currency !== undefined && CURRENCY_REGIONS[currency] === undefined) {
        throw invalidField(
          'querystring.currency',
          `must be one of ${Object.keys(CURRENCY_REGIONS).join(', ')}`,
        );
      }
      if (!isId(id)) throw new ApiError(404, `No shared cart ${String(id)}`);
      return carts.sharedCart(id, currency);
    },
  );

  app.post(
    '/api/cart/merge',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          "Merge the guest's cart into the customer's",
          "Customer token; body `{anonymousId}` → `{data: {FGCart: Cart}}`: the lines of that guest's active carts added to the customer's active cart (created when none), the guest carts gone. Only the anonymousId the customer's token was signed in from is merged; another one merges nothing. Guest token → 403.",
        ),
        body: ANONYMOUS_ID,
        response: answers(
          { 200: closed({ data: closed({ FGCart: CART }, ['FGCart']) }, ['data']) },
          { errors: [403] },
        ),
      },
    },
    async (request) => {
      const owner = ownerOfRequest(request);
      const anonymousId = parseAnonymousId(request.body);
      if (owner.kind !== 'customer') {
        throw new ApiError(403, 'Only a signed-in customer can merge a guest cart');
      }
      const tokenAnonymousId = request.auth?.anonymousId;
      const cart = await carts.merge(
        owner,
        anonymousId,
        tokenAnonymousId === anonymousId,
        customerEmail(request),
      );
      return { data: { FGCart: cart } };
    },
  );
};
