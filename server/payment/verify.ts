/**
 * What the checkout asks the payment sandboxes before it records a PayPal or finance payment:
 * was this token / application approved, for this owner (server/auth/owner.ts ownerKey) and this
 * cart, and is it still unexpired? Anything else — unknown, pending, cancelled or declined,
 * another shopper's, another cart's, expired — is false. Takes a Queryable so it can run inside
 * the checkout's own transaction.
 */
import type { Queryable } from '../db/database';
import { APPLICATION_ID, approvedFor, PAYPAL_TOKEN } from './sandbox';

export const verifyPaypalToken = async (
  db: Queryable,
  token: string,
  ownerKey: string,
  cartId: string,
): Promise<boolean> =>
  typeof token === 'string' &&
  PAYPAL_TOKEN.test(token) &&
  approvedFor(db, 'paypal_tokens', 'token', token, ownerKey, cartId);

export const verifyFinanceApplication = async (
  db: Queryable,
  applicationId: string,
  ownerKey: string,
  cartId: string,
): Promise<boolean> =>
  typeof applicationId === 'string' &&
  APPLICATION_ID.test(applicationId) &&
  approvedFor(db, 'finance_applications', 'id', applicationId, ownerKey, cartId);
