/** The auth provider, header control and a few routes over the demo container (fake adapters). */
import { render } from '@testing-library/react';
import type { Container } from 'inversify';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { ContainerProvider } from '../../../ui/app/container-context';
import { AuthProvider, createAuthViewModel } from '../../../ui/auth/auth-context';
import { AuthNav } from '../../../ui/auth/auth-nav';
import type { AuthViewModel } from '../../../ui/auth/auth-view-model';
import { SecurePageGuard } from '../../../ui/auth/secure-page-guard';
import LoginPage from '../../../ui/pages/login-page';
import { testContainer } from '../support/test-container';

const LocationProbe = () => {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
};

export interface AuthHarnessOptions {
  readonly url: string;
  readonly container?: Container;
  readonly reload?: () => void;
  readonly tickMs?: number;
  readonly prepare?: (auth: AuthViewModel) => void;
}

export const demoContainer = (): Container => testContainer();

export const renderAuth = ({
  url,
  container = demoContainer(),
  reload,
  tickMs,
  prepare,
}: AuthHarnessOptions) => {
  const auth = createAuthViewModel(container);
  prepare?.(auth);
  const Layout = () => (
    <AuthProvider
      viewModel={auth}
      {...(reload === undefined ? {} : { reload })}
      {...(tickMs === undefined ? {} : { tickMs })}
    >
      <nav aria-label="Account">
        <AuthNav />
      </nav>
      <SecurePageGuard>
        <Outlet />
      </SecurePageGuard>
      <LocationProbe />
    </AuthProvider>
  );
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          {
            path: '/en',
            element: (
              <main>
                <h1>Home</h1>
              </main>
            ),
          },
          {
            path: '/en/bathroom',
            element: (
              <main>
                <h1>Bathroom</h1>
              </main>
            ),
          },
          {
            path: '/en/account/orders',
            element: (
              <main>
                <h1>My orders</h1>
              </main>
            ),
          },
          { path: '/en/login', Component: LoginPage },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <ContainerProvider container={container}>
      <RouterProvider router={router} />
    </ContainerProvider>,
  );
  return { ...view, router, auth, container };
};
