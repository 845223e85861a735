/**
 * /en/order-confirmation?id=…: the order just placed, handed over by checkout in the navigation
 * state and shown at once, or read back through the orders port (a reload, or a link) — only the
 * shopper's own order is shown, and a failed read can be retried.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { TYPES } from '../../adapters/di/types';
import type { Order } from '../../core/orders/order';
import type { GetChildOrders } from '../../core/orders/get-child-orders';
import type { GetOrder } from '../../core/orders/get-order';
import { useContainer } from '../app/container-context';
import { OrderConfirmationView } from '../checkout/order-confirmation-view';
import { EmptyState, ErrorState, Skeleton } from '../components/states';
import { OrderDetailsViewModel } from '../orders/order-details-view-model';

const isOrder = (value: unknown): value is Order =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { orderNumber?: unknown }).orderNumber === 'string';

const OrderConfirmationPage = observer(() => {
  const container = useContainer();
  const [params] = useSearchParams();
  const location = useLocation();
  const id = params.get('id') ?? '';
  const handed = (location.state as { order?: unknown } | null)?.order;
  const initial = isOrder(handed) && handed.orderNumber === id ? handed : null;
  const [vm] = useState(
    () =>
      new OrderDetailsViewModel(
        container.get<GetOrder>(TYPES.GetOrder),
        container.get<GetChildOrders>(TYPES.GetChildOrders),
      ),
  );
  useEffect(() => {
    if (initial === null) void vm.load(id);
  }, [vm, id, initial]);

  const order = initial ?? vm.order;
  if (order !== null) return <OrderConfirmationView order={order} />;
  return (
    <main id="main" className="page">
      <title>Order confirmation — Lavabo</title>
      <h1>Order confirmation</h1>
      {(vm.status === 'idle' || vm.status === 'loading') && (
        <div aria-busy="true">
          <span className="visually-hidden" role="status">
            Loading your order…
          </span>
          <Skeleton height="12rem" />
        </div>
      )}
      {vm.status === 'failed' && (
        <ErrorState
          title="We could not load your order."
          message="Please check your connection and try again."
          onRetry={() => void vm.load(id)}
        />
      )}
      {vm.notFound && (
        <EmptyState
          title="Order not found"
          action={<Link to="/en/order-status">Look up an order</Link>}
        >
          <p>We could not find that order.</p>
        </EmptyState>
      )}
    </main>
  );
});

export default OrderConfirmationPage;
