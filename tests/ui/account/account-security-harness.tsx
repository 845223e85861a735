/**
 * Renders one account security section on /en/account/settings inside the app's auth provider,
 * secure-page guard and account notice, over the demo container (fake adapters), signed in as the
 * demo homeowner unless told otherwise. The location is shown for assertions.
 */
import { render } from '@testing-library/react';
import type { Container } from 'inversify';
import { use, type ComponentType } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import type { TokenStore } from '../../../core/auth/ports';
import type { SignIn } from '../../../core/auth/sign-in';
import type { StoredTokens } from '../../../core/auth/token-lifecycle';
import { TYPES } from '../../../adapters/di/types';
import { DEMO_PASSWORD, FakeIdentity } from '../../../adapters/fake/identity/fake-identity';
import { AccountNotice } from '../../../ui/account/account-notice';
import { ContainerProvider } from '../../../ui/app/container-context';
import { AuthProvider, createAuthViewModel } from '../../../ui/auth/auth-context';
import { SecurePageGuard } from '../../../ui/auth/secure-page-guard';
import { demoContainer } from '../auth/harness';

export const DEMO_EMAIL = 'homeowner@lavabo.test';

const LocationProbe = () => {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
};

export const signedInContainer = async (): Promise<Container> => {
  const container = demoContainer();
  const outcome = await container
    .get<SignIn>(TYPES.SignIn)
    .execute({ username: DEMO_EMAIL, password: DEMO_PASSWORD });
  if (outcome.kind !== 'success') throw new Error(`demo sign-in: ${outcome.kind}`);
  return container;
};

export const fakeIdentityOf = (container: Container): FakeIdentity => container.get(FakeIdentity);

export interface RenderOptions {
  /**
   * Holds the home page back (it suspends) until this settles, as a slow chunk or a busy machine
   * does: the router has then finished navigating while React still shows the page it left.
   */
  readonly homeReady?: Promise<void>;
}

export const renderSection = (
  Section: ComponentType,
  container: Container,
  { homeReady }: RenderOptions = {},
) => {
  const auth = createAuthViewModel(container);
  /** The stored tokens each time the home page rendered: what its first API calls would carry. */
  const homeSawTokens: (StoredTokens | null)[] = [];
  const Home = () => {
    if (homeReady !== undefined) use(homeReady);
    homeSawTokens.push(container.get<TokenStore>(TYPES.TokenStore).load());
    return (
      <main>
        <h1>Home</h1>
      </main>
    );
  };
  const Layout = () => (
    <AuthProvider viewModel={auth}>
      <AccountNotice />
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
            element: <Home />,
          },
          {
            path: '/en/login',
            element: (
              <main>
                <h1>Sign in</h1>
              </main>
            ),
          },
          {
            path: '/en/account/settings',
            element: (
              <main>
                <h1>Account settings</h1>
                <Section />
              </main>
            ),
          },
        ],
      },
    ],
    { initialEntries: ['/en/account/settings'] },
  );
  const view = render(
    <ContainerProvider container={container}>
      <RouterProvider router={router} />
    </ContainerProvider>,
  );
  return { ...view, auth, router, homeSawTokens };
};
