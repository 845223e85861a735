/**
 * The order confirmation (spec §4): the order number as text, where the confirmation went, a note
 * when a sales associate entered it, the parts of a split order, then the order as the history
 * shows it (lines, address, totals, payment). "Check your order status" opens the status page
 * with this order's number and e-mail filled in; a signed-in shopper also gets their order history.
 */
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router';
import { routes } from '../../core/content/routes';
import type { Order } from '../../core/orders/order';
import { useOptionalAuth } from '../auth/auth-context';
import { orderStatusLink } from '../orders/order-status-view-model';
import { OrderView } from '../orders/order-view';
import '../orders/orders.css';

export const OrderConfirmationView = observer(({ order }: { order: Order }) => {
  const signedIn = useOptionalAuth()?.isAuth ?? false;
  return (
    <main id="main" className="page orders-page order-confirmation">
      <title>Order confirmation — Lavabo</title>
      <h1>Thank you for your order</h1>
      <section className="order-confirmation__lead" aria-label="Your order number">
        <p>
          Order number:{' '}
          <strong className="order-confirmation__number" data-testid="order-number">
            {order.orderNumber}
          </strong>
        </p>
        <p>We have sent a confirmation to {order.email}.</p>
        {order.orderType === 'ISC' && (
          <p role="note">Entered in store by a sales associate (order type ISC).</p>
        )}
      </section>
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
      <OrderView order={order} />
      <p className="order-confirmation__actions">
        <Link {...orderStatusLink(order)}>Check your order status</Link>
        {signedIn && <Link to={routes.orderHistory}>See your order history</Link>}
        <Link to={routes.home}>Continue shopping</Link>
      </p>
    </main>
  );
});
