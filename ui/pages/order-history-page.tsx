/** Route `/en/account/orders` (secure): the customer's open and past orders, newest first. */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ORDER_STATES, type OrderState } from '../../core/orders/order';
import type { ListOrders } from '../../core/orders/list-orders';
import { TYPES } from '../../adapters/di/types';
import { pageTitles } from '../app/page-titles';
import { useContainer } from '../app/container-context';
import { EmptyState, ErrorState, Skeleton } from '../components/states';
import { useTabs } from '../components/tabs';
import { OrderHistoryViewModel } from '../orders/order-history-view-model';
import { formatOrderAmount, formatOrderDate, itemCountText } from '../orders/order-view';
import '../orders/orders.css';

const TAB_LABELS: Record<OrderState, string> = { open: 'Open orders', past: 'Past orders' };

const OrderHistoryPage = observer(() => {
  const container = useContainer();
  const [vm] = useState(
    () => new OrderHistoryViewModel(container.get<ListOrders>(TYPES.ListOrders)),
  );
  useEffect(() => {
    void vm.select(vm.tab);
  }, [vm]);
  const { tabListProps, tabProps, panelProps } = useTabs({
    keys: ORDER_STATES,
    selected: vm.tab,
    onSelect: (state) => void vm.select(state),
    tabId: (state) => `orders-tab-${state}`,
    // One panel shows whichever list is chosen.
    panelId: () => 'orders-panel',
  });

  const title = pageTitles.orderHistory;
  const { status, orders } = vm.current;
  return (
    <main id="main" className="page orders-page order-history">
      <title>{`${title} — Lavabo`}</title>
      <h1>{title}</h1>
      <div className="order-history__tabs" aria-label="Orders" {...tabListProps}>
        {ORDER_STATES.map((state) => (
          <button key={state} {...tabProps(state)} className="order-history__tab">
            {TAB_LABELS[state]}
          </button>
        ))}
      </div>
      <div {...panelProps(vm.tab)} aria-busy={status === 'loading'}>
        {(status === 'idle' || status === 'loading') && (
          <>
            <span className="visually-hidden" role="status">
              Loading orders…
            </span>
            <Skeleton height="5rem" />
          </>
        )}
        {status === 'failed' && (
          <ErrorState
            title="We could not load your orders."
            message="Please check your connection and try again."
            onRetry={() => void vm.load()}
          />
        )}
        {vm.isEmpty && (
          <EmptyState
            title={vm.tab === 'open' ? 'No open orders' : 'No past orders'}
            action={
              <Link className="button" to="/en">
                Start shopping
              </Link>
            }
          />
        )}
        {status === 'succeeded' && orders.length > 0 && (
          <ul className="order-history__list" aria-label={TAB_LABELS[vm.tab]}>
            {orders.map((order) => (
              <li key={order.orderNumber} className="order-history__item">
                <Link to={`/en/account/orders/${encodeURIComponent(order.orderNumber)}`}>
                  Order {order.orderNumber}
                </Link>
                <span>{formatOrderAmount(order, order.totals.total)}</span>
                <span className="order-history__meta">
                  {order.status} · {formatOrderDate(order.createdAt)} · {itemCountText(order)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
});

export default OrderHistoryPage;
