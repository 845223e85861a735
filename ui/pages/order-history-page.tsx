/** Route `/en/account/orders` (secure): the customer's open and past orders, newest first. */
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { ORDER_STATES, type OrderState } from '../../core/orders/order';
import type { OrdersGateway } from '../../core/orders/ports';
import { TYPES } from '../../adapters/di/types';
import { pageTitles } from '../app/page-titles';
import { useContainer } from '../app/container-context';
import { EmptyState, ErrorState, Skeleton } from '../components/states';
import { OrderHistoryViewModel } from '../orders/order-history-view-model';
import { formatCents, formatOrderDate, itemCountText } from '../orders/order-view';
import '../orders/orders.css';

const TAB_LABELS: Record<OrderState, string> = { open: 'Open orders', past: 'Past orders' };

const OrderHistoryPage = observer(() => {
  const container = useContainer();
  const [vm] = useState(
    () => new OrderHistoryViewModel(container.get<OrdersGateway>(TYPES.OrdersGateway)),
  );
  const tabRefs = useRef<Partial<Record<OrderState, HTMLButtonElement | null>>>({});
  useEffect(() => {
    void vm.select(vm.tab);
  }, [vm]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const i = ORDER_STATES.indexOf(vm.tab);
    const step = e.key === 'ArrowRight' ? 1 : -1;
    const next = ORDER_STATES[(i + step + ORDER_STATES.length) % ORDER_STATES.length] ?? 'open';
    void vm.select(next);
    tabRefs.current[next]?.focus();
  };

  const title = pageTitles.orderHistory;
  const { status, orders } = vm.current;
  return (
    <main id="main" className="page orders-page order-history">
      <title>{`${title} — Lavabo`}</title>
      <h1>{title}</h1>
      <div className="order-history__tabs" role="tablist" aria-label="Orders" onKeyDown={onKeyDown}>
        {ORDER_STATES.map((state) => (
          <button
            key={state}
            ref={(el) => {
              tabRefs.current[state] = el;
            }}
            type="button"
            role="tab"
            id={`orders-tab-${state}`}
            aria-controls="orders-panel"
            aria-selected={vm.tab === state}
            tabIndex={vm.tab === state ? 0 : -1}
            className="order-history__tab"
            onClick={() => void vm.select(state)}
          >
            {TAB_LABELS[state]}
          </button>
        ))}
      </div>
      <div
        id="orders-panel"
        role="tabpanel"
        aria-labelledby={`orders-tab-${vm.tab}`}
        aria-busy={status === 'loading'}
      >
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
                <span>{formatCents(order.totals.total)}</span>
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
