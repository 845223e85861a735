/**
 * The header's account menu for a signed-in shopper: a button with their first name that shows
 * the account's pages and "Sign out" (ARCHITECTURE.md pins the link names), with aria-expanded,
 * Escape giving focus back to the button, Arrow keys moving through it, and a click elsewhere,
 * focus leaving it or a new page closing it.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TYPES } from '../../../adapters/di/types';
import { DEMO_PASSWORD } from '../../../adapters/fake/identity/fake-identity';
import type { SignIn } from '../../../core/auth/sign-in';
import { routes } from '../../../core/content/routes';
import { ACCOUNT_MENU_NAME } from '../../../ui/auth/account-menu';
import { demoContainer, renderAuth } from './harness';

afterEach(cleanup);

const signedIn = async (url = '/en/bathroom') => {
  const container = demoContainer();
  const outcome = await container
    .get<SignIn>(TYPES.SignIn)
    .execute({ username: 'homeowner@lavabo.test', password: DEMO_PASSWORD });
  expect(outcome.kind).toBe('success');
  const view = renderAuth({ url, container });
  const button = await screen.findByRole('button', { name: `${ACCOUNT_MENU_NAME} Harriet` });
  return { ...view, button };
};

const panelOf = (button: HTMLElement): HTMLElement => {
  const id = button.getAttribute('aria-controls') ?? '';
  const panel = document.getElementById(id);
  if (panel === null) throw new Error(`no panel #${id}`);
  return panel;
};

const isOpen = (button: HTMLElement): boolean => {
  const expanded = button.getAttribute('aria-expanded') === 'true';
  // What the button says is what the panel does.
  expect(panelOf(button).hidden).toBe(!expanded);
  return expanded;
};

describe('the account menu', () => {
  it('a guest has "Sign in" and no account menu', async () => {
    renderAuth({ url: '/en/bathroom' });
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByRole('button', { name: new RegExp(`^${ACCOUNT_MENU_NAME}`) })).toBeNull();
  });

  it("shows the shopper's first name and, when opened, the account's pages and Sign out", async () => {
    const { button } = await signedIn();
    expect(button.textContent).toContain('Harriet');
    expect(isOpen(button)).toBe(false);
    expect(screen.queryByRole('link', { name: 'Orders' })).toBeNull();

    fireEvent.click(button);
    expect(isOpen(button)).toBe(true);
    const panel = panelOf(button);
    const links = within(panel).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Orders', routes.orderHistory],
      ['Favorites', routes.favorites],
      ['My products', routes.myProducts],
      ['My services', routes.myServices],
      ['Settings', routes.accountSettings],
    ]);
    expect(within(panel).getByRole('button', { name: 'Sign out' })).toBeTruthy();

    fireEvent.click(button);
    expect(isOpen(button)).toBe(false);
  });

  it('Escape closes it and gives focus back to the button', async () => {
    const { button } = await signedIn();
    fireEvent.click(button);
    const orders = within(panelOf(button)).getByRole('link', { name: 'Orders' });
    orders.focus();
    fireEvent.keyDown(orders, { key: 'Escape' });
    expect(isOpen(button)).toBe(false);
    expect(document.activeElement).toBe(button);
  });

  it('ArrowDown opens it on the first page, Arrow keys move through it and wrap round', async () => {
    const { button } = await signedIn();
    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(isOpen(button)).toBe(true);
    const panel = panelOf(button);
    expect(document.activeElement).toBe(within(panel).getByRole('link', { name: 'Orders' }));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(within(panel).getByRole('link', { name: 'Favorites' }));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Sign out' }));
  });

  it('closes on a click elsewhere, and when focus moves out of it', async () => {
    const { button } = await signedIn();
    fireEvent.click(button);
    fireEvent.pointerDown(within(panelOf(button)).getByRole('link', { name: 'Orders' }));
    expect(isOpen(button)).toBe(true); // a click inside is not a click elsewhere
    fireEvent.pointerDown(screen.getByRole('heading', { level: 1 }));
    expect(isOpen(button)).toBe(false);

    fireEvent.click(button);
    const outside = document.createElement('button');
    document.body.append(outside);
    fireEvent.blur(within(panelOf(button)).getByRole('link', { name: 'Orders' }), {
      relatedTarget: outside,
    });
    expect(isOpen(button)).toBe(false);
    outside.remove();
  });

  it('following a link goes there and closes it', async () => {
    const { button } = await signedIn();
    fireEvent.click(button);
    fireEvent.click(within(panelOf(button)).getByRole('link', { name: 'Orders' }));
    await screen.findByRole('heading', { level: 1, name: 'My orders' });
    expect(screen.getByTestId('location').textContent).toBe(routes.orderHistory);
    expect(isOpen(button)).toBe(false);
  });

  it('a new page closes it, however the shopper got there', async () => {
    const { button, router } = await signedIn();
    fireEvent.click(button);
    await act(async () => {
      await router.navigate('/en');
    });
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    expect(isOpen(button)).toBe(false);
  });

  it('Sign out signs out from the menu and leaves focus on "Sign in"', async () => {
    const { button, auth } = await signedIn();
    fireEvent.click(button);
    await act(async () => {
      fireEvent.click(within(panelOf(button)).getByRole('button', { name: 'Sign out' }));
    });
    await waitFor(() => expect(auth.isAuth).toBe(false));
    const signIn = await screen.findByRole('button', { name: 'Sign in' });
    await waitFor(() => expect(document.activeElement).toBe(signIn));
  });
});
