/**
 * The SQL of deleting a customer's account (DELETE /api/customer/account, docs/api.md "Identity"),
 * run inside one transaction by IdentityService.deleteAccount: either all of it happens or none.
 *
 * What is only the customer's goes: the customer row and, by ON DELETE CASCADE (migrations 003, 008
 * and 013), their saved addresses, refresh tokens (every session), reset codes and two-step sign-in
 * (key, recovery codes, challenges); their shopping
 * lists; their product registrations and proofs of purchase; the carts that never became an order, with their shipping choice, and the links they
 * shared from their carts; payment approvals for those carts.
 *
 * What the shop must keep for its books stays: orders (findable by order number and e-mail, as a
 * guest's are), the carts they were placed from, payments and the approvals behind them, and
 * discount-code redemptions. Those rows are keyed by owner (server/auth/owner.ts), so they move to
 * the tombstone owner `deleted:<customerId>`: no token ever names that owner, so no session —
 * not even an access token issued before the deletion and still unexpired — reaches them again,
 * and an account signed up later with the same e-mail (a new customer id) does not inherit them.
 */
import type { Queryable } from '../db/database';

/** The owner key the kept rows of a deleted account move to. */
export const deletedOwnerKey = (customerId: string): string => `deleted:${customerId}`;

/** Carts of `$1` that no order or payment refers to: nothing the books need. */
const DISPOSABLE_CARTS = `SELECT c.id FROM carts c
  WHERE c.owner_key = $1 AND c.status <> 'ordered'
    AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.cart_id = c.id)
    AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.cart_id = c.id)`;

/**
 * Deletes the account as described above; false (nothing written) when there is no such customer.
 * Call inside a transaction: the customer row is locked first, so two deletions of one account do
 * not both run.
 */
export const deleteCustomerAccount = async (
  tx: Queryable,
  customerId: string,
): Promise<boolean> => {
  const locked = await tx.query('SELECT id FROM customers WHERE id = $1 FOR UPDATE', [customerId]);
  if (locked.rows.length === 0) return false;
  const owner = `customer:${customerId}`;
  const tombstone = deletedOwnerKey(customerId);

  await tx.query('DELETE FROM shopping_lists WHERE owner_key = $1', [owner]);
  // Product registrations (owner's address, serial numbers) and their proofs of purchase are the
  // customer's alone, not the shop's books.
  await tx.query('DELETE FROM product_registrations WHERE owner_key = $1', [owner]);
  await tx.query('DELETE FROM crm_assets WHERE owner_key = $1', [owner]);

  // Shared links are copies of the customer's carts, published by them: they go with the account.
  await tx.query(
    'DELETE FROM shared_carts WHERE cart_id IN (SELECT id FROM carts WHERE owner_key = $1)',
    [owner],
  );
  await tx.query(`DELETE FROM carts WHERE id IN (${DISPOSABLE_CARTS})`, [owner]);
  // Approvals for carts that are gone served nothing else (a finance application holds the
  // applicant's details); those for kept carts are part of the payment record.
  for (const table of ['paypal_tokens', 'finance_applications']) {
    await tx.query(
      `DELETE FROM ${table} t WHERE t.owner_key = $1
         AND NOT EXISTS (SELECT 1 FROM carts c WHERE c.id = t.cart_id)`,
      [owner],
    );
  }

  // Kept for the books, under the tombstone. A paid cart that was never ordered is no longer
  // anyone's active cart.
  await tx.query(
    `UPDATE carts SET owner_key = $2,
       status = CASE WHEN status = 'active' THEN 'deleted' ELSE status END
     WHERE owner_key = $1`,
    [owner, tombstone],
  );
  for (const table of [
    'orders',
    'paypal_tokens',
    'finance_applications',
    'cart_discount_redemptions',
  ]) {
    await tx.query(`UPDATE ${table} SET owner_key = $2 WHERE owner_key = $1`, [owner, tombstone]);
  }

  await tx.query('DELETE FROM customers WHERE id = $1', [customerId]);
  return true;
};
