/**
 * What the checkout asks the payment sandboxes before it records a PayPal or finance payment:
 * was this token / application approved, for this owner (server/auth/owner.ts ownerKey) and this
 * cart, still unexpired, and for the goods the cart holds now? Approved for the cart but with goods
 * added or removed since is `cart-changed` (the shopper approves again); anything else — unknown,
 * pending, cancelled or declined, another shopper's, another cart's, expired — is `not-approved`.
 * Takes a Queryable so it can run inside the checkout's own transaction.
 */
import type { Cart } from '../../core/cart/cart';
import type { Queryable } from '../db/database';
import { APPLICATION_ID, approvalFor, goodsCents, PAYPAL_TOKEN } from './sandbox';

export type PaymentApproval = 'approved' | 'cart-changed' | 'not-approved';

const judge = (approvedGoods: number | null | undefined, cart: Cart): PaymentApproval =>
  approvedGoods === undefined
    ? 'not-approved'
    : approvedGoods === goodsCents(cart)
      ? 'approved'
      : 'cart-changed';

export const verifyPaypalToken = async (
  db: Queryable,
  token: string,
  ownerKey: string,
  cart: Cart,
): Promise<PaymentApproval> =>
  typeof token === 'string' && PAYPAL_TOKEN.test(token)
    ? judge(await approvalFor(db, 'paypal_tokens', 'token', token, ownerKey, cart.id), cart)
    : 'not-approved';

export const verifyFinanceApplication = async (
  db: Queryable,
  applicationId: string,
  ownerKey: string,
  cart: Cart,
): Promise<PaymentApproval> =>
  typeof applicationId === 'string' && APPLICATION_ID.test(applicationId)
    ? judge(
        await approvalFor(db, 'finance_applications', 'id', applicationId, ownerKey, cart.id),
        cart,
      )
    : 'not-approved';
