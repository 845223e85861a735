/**
 * The durability audit (bench/checkout/audit.ts) flags what it is there to flag: a confirmed order
 * missing or stored differently, a cart with two orders, stock taken for an order that is not
 * stored — and passes a database that kept every promise. Without this, a passing durability test
 * could mean an audit that never says no.
 */
import { describe, expect, it } from 'vitest';
import {
  auditOrders,
  problemsOf,
  storedOrderOf,
  type StoredOrder,
} from '../../../bench/checkout/audit';
import type { Attempt } from '../../../bench/checkout/burst';
import type { Order } from '../../../core/orders/order';

const order = (orderNumber: string, total: number, sku: string, quantity: number): Order =>
  ({
    orderNumber,
    totals: { subtotal: total, discount: 0, shipping: 0, tax: 0, total },
    lineItems: [{ sku, quantity }],
  }) as unknown as Order;

const confirmed = (cartId: string, o: Order): Attempt => ({
  email: `${cartId}@durability.test`,
  lines: o.lineItems.map((l) => ({ sku: l.sku, quantity: l.quantity })),
  cartId,
  submitted: true,
  order: o,
});

const stored = (o: Order, cartId: string): StoredOrder => ({
  orderNumber: o.orderNumber,
  cartId,
  total: o.totals.total,
  lines: o.lineItems.map((l) => ({ sku: l.sku, quantity: l.quantity })),
});

const A = order('LV-1', 1000, 'K-1', 2);
const B = order('LV-2', 500, 'K-2', 1);
const attempts: Attempt[] = [
  confirmed('cart-a', A),
  confirmed('cart-b', B),
  // Submitted, answer lost in the kill: its order may or may not be stored.
  {
    email: 'c@durability.test',
    lines: [{ sku: 'K-1', quantity: 1 }],
    cartId: 'cart-c',
    submitted: true,
  },
];
const before = new Map([
  ['K-1', 10],
  ['K-2', 10],
]);

describe('auditOrders', () => {
  it('passes when every confirmed order is stored and the stock matches the stored orders', () => {
    const c = order('LV-3', 300, 'K-1', 1);
    const report = auditOrders(
      attempts,
      [stored(A, 'cart-a'), stored(B, 'cart-b'), stored(c, 'cart-c')],
      before,
      new Map([
        ['K-1', 7],
        ['K-2', 9],
      ]),
    );
    expect(problemsOf(report)).toEqual([]);
    expect(report.found).toBe(2);
    expect(report.committedUnanswered).toBe(1);
  });

  it('flags a confirmed order that is missing, and the stock it took', () => {
    const report = auditOrders(
      attempts,
      [stored(B, 'cart-b')],
      before,
      new Map([
        ['K-1', 8],
        ['K-2', 9],
      ]),
    );
    expect(report.lost).toEqual(['LV-1']);
    expect(report.found).toBe(1);
    expect(report.stockMismatches.map((s) => s.sku)).toEqual(['K-1']);
  });

  it('flags an order stored with another total or lines, and a cart with two orders', () => {
    const report = auditOrders(
      attempts,
      [
        { ...stored(A, 'cart-a'), total: 999 },
        { ...stored(B, 'cart-b'), lines: [{ sku: 'K-2', quantity: 2 }] },
        { ...stored(B, 'cart-b'), orderNumber: 'LV-4' },
      ],
      before,
      new Map([
        ['K-1', 8],
        ['K-2', 7],
      ]),
    );
    expect(report.changed).toEqual(['LV-1', 'LV-2']);
    expect(report.duplicateCarts).toEqual(['cart-b']);
    expect(report.stockMismatches).toEqual([]);
  });

  it('reads the total and lines of a stored order document, parsed or as text', () => {
    const doc = { totals: { total: 1234 }, lineItems: [{ sku: 'K-9', quantity: 3, id: 'x' }] };
    const expected = {
      orderNumber: 'LV-9',
      cartId: null,
      total: 1234,
      lines: [{ sku: 'K-9', quantity: 3 }],
    };
    expect(storedOrderOf({ order_number: 'LV-9', cart_id: null, doc })).toEqual(expected);
    expect(
      storedOrderOf({ order_number: 'LV-9', cart_id: null, doc: JSON.stringify(doc) }),
    ).toEqual(expected);
  });
});
