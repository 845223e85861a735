import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { TYPES } from '../../adapters/di/types';
import type { CheckoutGateway } from '../../core/checkout/checkout';
import type { Order } from '../../core/orders/order';
import { useContainer } from '../app/container-context';
import { OrderConfirmationView } from '../checkout/order-confirmation-view';

const isOrder = (value: unknown): value is Order =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { orderNumber?: unknown }).orderNumber === 'string';

/**
 * /en/order-confirmation?id=…: the order just placed, handed over by checkout, or read back from
 * the API (a reload, or a link) — only the shopper's own order is shown.
 */
const OrderConfirmationPage = () => {
  const container = useContainer();
  const [params] = useSearchParams();
  const location = useLocation();
  const id = params.get('id') ?? '';
  const handed = (location.state as { order?: unknown } | null)?.order;
  const initial = isOrder(handed) && handed.orderNumber === id ? handed : null;
  const [state, setState] = useState<
    { kind: 'loading' } | { kind: 'found'; order: Order } | { kind: 'missing' }
  >(() => {
    if (initial !== null) return { kind: 'found', order: initial };
    return id === '' ? { kind: 'missing' } : { kind: 'loading' };
  });
  useEffect(() => {
    if (initial !== null || id === '') return;
    let live = true;
    container
      .get<CheckoutGateway>(TYPES.CheckoutGateway)
      .getOrder(id)
      .then(
        (order) =>
          live && setState(order === null ? { kind: 'missing' } : { kind: 'found', order }),
        () => live && setState({ kind: 'missing' }),
      );
    return () => {
      live = false;
    };
  }, [container, id, initial]);
  if (state.kind === 'found') return <OrderConfirmationView order={state.order} />;
  return (
    <main id="main" className="page">
      <title>Order confirmation — Lavabo</title>
      <h1>Order confirmation</h1>
      {state.kind === 'loading' ? (
        <p role="status">Loading your order…</p>
      ) : (
        <>
          <p>We could not find that order.</p>
          <Link to="/en/order-status">Look up an order</Link>
        </>
      )}
    </main>
  );
};

export default OrderConfirmationPage;
