/**
 * The order-confirmation e-mail (issue 6), written to the outbox (ARCHITECTURE.md) in the caller's
 * transaction, so an order and its confirmation are written together or not at all. Plain text:
 * what was ordered, what it cost, where it goes, and how to look it up again.
 */
import { localized } from '../../core/cart/cart';
import { formatMoney, money, type Cents } from '../../core/shared/money';
import type { Queryable } from '../db/database';
import { writeOutbox, type NewMessage } from '../identity/outbox';
import type { Order } from './model';

/** Orders carry the cart's currency; ones written before they did were priced by country. */
const currencyOf = (order: Order): string =>
  order.currency ?? (order.shippingAddress.country === 'CA' ? 'CAD' : 'USD');

/** What one unit of a line costs after every discount. */
const unitPrice = (line: Order['lineItems'][number]): Cents =>
  line.discountedPrice ?? line.price.discountedValue ?? line.price.value;

export const confirmationSubject = (order: Order): string =>
  `Your Lavabo order ${order.orderNumber}`;

export const confirmationMessage = (order: Order): NewMessage => {
  const currency = currencyOf(order);
  const show = (cents: Cents) => formatMoney(money(cents, currency));
  const lines = order.lineItems
    .filter((line) => line.bundleParentId === undefined)
    .map(
      (line) =>
        `- ${line.quantity} × ${localized(line.name) || line.sku} (${line.sku}): ${show(unitPrice(line) * line.quantity)}`,
    );
  const a = order.shippingAddress;
  const address = [
    `${a.firstName} ${a.lastName}`.trim(),
    a.streetName,
    a.addressLine2,
    [a.city, a.state, a.postalCode].filter((p) => p !== undefined && p !== '').join(', '),
    a.country,
  ].filter((p): p is string => p !== undefined && p !== '');
  const t = order.totals;
  const text = [
    `Hello ${a.firstName},`,
    '',
    `Thank you for your order. Your order number is ${order.orderNumber}.`,
    '',
    ...lines,
    '',
    `Subtotal: ${show(t.subtotal)}`,
    ...(t.discount === 0 ? [] : [`Discount: -${show(t.discount)}`]),
    `Shipping: ${show(t.shipping)}`,
    `Tax: ${show(t.tax)}`,
    `Total: ${show(t.total)}`,
    '',
    'Shipping to:',
    ...address,
    '',
    ...(order.childOrders === undefined || order.childOrders.length === 0
      ? []
      : [`Your order ships in parts: ${order.childOrders.join(', ')}.`, '']),
    `Look up your order at /en/order-status with your order number and this e-mail address.`,
  ].join('\n');
  return { to: order.email.trim().toLowerCase(), subject: confirmationSubject(order), text };
};

/** Writes the confirmation of `order` to the outbox, in `tx`. */
export const sendOrderConfirmation = async (
  tx: Queryable,
  order: Order,
  sentAt: Date = new Date(),
): Promise<NewMessage> => {
  const message = confirmationMessage(order);
  await writeOutbox(tx, message, sentAt);
  return message;
};
