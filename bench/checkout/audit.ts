/**
 * What the database kept after a crash, against what the clients were told: every order confirmed
 * to a client is stored with its cart, total and lines; no cart has two orders; and the stock each
 * SKU lost is exactly what the stored orders hold — no stock taken for an order that does not
 * exist. Reads the data dir directly (the server must be stopped: PGlite has one user at a time);
 * the comparison itself is a pure function.
 */
import type { Database, Queryable } from '../../server/db/database';
import { openDatabase } from '../../server/db/open';
import { isConfirmed, type Attempt, type Line } from './burst';

export interface StoredOrder {
  readonly orderNumber: string;
  readonly cartId: string | null;
  readonly total: number;
  readonly lines: readonly Line[];
}

export interface StockCount {
  readonly sku: string;
  readonly before: number;
  readonly after: number;
  /** Units of the SKU on the stored orders. */
  readonly ordered: number;
}

export interface AuditReport {
  /** Orders confirmed to a client. */
  readonly confirmed: number;
  /** Of those, stored with the same cart, total and lines. */
  readonly found: number;
  /** Confirmed order numbers the database does not hold. */
  readonly lost: readonly string[];
  /** Confirmed order numbers stored with another cart, total or lines. */
  readonly changed: readonly string[];
  /** Carts with more than one order. */
  readonly duplicateCarts: readonly string[];
  /** Orders of the attempts' carts whose answer never reached the client (allowed: the kill). */
  readonly committedUnanswered: number;
  readonly stock: readonly StockCount[];
  /** SKUs whose stock went down by more or less than the stored orders hold. */
  readonly stockMismatches: readonly StockCount[];
}

interface OrderRow {
  readonly order_number: string;
  readonly cart_id: string | null;
  readonly doc: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The total and lines of a stored order document (orders.doc, the Order as the API answers it). */
export const storedOrderOf = (row: OrderRow): StoredOrder => {
  const doc = typeof row.doc === 'string' ? (JSON.parse(row.doc) as unknown) : row.doc;
  const totals = isRecord(doc) ? doc.totals : undefined;
  const items = isRecord(doc) && Array.isArray(doc.lineItems) ? (doc.lineItems as unknown[]) : [];
  return {
    orderNumber: row.order_number,
    cartId: row.cart_id,
    total: isRecord(totals) ? Number(totals.total) : Number.NaN,
    lines: items
      .filter(isRecord)
      .map((l) => ({ sku: String(l.sku), quantity: Number(l.quantity) })),
  };
};

/** Every order that is not a child of a split order (children repeat their parent's lines). */
export const readOrders = async (db: Queryable): Promise<StoredOrder[]> => {
  const rows = await db.query<OrderRow>(
    'SELECT order_number, cart_id, doc FROM orders WHERE parent_order_number IS NULL',
  );
  return rows.rows.map(storedOrderOf);
};

export const readStock = async (
  db: Queryable,
  skus: readonly string[],
): Promise<Map<string, number>> => {
  const rows = await db.query<{ sku: string; available_qty: number }>(
    'SELECT sku, available_qty FROM product_variants WHERE sku = ANY($1::text[])',
    [[...skus]],
  );
  return new Map(rows.rows.map((r) => [r.sku, Number(r.available_qty)] as const));
};

/** Opens the stopped server's embedded database, as the server does (server/db/open.ts). */
export const openDataDir = (dataDir: string): Promise<Database> =>
  openDatabase({ databaseUrl: undefined, dataDir });

const sameLines = (a: readonly Line[], b: readonly Line[]): boolean => {
  const key = (lines: readonly Line[]) =>
    lines
      .map((l) => `${l.sku}×${l.quantity}`)
      .sort()
      .join(',');
  return key(a) === key(b);
};

/**
 * Compares the attempts (what clients were told) with the stored orders and stock. `stockBefore`
 * holds the SKUs to account for, read before the attempts; every stored order counts against them.
 */
export const auditOrders = (
  attempts: readonly Attempt[],
  orders: readonly StoredOrder[],
  stockBefore: ReadonlyMap<string, number>,
  stockAfter: ReadonlyMap<string, number>,
): AuditReport => {
  const byNumber = new Map(orders.map((o) => [o.orderNumber, o] as const));
  const confirmed = attempts.filter(isConfirmed);
  const lost: string[] = [];
  const changed: string[] = [];
  for (const a of confirmed) {
    const stored = byNumber.get(a.order.orderNumber);
    if (stored === undefined) lost.push(a.order.orderNumber);
    else if (
      stored.cartId !== a.cartId ||
      stored.total !== a.order.totals.total ||
      !sameLines(stored.lines, a.order.lineItems)
    ) {
      changed.push(a.order.orderNumber);
    }
  }

  const perCart = new Map<string, number>();
  for (const o of orders) {
    if (o.cartId !== null) perCart.set(o.cartId, (perCart.get(o.cartId) ?? 0) + 1);
  }
  const duplicateCarts = [...perCart].filter(([, n]) => n > 1).map(([cart]) => cart);

  const answered = new Set(confirmed.map((a) => a.cartId));
  const committedUnanswered = attempts.filter(
    (a) => a.cartId !== undefined && !answered.has(a.cartId) && perCart.has(a.cartId),
  ).length;

  const stock = [...stockBefore].map(([sku, before]): StockCount => {
    const ordered = orders
      .flatMap((o) => o.lines)
      .filter((l) => l.sku === sku)
      .reduce((sum, l) => sum + l.quantity, 0);
    return { sku, before, after: stockAfter.get(sku) ?? Number.NaN, ordered };
  });

  return {
    confirmed: confirmed.length,
    found: confirmed.length - lost.length - changed.length,
    lost,
    changed,
    duplicateCarts,
    committedUnanswered,
    stock,
    stockMismatches: stock.filter((s) => s.before - s.after !== s.ordered),
  };
};

/** One line per thing wrong; empty when the database kept every promise. */
export const problemsOf = (report: AuditReport): string[] => [
  ...report.lost.map((n) => `lost: ${n} was confirmed to a client and is not stored`),
  ...report.changed.map((n) => `changed: ${n} is stored with another cart, total or lines`),
  ...report.duplicateCarts.map((c) => `duplicate: cart ${c} has more than one order`),
  ...report.stockMismatches.map(
    (s) =>
      `stock: ${s.sku} went from ${s.before} to ${s.after} but the stored orders hold ${s.ordered}`,
  ),
];
