/**
 * The account settings page as the app shows it: the demo container (fake adapters) with a
 * configuration listing countries, states and business types, the auth provider and the secure-page
 * guard, in a memory router with the login page beside it.
 */
import { render } from '@testing-library/react';
import type { Container } from 'inversify';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { TYPES } from '../../../adapters/di/types';
import { emptyDemoData } from '../../../adapters/fake/demo-data';
import { DEMO_PASSWORD } from '../../../adapters/fake/identity/fake-identity';
import type { SignIn } from '../../../core/auth/sign-in';
import { DEFAULT_CONFIGURATION } from '../../../core/content/default-configuration';
import { ContainerProvider } from '../../../ui/app/container-context';
import { AuthProvider, createAuthViewModel } from '../../../ui/auth/auth-context';
import { AuthNav } from '../../../ui/auth/auth-nav';
import { SecurePageGuard } from '../../../ui/auth/secure-page-guard';
import AccountSettingsPage from '../../../ui/pages/account-settings-page';
import LoginPage from '../../../ui/pages/login-page';
import { testContainer } from '../support/test-container';
import { LISTS } from './fixtures';

export const SETTINGS = '/en/account/settings';

export const accountContainer = (): Container =>
  testContainer({
    demoData: emptyDemoData({
      ...DEFAULT_CONFIGURATION,
      lists: {
        ...DEFAULT_CONFIGURATION.lists,
        ...LISTS,
        businessTypes: ['Consumer', 'Plumber', 'Contractor'],
      },
    }),
  });

export const signInAs = async (container: Container, email: string): Promise<void> => {
  const outcome = await container
    .get<SignIn>(TYPES.SignIn)
    .execute({ username: email, password: DEMO_PASSWORD });
  if (outcome.kind !== 'success') throw new Error(`could not sign in as ${email}`);
};

const LocationProbe = () => {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
};

/** The page alone, or with the header's account control above it (`header`). */
export const renderSettings = (container: Container, url = SETTINGS, { header = false } = {}) => {
  const auth = createAuthViewModel(container);
  const Layout = () => (
    <AuthProvider viewModel={auth}>
      {header && (
        <header>
          <nav aria-label="Account">
            <AuthNav />
          </nav>
        </header>
      )}
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
          { path: SETTINGS, Component: AccountSettingsPage },
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
  return { ...view, auth };
};
