/**
 * The checkout API (spec §7 "Checkout", docs/api.md "Checkout"). Thin: bodies are checked by
 * server/checkout/parse.ts (a 400 names every bad field), the rules are in server/checkout/.
 * Every cart belongs to the caller's owner (server/auth/owner.ts); anyone else's answers 404.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { CheckoutService } from '../checkout/checkout-service';
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

const describe = (summary: string, description: string): FastifySchema => ({
  tags: ['Checkout'],
  summary,
  description,
});

const ADDRESS =
  "`{firstName, lastName, email, mobile, streetName, addressLine2?, city, state, postalCode, country: 'US'|'CA'}`";

export const checkoutRoutes = (app: FastifyInstance, db: Database): void => {
  const checkout = new CheckoutService(db);

  app.post(
    '/api/checkout/shipping-cost',
    {
      schema: describe(
        'Shipping address and cost',
        `Body \`{cartId, version, address}\`, address ${ADDRESS} → \`{cart, methods: [{id, label, cents, estimatedDays}], freeShippingThresholdCents, selectedMethodId}\` (the method the cart ships by now, its \`shippingMethodId\`: the one assigned earlier while still offered, else the first offered); the address is set on the cart (version + 1). Bad address → 400 naming each field; stale version → 409.`,
      ),
    },
    async (request) =>
      checkout.shippingCost(ownerOfRequest(request), parseShippingCost(request.body)),
  );

  app.post(
    '/api/checkout/v2/assign/shipmentfromcart',
    {
      schema: describe(
        'Choose the shipping method',
        "Body `{cartId, version, methodId: 'standard'|'expedited'|'freight'}` → Cart with that method's shippingCost and `shippingMethodId` (version + 1): the cart's setShippingMethod update. A method the cart is not offered → 400 `methodId`; stale version → 409.",
      ),
    },
    async (request) =>
      checkout.assignShipment(ownerOfRequest(request), parseAssignShipment(request.body)),
  );

  app.post(
    '/api/checkout/order-split-check',
    {
      schema: describe(
        'Does the order split?',
        "Body `{cartId}` → `{split, shipments: [{source: 'warehouse'|'drop-ship'|'service', lineItemIds}]}`.",
      ),
    },
    async (request) => checkout.splitCheck(ownerOfRequest(request), parseCartId(request.body)),
  );

  app.post(
    '/api/checkout/payment',
    {
      schema: describe(
        'Pay for the cart',
        "Body `{cartId, version, method: 'card', card: {number, expiryMonth, expiryYear, securityCode, holderName}}` | `{…, method: 'paypal', paypalToken}` | `{…, method: 'finance', applicationId}` → `{paymentId, status: 'authorized', resultCode: 870, method, brand?, last4?}`. Declined card → 402 `PaymentDeclined`; bad fields → 400 naming them; stale version → 409.",
      ),
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
  app.post(
    '/api/checkout/order/submit',
    { schema: describe('Place the order', submitDoc) },
    submit,
  );
  app.post(
    '/api/checkout/v2/order/submit',
    { schema: describe('Place the order (v2)', submitDoc) },
    submit,
  );
};
