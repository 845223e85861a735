/**
 * The checkout API (spec §7 "Checkout", docs/api.md "Checkout"). Thin: bodies are checked by
 * server/checkout/parse.ts (a 400 names every bad field), the rules are in server/checkout/.
 * Every cart belongs to the caller's owner (server/auth/owner.ts); anyone else's answers 404.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { CheckoutService } from '../checkout/checkout-service';
import type { CatalogueVersion } from '../search/catalogue-version';
import {
  parseAssignShipment,
  parseCartId,
  parseIdempotencyKey,
  parsePayment,
  parseShippingCost,
  parseSubmit,
} from '../checkout/parse';
import type { Database } from '../db/database';
import { ownerOfRequest } from '../http/caller';
import {
  answers,
  arrayOf,
  bool,
  cents,
  checkedByRoute,
  closed,
  int,
  oneOf,
  str,
  type JsonSchema,
} from './schemas/common';
import { CART, ORDER } from './schemas/domain';
import { ASSIGN_SHIPMENT, CART_ID_ONLY, PAYMENT, SHIPPING_COST, SUBMIT } from './schemas/requests';

const METHOD_ID = oneOf(['standard', 'expedited', 'freight']);

const SHIPPING_QUOTE: JsonSchema = closed(
  {
    cart: CART,
    methods: arrayOf(
      closed({ id: METHOD_ID, label: str(), cents: cents(), estimatedDays: int() }, [
        'id',
        'label',
        'cents',
        'estimatedDays',
      ]),
    ),
    freeShippingThresholdCents: cents(),
    selectedMethodId: METHOD_ID,
  },
  ['cart', 'methods', 'freeShippingThresholdCents'],
);

const SPLIT_CHECK: JsonSchema = closed(
  {
    split: bool(),
    shipments: arrayOf(
      closed(
        { source: oneOf(['warehouse', 'drop-ship', 'service']), lineItemIds: arrayOf(str()) },
        ['source', 'lineItemIds'],
      ),
    ),
  },
  ['split', 'shipments'],
);

const PAYMENT_AUTHORIZATION: JsonSchema = closed(
  {
    paymentId: str(),
    status: oneOf(['authorized']),
    resultCode: int(),
    method: oneOf(['card', 'paypal', 'finance']),
    brand: str(),
    last4: str(),
  },
  ['paymentId', 'status', 'resultCode', 'method'],
);

const describe = (summary: string, description: string): FastifySchema => ({
  tags: ['Checkout'],
  summary,
  description,
});

const ADDRESS =
  "`{firstName, lastName, email, mobile, streetName, addressLine2?, city, state, postalCode, country: 'US'|'CA'}`";

export const checkoutRoutes = (
  app: FastifyInstance,
  db: Database,
  catalogueVersion: CatalogueVersion,
): void => {
  const checkout = new CheckoutService(db, catalogueVersion);

  app.post(
    '/api/checkout/shipping-cost',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          'Shipping address and cost',
          `Body \`{cartId, version, address}\`, address ${ADDRESS} → \`{cart, methods: [{id, label, cents, estimatedDays}], freeShippingThresholdCents, selectedMethodId}\` (the method the cart ships by now, its \`shippingMethodId\`: the one assigned earlier while still offered, else the first offered); the address is set on the cart (version + 1). Bad address → 400 naming each field; stale version → 409.`,
        ),
        body: SHIPPING_COST,
        response: answers({ 200: SHIPPING_QUOTE }, { errors: [404, 409] }),
      },
    },
    async (request) =>
      checkout.shippingCost(ownerOfRequest(request), parseShippingCost(request.body)),
  );

  app.post(
    '/api/checkout/v2/assign/shipmentfromcart',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          'Choose the shipping method',
          "Body `{cartId, version, methodId: 'standard'|'expedited'|'freight'}` → Cart with that method's shippingCost and `shippingMethodId` (version + 1): the cart's setShippingMethod update. A method the cart is not offered → 400 `methodId`; stale version → 409.",
        ),
        body: ASSIGN_SHIPMENT,
        response: answers({ 200: CART }, { errors: [404, 409] }),
      },
    },
    async (request) =>
      checkout.assignShipment(ownerOfRequest(request), parseAssignShipment(request.body)),
  );

  app.post(
    '/api/checkout/order-split-check',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          'Does the order split?',
          "Body `{cartId}` → `{split, shipments: [{source: 'warehouse'|'drop-ship'|'service', lineItemIds}]}`.",
        ),
        body: CART_ID_ONLY,
        response: answers({ 200: SPLIT_CHECK }, { errors: [404] }),
      },
    },
    async (request) => checkout.splitCheck(ownerOfRequest(request), parseCartId(request.body)),
  );

  app.post(
    '/api/checkout/payment',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          'Pay for the cart',
          "Body `{cartId, version, method: 'card', card: {number, expiryMonth, expiryYear, securityCode, holderName}}` | `{…, method: 'paypal', paypalToken}` | `{…, method: 'finance', applicationId}` → `{paymentId, status: 'authorized', resultCode: 870, method, brand?, last4?}`. Declined card → 402 `PaymentDeclined`; bad fields → 400 naming them; stale version → 409.",
        ),
        body: PAYMENT,
        response: answers({ 200: PAYMENT_AUTHORIZATION }, { errors: [402, 404, 409] }),
      },
    },
    async (request) => checkout.pay(ownerOfRequest(request), parsePayment(request.body)),
  );

  const submit = async (request: FastifyRequest, reply: FastifyReply) => {
    const owner = ownerOfRequest(request);
    const ref = parseSubmit(request.body);
    const key = parseIdempotencyKey(request.headers['idempotency-key']);
    const answer = await checkout.submit({ owner, claims: request.auth }, ref, key);
    return reply.code(answer.created ? 201 : 200).send(answer.order);
  };
  const submitDoc =
    "Body `{cartId, version, totalCents?}` (`totalCents`: the total to pay the shopper was shown for that version), header `Idempotency-Key` optional → 201 Order; the same cart again → 200 and the same Order. Needs an authorised payment for that version (else 402 `PaymentRequired`) and a shipping address. The cart is priced again inside the submit's transaction: when its total differs from `totalCents` or from the amount the payment was authorised for → 409 `{errors: [{code: 'TotalChanged', totalCents, currentVersion}]}`, nothing written. Out of stock → 409 `{errors: [{code: 'OutOfStock', skus}]}`, nothing written. Stale version → 409 `ConcurrentModification` with `currentVersion` and the cart's `totalCents`.";
  const SUBMIT_SCHEMA = (summary: string) => ({
    ...describe(summary, submitDoc),
    body: SUBMIT,
    headers: {
      type: 'object',
      properties: {
        'idempotency-key': {
          type: 'string',
          pattern: '^[A-Za-z0-9._:-]{1,128}$',
          description: 'Optional: the same key for another cart → 422 IdempotencyKeyReused',
        },
      },
    },
    response: answers(
      { 200: { ...ORDER, description: 'The order this cart placed before' }, 201: ORDER },
      { errors: [402, 404, 409, 422] },
    ),
  });
  app.post(
    '/api/checkout/order/submit',
    { ...checkedByRoute, schema: SUBMIT_SCHEMA('Place the order') },
    submit,
  );
  app.post(
    '/api/checkout/v2/order/submit',
    { ...checkedByRoute, schema: SUBMIT_SCHEMA('Place the order (v2)') },
    submit,
  );
};
