/** Renders the orders screens with an in-memory orders gateway. */
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import type { OrdersGateway } from '../../../core/orders/ports';
import { ContainerProvider } from '../../../ui/app/container-context';
import OrderDetailsPage from '../../../ui/pages/order-details-page';
import OrderHistoryPage from '../../../ui/pages/order-history-page';
import OrderStatusPage from '../../../ui/pages/order-status-page';
import { testContainer } from '../support/test-container';

const LocationProbe = () => {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
};

const Layout = () => (
  <>
    <Outlet />
    <LocationProbe />
  </>
);

const ROUTES: readonly { path: string; Component: ComponentType }[] = [
  { path: '/en/order-status', Component: OrderStatusPage },
  { path: '/en/account/orders', Component: OrderHistoryPage },
  { path: '/en/account/orders/:id', Component: OrderDetailsPage },
];

export const renderOrders = (orders: OrdersGateway, url: string) => {
  const container = testContainer({ overrides: { OrdersGateway: orders } });
  const router = createMemoryRouter(
    [{ element: <Layout />, children: ROUTES.map((r) => ({ ...r })) }],
    { initialEntries: [url] },
  );
  return render(
    <ContainerProvider container={container}>
      <RouterProvider router={router} />
    </ContainerProvider>,
  );
};
