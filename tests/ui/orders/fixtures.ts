/** Orders for the orders tests, shaped as the API returns them (core/orders/order.ts). */
import type { CartLineItem } from '../../../core/cart/cart';
import type { Order } from '../../../core/orders/order';

export const line = (sku: string, quantity = 1, cents = 10_000): CartLineItem => ({
  id: `line-${sku}`,
  sku,
  quantity,
  addedAt: '2026-03-01T10:00:00.000Z',
  productSlug: { 'en-US': sku.toLowerCase() },
  name: { 'en-US': `Product ${sku}` },
  price: { value: cents },
  discounts: [],
  backorderable: false,
  noShipping: false,
  isService: false,
  isComboSku: false,
});

export const order = (orderNumber: string, overrides: Partial<Order> = {}): Order => ({
  orderNumber,
  status: 'Open',
  orderType: 'WEB',
  createdAt: '2026-03-12T15:30:00.000Z',
  email: 'ada@example.com',
  shippingAddress: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    mobile: '5551234567',
    streetName: '1 Analytical Way',
    city: 'Kohler',
    state: 'WI',
    postalCode: '53044',
    country: 'US',
  },
  lineItems: [line('K-1000-BL', 2)],
  totals: { subtotal: 20_000, discount: 0, shipping: 0, tax: 1_100, total: 21_100 },
  payment: { method: 'card', brand: 'Visa', last4: '1111' },
  ...overrides,
});
