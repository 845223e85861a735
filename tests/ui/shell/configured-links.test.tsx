/**
 * Spec §3 legal page links and menu fragments for user and guest, from the configuration: the
 * footer's legal links, the signed-in account menu and the phone drawer's account links follow
 * what is configured for the shopper's sign-in state, and never draw an unsafe entry.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Container } from 'inversify';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { TYPES } from '../../../adapters/di/types';
import { emptyDemoData } from '../../../adapters/fake/demo-data';
import { DEMO_PASSWORD } from '../../../adapters/fake/identity/fake-identity';
import type { SignIn } from '../../../core/auth/sign-in';
import type { StorefrontConfiguration } from '../../../core/content/configuration';
import { DEFAULT_CONFIGURATION } from '../../../core/content/default-configuration';
import { ContainerProvider } from '../../../ui/app/container-context';
import { ACCOUNT_MENU_NAME } from '../../../ui/auth/account-menu';
import { AuthProvider, createAuthViewModel } from '../../../ui/auth/auth-context';
import { AuthNav } from '../../../ui/auth/auth-nav';
import { Footer } from '../../../ui/shell/footer';
import { MenuDrawerDialog } from '../../../ui/shell/menu-drawer-dialog';
import { MenuViewModel } from '../../../ui/shell/menu-view-model';
import { testContainer } from '../support/test-container';

afterEach(cleanup);

const CONFIGURATION: StorefrontConfiguration = {
  ...DEFAULT_CONFIGURATION,
  legalPageLinks: [
    { label: 'Terms of sale', href: '/en/support/articles/terms-of-sale' },
    { label: 'Privacy', href: 'https://privacy.example/lavabo' },
    { label: 'Sneaky', href: 'javascript:alert(1)' },
  ],
  menuFragments: {
    user: [
      { label: 'Your orders', href: '/en/account/orders' },
      { label: 'Broken', href: '//evil.example/' },
    ],
    guest: [{ label: 'Track an order', href: '/en/order-status' }],
  },
};

const containerWith = async (signedIn: boolean): Promise<Container> => {
  const container = testContainer({ demoData: emptyDemoData(CONFIGURATION) });
  if (signedIn) {
    const outcome = await container
      .get<SignIn>(TYPES.SignIn)
      .execute({ username: 'homeowner@lavabo.test', password: DEMO_PASSWORD });
    expect(outcome.kind).toBe('success');
  }
  return container;
};

const renderShell = (container: Container, withDrawer = false) => {
  const auth = createAuthViewModel(container);
  const menu = new MenuViewModel();
  render(
    <ContainerProvider container={container}>
      <MemoryRouter initialEntries={['/en/bathroom']}>
        <AuthProvider viewModel={auth}>
          <nav aria-label="Account">
            <AuthNav />
          </nav>
          {withDrawer && <MenuDrawerDialog vm={menu} />}
          <Footer />
        </AuthProvider>
      </MemoryRouter>
    </ContainerProvider>,
  );
};

const linksOf = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole('link')
    .map((l) => [l.textContent, l.getAttribute('href')]);

describe('configured links', () => {
  it('the footer lists the configured legal links, leaving out an unsafe one', async () => {
    renderShell(await containerWith(false));
    const legal = await screen.findByRole('navigation', { name: 'Legal' });
    await within(legal).findByRole('link', { name: 'Terms of sale' });
    expect(linksOf(legal)).toEqual([
      ['Terms of sale', '/en/support/articles/terms-of-sale'],
      ['Privacy', 'https://privacy.example/lavabo'],
    ]);
  });

  it("a signed-in shopper's account menu holds the configured user fragment", async () => {
    renderShell(await containerWith(true));
    const button = await screen.findByRole('button', {
      name: new RegExp(`^${ACCOUNT_MENU_NAME}`),
    });
    fireEvent.click(button);
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    if (panel === null) throw new Error('no panel');
    await within(panel).findByRole('link', { name: 'Your orders' });
    expect(linksOf(panel)).toEqual([['Your orders', '/en/account/orders']]);
  });

  it("the drawer gives a guest the guest fragment, and a signed-in shopper the user's", async () => {
    renderShell(await containerWith(false), true);
    const guest = await screen.findByRole('navigation', { name: 'Your account' });
    await within(guest).findByRole('link', { name: 'Track an order' });
    expect(linksOf(guest)).toEqual([['Track an order', '/en/order-status']]);
    cleanup();
    renderShell(await containerWith(true), true);
    const user = await screen.findByRole('navigation', { name: 'Your account' });
    await within(user).findByRole('link', { name: 'Your orders' });
    expect(linksOf(user)).toEqual([['Your orders', '/en/account/orders']]);
  });
});
