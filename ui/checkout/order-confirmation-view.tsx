/** The order confirmation (spec §4): the order number as text, what was ordered and the totals. */
import { DEFAULT_LOCALE, localized } from '../../core/cart/cart';
import type { Order } from '../../core/orders/order';
import { formatMoney, money } from '../../core/shared/money';
import { Link } from 'react-router';

const usd = (cents: number): string => formatMoney(money(cents));

export const OrderConfirmationView = ({ order }: { order: Order }) => (
  <main id="main" className="page order-confirmation">
    <title>Order confirmation — Lavabo</title>
    <h1>Thank you for your order</h1>
    <p>
      Order number: <strong data-testid="order-number">{order.orderNumber}</strong>
    </p>
    <p>We have sent a confirmation to {order.email}.</p>
    <ul>
      {order.lineItems.map((line) => (
        <li key={line.id}>
          {localized(line.name, DEFAULT_LOCALE)} × {line.quantity}
        </li>
      ))}
    </ul>
    <dl>
      <dt>Subtotal</dt>
      <dd>{usd(order.totals.subtotal)}</dd>
      <dt>Shipping</dt>
      <dd>{usd(order.totals.shipping)}</dd>
      <dt>Tax</dt>
      <dd>{usd(order.totals.tax)}</dd>
      <dt>Total</dt>
      <dd>{usd(order.totals.total)}</dd>
    </dl>
    <p>
      Paid by {order.payment.method}
      {order.payment.last4 === undefined
        ? ''
        : ` (${order.payment.brand ?? 'card'} ending ${order.payment.last4})`}
    </p>
    <Link to="/en/order-status">Check your order status</Link>
  </main>
);
