/**
 * Orders written straight into the orders table (migration 006), as checkout's submit would write
 * them, so the read side can be tested on its own: any owner, e-mail, status or split.
 */
import { randomUUID } from 'node:crypto';
import type { CartLineItem } from '../../../core/cart/cart';
import type { Queryable } from '../../../server/db/database';
import type { Order, OrderStatus } from '../../../server/orders/model';
import { secureOrderNumber } from '../../../server/orders/order-number';

/** A fresh order number, drawn as checkout draws them (server/orders/order-number.ts). */
export const freshOrderNumber = (): string => secureOrderNumber();

let counter = 0;

/** A number in the sequential shape of orders placed before numbers were random (`LV-900001`). */
export const sequentialOrderNumber = (): string => `LV-${900_001 + counter++}`;

export const lineItem = (sku: string, quantity: number, unitCents: number): CartLineItem => ({
  id: randomUUID(),
  sku,
  quantity,
  addedAt: '2026-01-02T03:04:05.000Z',
  productSlug: { 'en-US': sku.toLowerCase() },
  name: { 'en-US': `Faucet ${sku}` },
  price: { value: unitCents },
  discounts: [],
  backorderable: false,
  noShipping: false,
  isService: false,
  isComboSku: false,
});

export interface OrderSeed {
  readonly ownerKey: string;
  readonly email: string;
  readonly status?: OrderStatus;
  readonly orderNumber?: string;
  readonly parentOrderNumber?: string;
  readonly orderType?: 'WEB' | 'ISC';
  readonly csrAssociateId?: string;
  readonly createdAt?: Date;
  readonly lineItems?: readonly CartLineItem[];
}

/** Inserts an order as checkout would (e-mail stored normalised) and returns it as stored. */
export const insertOrder = async (db: Queryable, seed: OrderSeed): Promise<Order> => {
  const lines = seed.lineItems ?? [lineItem('K-100-CP', 2, 12_345)];
  const subtotal = lines.reduce((sum, l) => sum + l.price.value * l.quantity, 0);
  const order: Order = {
    orderNumber: seed.orderNumber ?? freshOrderNumber(),
    ...(seed.parentOrderNumber === undefined ? {} : { parentOrderNumber: seed.parentOrderNumber }),
    status: seed.status ?? 'Open',
    orderType: seed.orderType ?? 'WEB',
    ...(seed.csrAssociateId === undefined ? {} : { CSRAssociateId: seed.csrAssociateId }),
    createdAt: (seed.createdAt ?? new Date()).toISOString(),
    email: seed.email.trim().toLowerCase(),
    shippingAddress: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: seed.email,
      mobile: '5551234567',
      streetName: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
      country: 'US',
    },
    lineItems: lines,
    totals: {
      subtotal,
      discount: 0,
      shipping: 1_500,
      tax: 1_000,
      total: subtotal + 2_500,
    },
    payment: { method: 'card', brand: 'visa', last4: '1111' },
  };
  await db.query(
    `INSERT INTO orders (order_number, parent_order_number, owner_key, email, status, order_type,
       csr_associate_id, cart_id, doc, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10)`,
    [
      order.orderNumber,
      seed.parentOrderNumber ?? null,
      seed.ownerKey,
      order.email,
      order.status,
      order.orderType,
      seed.csrAssociateId ?? null,
      seed.parentOrderNumber === undefined ? `cart-${randomUUID()}` : null,
      JSON.stringify(order),
      order.createdAt,
    ],
  );
  return order;
};
