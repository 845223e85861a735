/**
 * Roles a customer account holds beyond shopping (customer_roles, migration 024). The one role so
 * far is `author`: a content author may preview the content's drafts (server/preview). A role is
 * read from the database on every check, so taking it away ends the author's preview at once.
 */
import type { Queryable } from '../db/database';

export type CustomerRole = 'author';

/** Grants `role` to the account with this e-mail, if there is one; holding it already is fine. */
export const grantRole = async (
  db: Queryable,
  email: string,
  role: CustomerRole,
): Promise<void> => {
  await db.query(
    `INSERT INTO customer_roles (customer_id, role)
     SELECT id, $2 FROM customers WHERE email = $1
     ON CONFLICT (customer_id, role) DO NOTHING`,
    [email.trim().toLowerCase(), role],
  );
};

/** Takes `role` away from the account with this id. */
export const revokeRole = async (
  db: Queryable,
  customerId: string,
  role: CustomerRole,
): Promise<void> => {
  await db.query('DELETE FROM customer_roles WHERE customer_id = $1 AND role = $2', [
    customerId,
    role,
  ]);
};

/** Whether the account with this id holds `role`. */
export const hasRole = async (
  db: Queryable,
  customerId: string,
  role: CustomerRole,
): Promise<boolean> => {
  const r = await db.query('SELECT 1 FROM customer_roles WHERE customer_id = $1 AND role = $2', [
    customerId,
    role,
  ]);
  return r.rows.length > 0;
};
