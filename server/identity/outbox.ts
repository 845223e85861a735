/**
 * Outgoing e-mail is written to the outbox table (migration 001) instead of being sent, and
 * printed to the server log (ARCHITECTURE.md); development reads it at GET /api/dev/outbox.
 */
import type { Queryable } from '../db/database';

export interface OutboxMessage {
  readonly id: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly createdAt: string;
}

export interface NewMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** Where a written message is also announced (the server log). */
export type OutboxLog = (message: NewMessage) => void;

export const OUTBOX_LIST_MAX = 100;

export const writeOutbox = async (
  db: Queryable,
  message: NewMessage,
  createdAt: Date,
): Promise<void> => {
  await db.query(
    'INSERT INTO outbox (recipient, subject, body, created_at) VALUES ($1, $2, $3, $4)',
    [message.to, message.subject, message.text, createdAt],
  );
};

interface OutboxRow {
  id: string | number;
  recipient: string;
  subject: string;
  body: string;
  created_at: Date | string;
}

/** Newest first; only messages to `to` when given. */
export const listOutbox = async (
  db: Queryable,
  options: { readonly to?: string; readonly limit?: number } = {},
): Promise<OutboxMessage[]> => {
  const limit = Math.min(Math.max(options.limit ?? OUTBOX_LIST_MAX, 1), OUTBOX_LIST_MAX);
  const result =
    options.to === undefined
      ? await db.query<OutboxRow>(
          'SELECT id, recipient, subject, body, created_at FROM outbox ORDER BY created_at DESC, id DESC LIMIT $1',
          [limit],
        )
      : await db.query<OutboxRow>(
          'SELECT id, recipient, subject, body, created_at FROM outbox WHERE recipient = $1 ORDER BY created_at DESC, id DESC LIMIT $2',
          [options.to, limit],
        );
  return result.rows.map((row) => ({
    id: String(row.id),
    to: row.recipient,
    subject: row.subject,
    text: row.body,
    createdAt: new Date(row.created_at).toISOString(),
  }));
};
