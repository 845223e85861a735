/**
 * Route `/en/order-status`: a guest finds an order by its number and the e-mail it was placed with
 * (spec §5, §7 find-my-orders). Fields "Order number" and "Email", button "Find order" (pinned).
 * `?orderNumber=…` and the link's history state `{email}` fill the fields (the order confirmation's
 * link), without looking up.
 */
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { FindOrder } from '../../core/orders/find-order';
import type { GetChildOrders } from '../../core/orders/get-child-orders';
import { ORDER_NUMBER_MAX_LENGTH } from '../../core/validation/order-lookup';
import { TYPES } from '../../adapters/di/types';
import { pageTitles } from '../app/page-titles';
import { useContainer } from '../app/container-context';
import '../auth/auth.css';
import { Field } from '../auth/field';
import { ErrorState } from '../components/states';
import { OrderStatusViewModel } from '../orders/order-status-view-model';
import { OrderView } from '../orders/order-view';
import '../orders/orders.css';

const OrderStatusPage = observer(() => {
  const container = useContainer();
  const [query] = useSearchParams();
  const location = useLocation();
  const [vm] = useState(() => {
    const model = new OrderStatusViewModel(
      container.get<FindOrder>(TYPES.FindOrder),
      container.get<GetChildOrders>(TYPES.GetChildOrders),
    );
    // "Check your order status" on the confirmation hands over the order number and e-mail.
    model.prefill(query, location.state);
    return model;
  });
  const title = pageTitles.orderStatus;
  return (
    <main id="main" className="page orders-page order-status-page">
      <title>{`${title} — Lavabo`}</title>
      <h1>{title}</h1>
      <p>Enter your order number and the e-mail address you used at checkout.</p>
      <form
        className="order-lookup"
        noValidate
        aria-label="Find your order"
        onSubmit={(e) => {
          e.preventDefault();
          void vm.submit();
        }}
      >
        <Field
          label="Order number"
          name="orderNumber"
          autoComplete="off"
          maxLength={ORDER_NUMBER_MAX_LENGTH + 8}
          value={vm.orderNumber}
          error={vm.errors.orderNumber}
          onValue={(v) => vm.setOrderNumber(v)}
        />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={vm.email}
          error={vm.errors.email}
          onValue={(v) => vm.setEmail(v)}
        />
        <div className="order-lookup__actions">
          <button type="submit" className="button button--primary" aria-busy={vm.busy}>
            Find order
          </button>
          {vm.busy && <span role="status">Looking up your order…</span>}
        </div>
      </form>
      {vm.status === 'failed' && (
        <ErrorState
          title="We could not look up your order."
          message="Please check your connection and try again."
          onRetry={() => void vm.submit()}
        />
      )}
      {vm.notFound && (
        <p className="orders-page__message" role="alert">
          We could not find an order with that order number and e-mail address. Please check both
          and try again.
        </p>
      )}
      {vm.order !== null && <OrderView order={vm.order} childOrders={vm.childOrders} />}
    </main>
  );
});

export default OrderStatusPage;
