/**
 * The order confirmation (spec §4): the order number as text, what was ordered, the totals, how it
 * was paid, the child orders when it ships in parts, and a note when a sales associate entered it.
 */
import { Link } from 'react-router';
import { DEFAULT_LOCALE, localized } from '../../core/cart/cart';
import type { Order } from '../../core/orders/order';
import { formatCents, describePayment } from '../orders/order-view';

export const OrderConfirmationView = ({ order }: { order: Order }) => (
  <main id="main" className="page order-confirmation">
    <title>Order confirmation — Lavabo</title>
    <h1>Thank you for your order</h1>
    <p>
      Order number: <strong data-testid="order-number">{order.orderNumber}</strong>
    </p>
    <p>We have sent a confirmation to {order.email}.</p>
    {order.orderType === 'ISC' && (
      <p role="note">Entered in store by a sales associate (order type ISC).</p>
    )}
    {order.childOrders !== undefined && order.childOrders.length > 0 && (
      <section aria-labelledby="confirmation-parts">
        <h2 id="confirmation-parts">Your order ships in {order.childOrders.length} parts</h2>
        <p>Each part has its own order number, all under {order.orderNumber}:</p>
        <ul>
          {order.childOrders.map((child) => (
            <li key={child}>{child}</li>
          ))}
        </ul>
      </section>
    )}
    <h2>What you ordered</h2>
    <ul>
      {order.lineItems.map((line) => (
        <li key={line.id}>
          {localized(line.name, DEFAULT_LOCALE)} × {line.quantity}
        </li>
      ))}
    </ul>
    <dl>
      <dt>Subtotal</dt>
      <dd>{formatCents(order.totals.subtotal)}</dd>
      {order.totals.discount > 0 && (
        <>
          <dt>Discount</dt>
          <dd>{formatCents(-order.totals.discount)}</dd>
        </>
      )}
      <dt>Shipping</dt>
      <dd>{formatCents(order.totals.shipping)}</dd>
      <dt>Tax</dt>
      <dd>{formatCents(order.totals.tax)}</dd>
      <dt>Total</dt>
      <dd>{formatCents(order.totals.total)}</dd>
    </dl>
    <p>Paid by {describePayment(order.payment)}</p>
    <Link to="/en/order-status">Check your order status</Link>
  </main>
);
