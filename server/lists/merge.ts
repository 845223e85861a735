/**
 * A guest's shopping lists join the customer's when the guest signs in or signs up from that
 * session (the bearer token's anonymousId), as guest orders are claimed (server/api/orders.ts):
 * otherwise the hearts a shopper set as a guest vanish when the storefront reloads the customer's
 * Favorites. One transaction per sign-in: the guest's lines the customer's list lacks move onto it
 * (a SKU on both keeps the customer's line), the customer's list is created when it has none, an
 * existing list's version is bumped when lines arrive (a client holding the old one gets a 409 and
 * reloads), and the guest's lists are deleted, so a second sign-in from the session merges nothing.
 */
import { randomUUID } from 'node:crypto';
import { roomOnList } from '../../core/lists/limits';
import { ownerKey } from '../auth/owner';
import type { Database, Queryable } from '../db/database';
import type { ListName } from './parse';

/** A line of the guest's list, as it moves: by id, so it keeps its addedAt and its place. */
export interface GuestLine {
  readonly id: string;
  readonly sku: string;
}

/**
 * The guest lines that move onto a customer's list holding `customerSkus` with room for `room`
 * more: those with a SKU the customer's list lacks (the first of each SKU), in the guest's order,
 * until the list is full. The rest go with the guest's list.
 */
export const linesToMove = (
  customerSkus: readonly string[],
  guestLines: readonly GuestLine[],
  room: number,
): GuestLine[] => {
  const taken = new Set(customerSkus);
  const moving: GuestLine[] = [];
  for (const line of guestLines) {
    if (moving.length >= room) break;
    if (taken.has(line.sku)) continue;
    taken.add(line.sku);
    moving.push(line);
  }
  return moving;
};

/** What one of the guest's lists did to the customer's list of the same name. */
export interface MergedList {
  readonly name: ListName;
  /** The customer's list. */
  readonly id: string;
  readonly version: number;
  readonly created: boolean;
  /** Lines that moved onto it. */
  readonly moved: number;
}

interface ListRow {
  readonly id: string;
  readonly name: ListName;
  readonly version: number;
}

export class GuestListMerge {
  constructor(private readonly db: Database) {}

  /**
   * Merges the lists of the guest session `anonymousId` into the customer's and deletes them, all
   * or nothing. Nothing happens without a session, when the guest has no lists, or when the
   * account no longer exists (its row is locked for the merge, so a deletion waits for it).
   */
  async merge(customerId: string, anonymousId: string | undefined): Promise<MergedList[]> {
    if (anonymousId === undefined || anonymousId === '') return [];
    const guestKey = ownerKey({ kind: 'guest', id: anonymousId });
    const customerKey = ownerKey({ kind: 'customer', id: customerId });
    return this.db.transaction(async (tx) => {
      const account = await tx.query('SELECT id FROM customers WHERE id = $1 FOR SHARE', [
        customerId,
      ]);
      if (account.rows.length === 0) return [];
      // Locked, so a second sign-in from the session waits here and then finds them gone. In
      // name order, so sign-ins of two guests into one account lock the customer's lists alike.
      const guestLists = await tx.query<ListRow>(
        'SELECT id, name, version FROM shopping_lists WHERE owner_key = $1 ORDER BY name FOR UPDATE',
        [guestKey],
      );
      const merged: MergedList[] = [];
      for (const guestList of guestLists.rows) {
        const result = await mergeOne(tx, customerKey, guestList);
        if (result !== null) merged.push(result);
      }
      if (guestLists.rows.length > 0) {
        await tx.query('DELETE FROM shopping_lists WHERE owner_key = $1', [guestKey]);
      }
      return merged;
    });
  }
}

/** One guest list into the customer's of that name; null when the guest's list is empty. */
const mergeOne = async (
  tx: Queryable,
  customerKey: string,
  guestList: ListRow,
): Promise<MergedList | null> => {
  const guestLines = await tx.query<GuestLine>(
    'SELECT id, sku FROM shopping_list_items WHERE list_id = $1 ORDER BY position',
    [guestList.id],
  );
  if (guestLines.rows.length === 0) return null;
  const { list, created } = await customerList(tx, customerKey, guestList.name);
  const held = await tx.query<{ sku: string }>(
    'SELECT sku FROM shopping_list_items WHERE list_id = $1',
    [list.id],
  );
  const skus = held.rows.map((r) => r.sku);
  const moving = linesToMove(skus, guestLines.rows, roomOnList(skus.length));
  if (moving.length === 0) {
    return { name: list.name, id: list.id, version: Number(list.version), created, moved: 0 };
  }
  await tx.query('UPDATE shopping_list_items SET list_id = $1 WHERE id = ANY($2::text[])', [
    list.id,
    moving.map((line) => line.id),
  ]);
  // A list created just now was never seen at another version: it starts at 1 like any new list.
  const version = created
    ? Number(list.version)
    : Number(
        (
          await tx.query<{ version: number }>(
            `UPDATE shopping_lists SET version = version + 1, updated_at = now()
             WHERE id = $1 RETURNING version`,
            [list.id],
          )
        ).rows[0]?.version,
      );
  return { name: list.name, id: list.id, version, created, moved: moving.length };
};

/** The customer's list of this name, locked, created when there is none. */
const customerList = async (
  tx: Queryable,
  customerKey: string,
  name: ListName,
): Promise<{ readonly list: ListRow; readonly created: boolean }> => {
  const inserted = await tx.query<ListRow>(
    `INSERT INTO shopping_lists (id, owner_key, name) VALUES ($1, $2, $3)
     ON CONFLICT (owner_key, name) DO NOTHING
     RETURNING id, name, version`,
    [randomUUID(), customerKey, name],
  );
  const fresh = inserted.rows[0];
  if (fresh !== undefined) return { list: fresh, created: true };
  const existing = await tx.query<ListRow>(
    'SELECT id, name, version FROM shopping_lists WHERE owner_key = $1 AND name = $2 FOR UPDATE',
    [customerKey, name],
  );
  const list = existing.rows[0];
  if (list === undefined) throw new Error('shopping list vanished after a create conflict');
  return { list, created: false };
};

/** Where a failed merge is reported: the request's logger. */
export interface MergeLog {
  error(details: object, message: string): void;
}

/**
 * For the sign-in and sign-up routes, after the guest's orders are claimed: a failed merge never
 * fails the sign-in. It is logged, and as its transaction rolled back the guest's lists stay as
 * they were, so the next sign-in from the session tries again.
 */
export const mergeGuestListsAtSignIn = async (
  merger: Pick<GuestListMerge, 'merge'>,
  customerId: string,
  anonymousId: string | undefined,
  log: MergeLog,
): Promise<void> => {
  try {
    await merger.merge(customerId, anonymousId);
  } catch (error) {
    log.error({ err: error }, "the guest's shopping lists were not merged into the account");
  }
};
