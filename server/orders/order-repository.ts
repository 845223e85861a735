/**
 * The read side of orders (docs/api.md "Orders") over the orders table of migration 006, which
 * checkout writes. The columns are the truth for what may change after an order is placed (its
 * status) and for who may see it (owner_key, email); the jsonb `doc` holds the rest as it was
 * when the order was placed. Every lookup is by owner, or by order number and e-mail together, so
 * nobody learns about another shopper's order by guessing a number.
 */
import type { Database, Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import {
  canMove,
  isOrderStatus,
  nextStatus,
  type Order,
  type OrderState,
  type OrderStatus,
  statusesOf,
} from './model';

/** At most this many orders in one history list, newest first. */
export const ORDER_LIST_MAX = 100;

interface OrderRow {
  readonly order_number: string;
  readonly parent_order_number: string | null;
  readonly email: string;
  readonly status: string;
  readonly order_type: string;
  readonly csr_associate_id: string | null;
  readonly doc: unknown;
  readonly created_at: Date | string;
  readonly child_orders: readonly string[] | null;
}

const COLUMNS = `o.order_number, o.parent_order_number, o.email, o.status, o.order_type,
  o.csr_associate_id, o.doc, o.created_at,
  ARRAY(SELECT c.order_number FROM orders c WHERE c.parent_order_number = o.order_number
        ORDER BY c.order_number) AS child_orders`;

const docOf = (value: unknown): Record<string, unknown> => {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {};
};

/** The stored document with the columns laid over it. */
export const orderOfRow = (row: OrderRow): Order => {
  const doc = docOf(row.doc);
  const {
    parentOrderNumber: _parent,
    childOrders: docChildren,
    CSRAssociateId: _csr,
    ...rest
  } = doc;
  const children =
    row.child_orders !== null && row.child_orders.length > 0
      ? [...row.child_orders]
      : Array.isArray(docChildren) && docChildren.every((c) => typeof c === 'string')
        ? (docChildren as string[])
        : undefined;
  return {
    ...(rest as unknown as Order),
    orderNumber: row.order_number,
    ...(row.parent_order_number === null ? {} : { parentOrderNumber: row.parent_order_number }),
    ...(children === undefined || children.length === 0 ? {} : { childOrders: children }),
    status: isOrderStatus(row.status) ? row.status : 'Open',
    orderType: row.order_type === 'ISC' ? 'ISC' : 'WEB',
    ...(row.csr_associate_id === null ? {} : { CSRAssociateId: row.csr_associate_id }),
    email: row.email,
    createdAt: new Date(row.created_at).toISOString(),
  };
};

export const orderNotFound = (orderNumber: string): ApiError =>
  new ApiError(404, `Order ${orderNumber} not found`, [{ code: 'OrderNotFound' }]);

/** An order with the cart it was placed from. */
export interface OrderOfCart {
  readonly order: Order;
  readonly cartId: string | null;
}

/**
 * The owner's order placed under this Idempotency-Key, with its cart. Takes a `Queryable` so
 * checkout can read inside its own transaction.
 */
export const orderByIdempotencyKey = async (
  db: Queryable,
  ownerKey: string,
  idempotencyKey: string,
): Promise<OrderOfCart | undefined> => {
  const rows = await db.query<OrderRow & { readonly cart_id: string | null }>(
    `SELECT ${COLUMNS}, o.cart_id FROM orders o WHERE o.owner_key = $1 AND o.idempotency_key = $2`,
    [ownerKey, idempotencyKey],
  );
  const row = rows.rows[0];
  return row === undefined ? undefined : { order: orderOfRow(row), cartId: row.cart_id };
};

/** The owner's order of this cart (a cart is ordered at most once); inside a transaction or not. */
export const orderOfCart = async (
  db: Queryable,
  ownerKey: string,
  cartId: string,
): Promise<Order | undefined> => {
  const rows = await db.query<OrderRow>(
    `SELECT ${COLUMNS} FROM orders o WHERE o.cart_id = $1 AND o.owner_key = $2`,
    [cartId, ownerKey],
  );
  const row = rows.rows[0];
  return row === undefined ? undefined : orderOfRow(row);
};

export class OrderRepository {
  constructor(readonly db: Database) {}

  /**
   * Orders a guest placed become the customer's who signs in or signs up from that guest session
   * (the bearer token's anonymousId), when they were placed with the customer's e-mail. Both are
   * needed: the guest session proves the same browser, the e-mail that the orders are theirs.
   * The account must still exist: one deleted meanwhile takes nothing. Answers how many moved.
   */
  async claimGuestOrders(
    customerId: string,
    customerKey: string,
    guestKey: string,
    email: string,
  ): Promise<number> {
    const r = await this.db.query(
      `UPDATE orders SET owner_key = $1
       WHERE owner_key = $2 AND lower(email) = $3
         AND EXISTS (SELECT 1 FROM customers WHERE id = $4)`,
      [customerKey, guestKey, email.trim().toLowerCase(), customerId],
    );
    return r.rowCount;
  }

  /** The owner's order; null when there is none by that number or it is someone else's. */
  async ofOwner(ownerKey: string, orderNumber: string): Promise<Order | null> {
    const r = await this.db.query<OrderRow>(
      `SELECT ${COLUMNS} FROM orders o WHERE o.order_number = $1 AND o.owner_key = $2`,
      [orderNumber, ownerKey],
    );
    const row = r.rows[0];
    return row === undefined ? null : orderOfRow(row);
  }

  /**
   * Find-my-orders: the order with this number placed with this e-mail (both already normalised),
   * or nothing — the same nothing whether the number is unknown or the e-mail is wrong.
   */
  async byNumberAndEmail(orderNumber: string, email: string): Promise<Order[]> {
    const r = await this.db.query<OrderRow>(
      `SELECT ${COLUMNS} FROM orders o WHERE o.order_number = $1 AND lower(o.email) = $2`,
      [orderNumber, email],
    );
    return r.rows.map(orderOfRow);
  }

  /** The owner's orders in `state`, newest first; child orders are listed on their parent. */
  async listOfOwner(ownerKey: string, state: OrderState): Promise<Order[]> {
    const r = await this.db.query<OrderRow>(
      `SELECT ${COLUMNS} FROM orders o
       WHERE o.owner_key = $1 AND o.parent_order_number IS NULL AND o.status = ANY($2::text[])
       ORDER BY o.created_at DESC, o.order_number DESC LIMIT $3`,
      [ownerKey, [...statusesOf(state)], ORDER_LIST_MAX],
    );
    return r.rows.map(orderOfRow);
  }

  /** The child orders of a split order, when the e-mail is the one it was placed with. */
  async childrenOf(parentOrderNumber: string, email: string): Promise<Order[]> {
    const r = await this.db.query<OrderRow>(
      `SELECT ${COLUMNS} FROM orders o
       WHERE o.parent_order_number = $1 AND lower(o.email) = $2
         AND EXISTS (SELECT 1 FROM orders p WHERE p.order_number = $1 AND lower(p.email) = $2)
       ORDER BY o.order_number`,
      [parentOrderNumber, email],
    );
    return r.rows.map(orderOfRow);
  }

  /**
   * Moves an order one step on (Open → Confirmed → Shipped → Completed), or to `to` when given
   * and allowed (Cancelled from Open or Confirmed). Unknown order → 404; a move its status does
   * not allow → 409 `InvalidStatusTransition`. The row is locked, so two advances never both
   * start from the same status.
   */
  async advance(orderNumber: string, to?: OrderStatus): Promise<Order> {
    return this.db.transaction(async (tx) => {
      const current = await tx.query<{ status: string }>(
        'SELECT status FROM orders WHERE order_number = $1 FOR UPDATE',
        [orderNumber],
      );
      const row = current.rows[0];
      if (row === undefined) throw orderNotFound(orderNumber);
      const from: OrderStatus = isOrderStatus(row.status) ? row.status : 'Open';
      const target = to ?? nextStatus(from);
      if (target === undefined || !canMove(from, target)) {
        throw new ApiError(
          409,
          target === undefined
            ? `Order ${orderNumber} is ${from} and moves no further`
            : `Order ${orderNumber} cannot go from ${from} to ${target}`,
          [
            {
              code: 'InvalidStatusTransition',
              from,
              ...(target === undefined ? {} : { to: target }),
            },
          ],
        );
      }
      await tx.query(
        `UPDATE orders SET status = $2, doc = jsonb_set(doc, '{status}', to_jsonb($2::text))
         WHERE order_number = $1`,
        [orderNumber, target],
      );
      return this.readIn(tx, orderNumber);
    });
  }

  private async readIn(db: Queryable, orderNumber: string): Promise<Order> {
    const r = await db.query<OrderRow>(
      `SELECT ${COLUMNS} FROM orders o WHERE o.order_number = $1`,
      [orderNumber],
    );
    const row = r.rows[0];
    if (row === undefined) throw orderNotFound(orderNumber);
    return orderOfRow(row);
  }
}
