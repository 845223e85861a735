/**
 * The orders API (spec §7 "Orders", docs/api.md "Orders"): find-my-orders for guests, order
 * details and open/past history for the owner, the child orders of a split order, and a
 * development-only endpoint that moves an order's status on. Thin: inputs are checked by
 * server/orders/parse.ts, the reads are OrderRepository's.
 */
import { claimGuestRegistrations } from '../crm/registration-service';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { ownerKey } from '../auth/owner';
import type { Database } from '../db/database';
import { customerOfRequest, ownerOfRequest } from '../http/caller';
import { isPlausibleOrderNumber } from '../orders/model';
import { ORDER_LIST_MAX, OrderRepository, orderNotFound } from '../orders/order-repository';
import {
  parseAdvance,
  parseFindMyOrders,
  parsePathOrderNumber,
  parseSplitQuery,
  parseState,
} from '../orders/parse';
import { answers, arrayOf, checkedByRoute, closed, pathParams, str } from './schemas/common';
import { ORDER as ORDER_SCHEMA, ORDER_RESULTS } from './schemas/domain';
import { ADVANCE, FIND_MY_ORDERS } from './schemas/requests';

const ORDER =
  "Order = `{orderNumber, parentOrderNumber?, childOrders?, status: 'Open'|'Confirmed'|'Shipped'|'Completed'|'Cancelled', orderType: 'WEB'|'ISC', CSRAssociateId?, createdAt, email, shippingAddress, lineItems, totals: {subtotal, discount, shipping, tax, total}, payment: {method, brand?, last4?}}`, money in integer cents";

const describe = (summary: string, description: string): FastifySchema => ({
  tags: ['Orders'],
  summary,
  description: `${description} ${ORDER}.`,
});

const ownerKeyOf = (request: FastifyRequest): string => ownerKey(ownerOfRequest(request));

/**
 * When a guest becomes a customer (sign-in, sign-up), the orders that browser's guest session
 * (`anonymousId`, from the bearer token) placed with the customer's e-mail become the customer's
 * (OrderRepository.claimGuestOrders), so an order placed just before signing in is in the
 * history and readable by number. Called by the identity routes, once, not on every read.
 * Answers how many moved.
 */
export const claimGuestOrders = async (
  orders: OrderRepository,
  customer: { readonly id: string; readonly email: string },
  anonymousId: string | undefined,
): Promise<number> => {
  if (anonymousId === undefined || anonymousId === '' || customer.email === '') return 0;
  const customerKey = ownerKey({ kind: 'customer', id: customer.id });
  const guestKey = ownerKey({ kind: 'guest', id: anonymousId });
  // Product registrations a guest made in the same session follow by the same rule.
  await claimGuestRegistrations(orders.db, customer.id, customerKey, guestKey, customer.email);
  return orders.claimGuestOrders(customer.id, customerKey, guestKey, customer.email);
};

/** History is a signed-in customer's; a guest token is valid but not enough (403). */
const customerKeyOf = (request: FastifyRequest): string => ownerKey(customerOfRequest(request));

export const orderRoutes = (app: FastifyInstance, db: Database): void => {
  const orders = new OrderRepository(db);

  app.post(
    '/api/orders/find-my-orders',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          'Find an order by e-mail and order number',
          'Body `{email, orderId}` (any bearer token, guests too) → `{results: [Order]}`. The e-mail is trimmed and lower-cased, the order number trimmed and upper-cased (spec §5). A wrong e-mail, an unknown order number and one that cannot be an order number give the same `{results: []}`, by the same path. Order numbers are `LV-` and ten random characters (a child order adds `-1`, `-2`…), so they cannot be walked. A missing, blank or malformed field → 400 naming it.',
        ),
        body: FIND_MY_ORDERS,
        response: answers({ 200: ORDER_RESULTS }),
      },
    },
    async (request, reply) => {
      const { email, orderNumber } = parseFindMyOrders(request.body);
      reply.header('cache-control', 'no-store');
      // Every miss takes the same path and gives the same answer: the query runs whatever the
      // number looks like, so neither the answer nor its timing tells an unknown number, a wrong
      // e-mail or a number that cannot be one apart.
      const found = await orders.byNumberAndEmail(orderNumber, email);
      return { results: isPlausibleOrderNumber(orderNumber) ? found : [] };
    },
  );

  app.get(
    '/api/orders/split',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          'The child orders of a split order',
          'Query `parentOrderNumber`, `email` (any bearer token) → `{parentOrderNumber, results: [Order]}`, the child orders by number. A wrong e-mail or unknown parent → `results: []`.',
        ),
        querystring: closed({ parentOrderNumber: str(), email: str() }, [
          'parentOrderNumber',
          'email',
        ]),
        response: answers({
          200: closed({ parentOrderNumber: str(), results: arrayOf(ORDER_SCHEMA) }, [
            'parentOrderNumber',
            'results',
          ]),
        }),
      },
    },
    async (request, reply) => {
      const { orderNumber, email } = parseSplitQuery(request.query);
      reply.header('cache-control', 'no-store');
      // As find-my-orders: one path for every miss.
      const found = await orders.childrenOf(orderNumber, email);
      return {
        parentOrderNumber: orderNumber,
        results: isPlausibleOrderNumber(orderNumber) ? found : [],
      };
    },
  );

  app.get(
    '/api/orders',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          "The signed-in customer's orders",
          `Query \`state=open\` (Open, Confirmed, Shipped) or \`state=past\` (Completed, Cancelled) → \`{results: [Order]}\`, newest first, at most ${ORDER_LIST_MAX}; child orders are listed under their parent's \`childOrders\`. Orders placed as a guest in the browser session the customer signed in or signed up from, with the customer's e-mail, became the customer's at that moment. A guest token → 403.`,
        ),
        querystring: closed({ state: { type: 'string', enum: ['open', 'past'] } }, ['state']),
        response: answers({ 200: ORDER_RESULTS }, { errors: [403] }),
      },
    },
    async (request, reply) => {
      const key = customerKeyOf(request);
      const state = parseState(request.query);
      reply.header('cache-control', 'no-store');
      return { results: await orders.listOfOwner(key, state) };
    },
  );

  app.get(
    '/api/orders/:orderNumber',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          'One order',
          "Order; one that is not the caller's (the customer's, or the guest's who placed it) → 404 `OrderNotFound`, the same as an unknown number.",
        ),
        params: pathParams({ orderNumber: 'The order number (case-insensitive)' }),
        response: answers({ 200: ORDER_SCHEMA }, { errors: [404] }),
      },
    },
    async (request, reply) => {
      const key = ownerKeyOf(request);
      const orderNumber = parsePathOrderNumber(
        (request.params as { orderNumber?: unknown }).orderNumber,
      );
      // One path for every miss: someone else's order, an unknown number, one that cannot be.
      const found = await orders.ofOwner(key, orderNumber);
      const order = isPlausibleOrderNumber(orderNumber) ? found : null;
      if (order === null) throw orderNotFound(orderNumber);
      reply.header('cache-control', 'no-store');
      return order;
    },
  );
};

/** Development only (devEndpoints): moves an order's status on, as fulfilment would. */
export const devOrderRoutes = (app: FastifyInstance, db: Database): void => {
  const orders = new OrderRepository(db);
  app.post(
    '/api/dev/orders/:orderNumber/advance',
    {
      config: { public: true },
      ...checkedByRoute,
      schema: {
        ...describe(
          'Advance an order (development only)',
          "No body (or `{}`) moves Open → Confirmed → Shipped → Completed one step; `{to: 'Cancelled'}` cancels an Open or Confirmed order. → Order. Unknown order → 404; a move its status does not allow → 409 `InvalidStatusTransition`; an unknown `to` → 400. Served only with `LAVABO_DEV_TOOLS=1`, and then only to loopback clients (403 otherwise).",
        ),
        params: pathParams({ orderNumber: 'The order number' }),
        body: ADVANCE,
        response: answers({ 200: ORDER_SCHEMA }, { public: true, errors: [403, 404, 409] }),
      },
    },
    async (request) => {
      const orderNumber = parsePathOrderNumber(
        (request.params as { orderNumber?: unknown }).orderNumber,
      );
      const to = parseAdvance(request.body);
      if (!isPlausibleOrderNumber(orderNumber)) throw orderNotFound(orderNumber);
      return orders.advance(orderNumber, to);
    },
  );
};
