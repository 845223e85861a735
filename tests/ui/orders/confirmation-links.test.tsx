/**
 * Where the order confirmation leads: "Check your order status" opens the status page with this
 * order's number and e-mail already in the form (the shopper only presses "Find order", which
 * then finds it); a signed-in shopper also gets a link to their order history, a guest does not.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Container } from 'inversify';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { TYPES } from '../../../adapters/di/types';
import { FakeOrdersGateway } from '../../../adapters/fake/orders/fake-orders-gateway';
import { DEMO_PASSWORD } from '../../../adapters/fake/identity/fake-identity';
import type { SignIn } from '../../../core/auth/sign-in';
import { routes } from '../../../core/content/routes';
import { ContainerProvider } from '../../../ui/app/container-context';
import { AuthProvider } from '../../../ui/auth/auth-context';
import { OrderConfirmationView } from '../../../ui/checkout/order-confirmation-view';
import { orderStatusLink } from '../../../ui/orders/order-status-view-model';
import OrderStatusPage from '../../../ui/pages/order-status-page';
import { testContainer } from '../support/test-container';
import { order } from './fixtures';

afterEach(cleanup);

// An e-mail with characters a query string must escape, so the link has to encode it.
const EMAIL = 'ada+orders@example.com';
const PLACED = order('LV-100001', { email: EMAIL, status: 'Confirmed' });

const LocationProbe = () => {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
};

const renderConfirmation = (container: Container) => {
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider>
            <Outlet />
            <LocationProbe />
          </AuthProvider>
        ),
        children: [
          { path: routes.orderConfirmation, element: <OrderConfirmationView order={PLACED} /> },
          { path: routes.orderStatus, Component: OrderStatusPage },
          { path: routes.orderHistory, element: <h1>Order history</h1> },
        ],
      },
    ],
    { initialEntries: [`${routes.orderConfirmation}?id=${PLACED.orderNumber}`] },
  );
  return render(
    <ContainerProvider container={container}>
      <RouterProvider router={router} />
    </ContainerProvider>,
  );
};

const containerWithOrder = (): Container => {
  const orders = new FakeOrdersGateway(() => 'nobody');
  orders.add(PLACED, 'ada');
  return testContainer({ overrides: { OrdersGateway: orders } });
};

describe('the order confirmation links', () => {
  it('"Check your order status" lands with the order number and e-mail filled in', async () => {
    renderConfirmation(containerWithOrder());
    const link = await screen.findByRole('link', { name: 'Check your order status' });
    expect(link.getAttribute('href')).toBe(orderStatusLink(PLACED).to);
    fireEvent.click(link);

    await screen.findByRole('heading', { level: 1, name: 'Order status' });
    expect(screen.getByLabelText<HTMLInputElement>('Order number').value).toBe('LV-100001');
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe(EMAIL);
    // Filled, not looked up: nothing happens until the shopper presses the button.
    expect(screen.queryByRole('article')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Find order' }));
    const found = await screen.findByRole('article');
    expect(within(found).getByRole('heading', { level: 2 }).textContent).toBe('Order LV-100001');
  });

  it('the link carries the order number in its URL and never the e-mail', async () => {
    renderConfirmation(containerWithOrder());
    const link = await screen.findByRole('link', { name: 'Check your order status' });
    const url = new URL(link.getAttribute('href') ?? '', 'http://shop.test');
    expect([...url.searchParams.keys()]).toEqual(['orderNumber']);
    expect(url.searchParams.get('orderNumber')).toBe('LV-100001');
    expect(url.href.toLowerCase()).not.toContain(encodeURIComponent(EMAIL).toLowerCase());
    expect(url.href.toLowerCase()).not.toContain(EMAIL.toLowerCase());
  });

  it('a guest gets no order history link; a signed-in shopper does', async () => {
    const guest = renderConfirmation(containerWithOrder());
    await screen.findByRole('link', { name: 'Check your order status' });
    expect(screen.queryByRole('link', { name: 'See your order history' })).toBeNull();
    guest.unmount();

    const container = containerWithOrder();
    await container
      .get<SignIn>(TYPES.SignIn)
      .execute({ username: 'homeowner@lavabo.test', password: DEMO_PASSWORD });
    renderConfirmation(container);
    const history = await screen.findByRole('link', { name: 'See your order history' });
    expect(history.getAttribute('href')).toBe(routes.orderHistory);
    await act(async () => {
      fireEvent.click(history);
    });
    expect(screen.getByTestId('location').textContent).toBe(routes.orderHistory);
  });
});
