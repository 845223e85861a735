/**
 * The SQL of identity (migration 003): customers, their refresh tokens and reset codes. Every
 * moment is a parameter from the service's clock, never the database's now(), so rules that
 * depend on time (lockout, code expiry) can be tested without waiting.
 */
import { NO_LOCKOUT, type LockoutState } from '../../core/auth/policies';
import type { Queryable } from '../db/database';
import type { AccountType } from './signup-input';

export interface CustomerRecord {
  readonly id: string;
  readonly uid: string;
  readonly email: string;
  readonly passwordHash: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly accountType: AccountType;
  readonly persona: string;
  readonly businessType: string | null;
  readonly businessSubtype: string | null;
  readonly phone: string | null;
  readonly zipCode: string | null;
  readonly newsletter: boolean;
  readonly passwordChangedAt: Date;
  readonly passwordExpiresAt: Date | null;
}

export type NewCustomer = CustomerRecord;

interface CustomerRow {
  id: string;
  uid: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  account_type: AccountType;
  persona: string;
  business_type: string | null;
  business_subtype: string | null;
  phone: string | null;
  zip_code: string | null;
  newsletter: boolean;
  password_changed_at: Date | string;
  password_expires_at: Date | string | null;
}

const date = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
const dateOrNull = (value: Date | string | null): Date | null =>
  value === null ? null : date(value);

const toRecord = (row: CustomerRow): CustomerRecord => ({
  id: row.id,
  uid: row.uid,
  email: row.email,
  passwordHash: row.password_hash,
  firstName: row.first_name,
  lastName: row.last_name,
  accountType: row.account_type,
  persona: row.persona,
  businessType: row.business_type,
  businessSubtype: row.business_subtype,
  phone: row.phone,
  zipCode: row.zip_code,
  newsletter: row.newsletter,
  passwordChangedAt: date(row.password_changed_at),
  passwordExpiresAt: dateOrNull(row.password_expires_at),
});

const COLUMNS = `id, uid, email, password_hash, first_name, last_name, account_type, persona,
  business_type, business_subtype, phone, zip_code, newsletter, password_changed_at,
  password_expires_at`;

export const findCustomerByEmail = async (
  db: Queryable,
  email: string,
): Promise<CustomerRecord | null> => {
  const r = await db.query<CustomerRow>(`SELECT ${COLUMNS} FROM customers WHERE email = $1`, [
    email,
  ]);
  const row = r.rows[0];
  return row === undefined ? null : toRecord(row);
};

export const findCustomerById = async (
  db: Queryable,
  id: string,
): Promise<CustomerRecord | null> => {
  const r = await db.query<CustomerRow>(`SELECT ${COLUMNS} FROM customers WHERE id = $1`, [id]);
  const row = r.rows[0];
  return row === undefined ? null : toRecord(row);
};

export const customerExists = async (db: Queryable, email: string): Promise<boolean> => {
  const r = await db.query('SELECT 1 FROM customers WHERE email = $1', [email]);
  return r.rows.length > 0;
};

/** Inserts the customer; false when the e-mail is already taken (nothing written). */
export const insertCustomer = async (db: Queryable, c: NewCustomer): Promise<boolean> => {
  const r = await db.query(
    `INSERT INTO customers (id, uid, email, password_hash, first_name, last_name, account_type,
       persona, business_type, business_subtype, phone, zip_code, newsletter, password_changed_at,
       password_expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     ON CONFLICT (email) DO NOTHING
     RETURNING id`,
    [
      c.id,
      c.uid,
      c.email,
      c.passwordHash,
      c.firstName,
      c.lastName,
      c.accountType,
      c.persona,
      c.businessType,
      c.businessSubtype,
      c.phone,
      c.zipCode,
      c.newsletter,
      c.passwordChangedAt,
      c.passwordExpiresAt,
    ],
  );
  return r.rows.length > 0;
};

/**
 * The lockout state of one client on one account (core/auth/policies.ts decides what a failure or
 * a success does to it); a client with no row has none. Read without locking: the check before
 * the password is.
 */
export const lockoutState = async (
  db: Queryable,
  customerId: string,
  client: string,
): Promise<LockoutState> => {
  const r = await db.query<{ failed_sign_ins: number; locked_until: Date | string | null }>(
    'SELECT failed_sign_ins, locked_until FROM sign_in_failures WHERE customer_id = $1 AND client = $2',
    [customerId, client],
  );
  const row = r.rows[0];
  if (row === undefined) return NO_LOCKOUT;
  const lockedUntil = dateOrNull(row.locked_until);
  return {
    failedSignIns: Number(row.failed_sign_ins),
    lockedUntil: lockedUntil === null ? null : lockedUntil.getTime(),
  };
};

/**
 * As lockoutState, with the account's row locked for update so concurrent wrong guesses count one
 * after another (a client's first failure has no row of its own to lock yet). Null when the
 * customer is gone.
 */
export const lockoutStateForUpdate = async (
  tx: Queryable,
  customerId: string,
  client: string,
): Promise<LockoutState | null> => {
  const r = await tx.query('SELECT 1 FROM customers WHERE id = $1 FOR UPDATE', [customerId]);
  if (r.rows.length === 0) return null;
  return lockoutState(tx, customerId, client);
};

/** Keeps the client's state; the clean state deletes its row. */
export const saveLockoutState = async (
  tx: Queryable,
  customerId: string,
  client: string,
  state: LockoutState,
): Promise<void> => {
  if (state.failedSignIns === 0 && state.lockedUntil === null) {
    await tx.query('DELETE FROM sign_in_failures WHERE customer_id = $1 AND client = $2', [
      customerId,
      client,
    ]);
    return;
  }
  await tx.query(
    `INSERT INTO sign_in_failures (customer_id, client, failed_sign_ins, locked_until)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (customer_id, client) DO UPDATE
       SET failed_sign_ins = EXCLUDED.failed_sign_ins, locked_until = EXCLUDED.locked_until`,
    [
      customerId,
      client,
      state.failedSignIns,
      state.lockedUntil === null ? null : new Date(state.lockedUntil),
    ],
  );
};

/** A new password: expiry is cleared, and every client's failure count and lock. */
export const setPassword = async (
  db: Queryable,
  id: string,
  passwordHash: string,
  now: Date,
): Promise<void> => {
  await db.query(
    `UPDATE customers SET password_hash = $2, password_changed_at = $3::timestamptz,
       password_expires_at = NULL
     WHERE id = $1`,
    [id, passwordHash, now],
  );
  await db.query('DELETE FROM sign_in_failures WHERE customer_id = $1', [id]);
};

// ---- refresh tokens ----

export const insertRefreshToken = async (
  db: Queryable,
  token: {
    readonly id: string;
    readonly familyId: string;
    readonly customerId: string;
    readonly issuedAt: Date;
    readonly expiresAt: Date;
  },
): Promise<void> => {
  await db.query(
    `INSERT INTO refresh_tokens (id, family_id, customer_id, issued_at, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [token.id, token.familyId, token.customerId, token.issuedAt, token.expiresAt],
  );
};

/**
 * Revokes a live token as rotated into `replacedBy`; false when it is unknown, not the customer's,
 * or already revoked (a reuse).
 */
export const rotateRefreshToken = async (
  db: Queryable,
  id: string,
  customerId: string,
  replacedBy: string,
  now: Date,
): Promise<boolean> => {
  const r = await db.query(
    `UPDATE refresh_tokens SET revoked_at = $4::timestamptz, revoked_reason = 'rotated',
       replaced_by = $3
     WHERE id = $1 AND customer_id = $2 AND revoked_at IS NULL AND expires_at > $4::timestamptz
     RETURNING id`,
    [id, customerId, replacedBy, now],
  );
  return r.rows.length > 0;
};

/** Revokes every live token of a family; returns how many. */
export const revokeFamily = async (
  db: Queryable,
  familyId: string,
  reason: string,
  now: Date,
): Promise<number> => {
  const r = await db.query(
    `UPDATE refresh_tokens SET revoked_at = $3::timestamptz, revoked_reason = $2
     WHERE family_id = $1 AND revoked_at IS NULL RETURNING id`,
    [familyId, reason, now],
  );
  return r.rows.length;
};

/**
 * Revokes every live token of a customer (all sessions), but those of `keepFamilyId` when given
 * (the session that asked); returns how many.
 */
export const revokeCustomerTokens = async (
  db: Queryable,
  customerId: string,
  reason: string,
  now: Date,
  keepFamilyId: string | null = null,
): Promise<number> => {
  const r = await db.query(
    `UPDATE refresh_tokens SET revoked_at = $3::timestamptz, revoked_reason = $2
     WHERE customer_id = $1 AND revoked_at IS NULL
       AND ($4::text IS NULL OR family_id <> $4::text)
     RETURNING id`,
    [customerId, reason, now, keepFamilyId],
  );
  return r.rows.length;
};

/**
 * Drops refresh-token rows that ran out before `expiredBefore` or were revoked before
 * `revokedBefore`; returns how many. Neither can be honoured again, and a reuse of a deleted
 * revoked token is still caught: rotation finds no live row and revokes the family the signed
 * token names (identity-service.ts `refresh`).
 */
export const deleteSpentRefreshTokens = async (
  db: Queryable,
  expiredBefore: Date,
  revokedBefore: Date,
): Promise<number> => {
  const r = await db.query(
    `DELETE FROM refresh_tokens
     WHERE expires_at < $1::timestamptz OR revoked_at < $2::timestamptz
     RETURNING id`,
    [expiredBefore, revokedBefore],
  );
  return r.rows.length;
};

// ---- reset codes ----

export interface ResetCodeRecord {
  readonly id: string;
  readonly codeHash: string;
  readonly failedAttempts: number;
  readonly expiresAt: Date;
}

/** How many codes the customer was sent since `since` (a brake on e-mail floods). */
export const countResetCodesSince = async (
  db: Queryable,
  customerId: string,
  since: Date,
): Promise<number> => {
  const r = await db.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM password_reset_codes WHERE customer_id = $1 AND created_at > $2::timestamptz',
    [customerId, since],
  );
  return Number(r.rows[0]?.n ?? 0);
};

/** A new code replaces any earlier unused one. */
export const insertResetCode = async (
  db: Queryable,
  customerId: string,
  codeHash: string,
  now: Date,
  expiresAt: Date,
): Promise<void> => {
  await db.query(
    `UPDATE password_reset_codes SET used_at = $2::timestamptz
     WHERE customer_id = $1 AND used_at IS NULL`,
    [customerId, now],
  );
  await db.query(
    `INSERT INTO password_reset_codes (customer_id, code_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4)`,
    [customerId, codeHash, now, expiresAt],
  );
};

/**
 * The customer's newest unused code, locked for update (a new code retires the earlier ones, so
 * there is at most one); whether it may still be tried is core's call (isResetCodeUsable).
 */
export const latestUnusedResetCode = async (
  db: Queryable,
  customerId: string,
): Promise<ResetCodeRecord | null> => {
  const r = await db.query<{
    id: string | number;
    code_hash: string;
    failed_attempts: number;
    expires_at: Date | string;
  }>(
    `SELECT id, code_hash, failed_attempts, expires_at FROM password_reset_codes
     WHERE customer_id = $1 AND used_at IS NULL
     ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE`,
    [customerId],
  );
  const row = r.rows[0];
  return row === undefined
    ? null
    : {
        id: String(row.id),
        codeHash: row.code_hash,
        failedAttempts: Number(row.failed_attempts),
        expiresAt: date(row.expires_at),
      };
};

export const countResetCodeFailure = async (db: Queryable, id: string): Promise<void> => {
  await db.query(
    'UPDATE password_reset_codes SET failed_attempts = failed_attempts + 1 WHERE id = $1',
    [id],
  );
};

export const useResetCode = async (db: Queryable, id: string, now: Date): Promise<void> => {
  await db.query('UPDATE password_reset_codes SET used_at = $2::timestamptz WHERE id = $1', [
    id,
    now,
  ]);
};
