/** Route `/en/account/orders/{id}` (secure): one of the customer's orders. */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { GetChildOrders } from '../../core/orders/get-child-orders';
import type { GetOrder } from '../../core/orders/get-order';
import { TYPES } from '../../adapters/di/types';
import { pageTitles } from '../app/page-titles';
import { useContainer } from '../app/container-context';
import { EmptyState, ErrorState, Skeleton } from '../components/states';
import { OrderDetailsViewModel } from '../orders/order-details-view-model';
import { OrderView } from '../orders/order-view';
import '../orders/orders.css';

const OrderDetailsPage = observer(() => {
  const container = useContainer();
  const { id = '' } = useParams();
  const [vm] = useState(
    () =>
      new OrderDetailsViewModel(
        container.get<GetOrder>(TYPES.GetOrder),
        container.get<GetChildOrders>(TYPES.GetChildOrders),
      ),
  );
  useEffect(() => {
    void vm.load(id);
  }, [vm, id]);

  const title = pageTitles.orderDetails;
  return (
    <main id="main" className="page orders-page order-details">
      <title>{`${title} — Lavabo`}</title>
      <h1>{title}</h1>
      <Link to="/en/account/orders">Back to order history</Link>
      {(vm.status === 'idle' || vm.status === 'loading') && (
        <div aria-busy="true">
          <span className="visually-hidden" role="status">
            Loading order…
          </span>
          <Skeleton height="12rem" />
        </div>
      )}
      {vm.status === 'failed' && (
        <ErrorState
          title="We could not load this order."
          message="Please check your connection and try again."
          onRetry={() => void vm.load(id)}
        />
      )}
      {vm.notFound && (
        <EmptyState title="Order not found">
          <p>We could not find that order in your account.</p>
        </EmptyState>
      )}
      {vm.order !== null && <OrderView order={vm.order} childOrders={vm.childOrders} />}
    </main>
  );
});

export default OrderDetailsPage;
