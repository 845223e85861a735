import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../../adapters/fake/identity/fake-identity';
import { TYPES } from '../../../adapters/di/types';
import type { SignIn } from '../../../core/auth/sign-in';
import type { TokenStore } from '../../../core/auth/ports';
import { ManualClock } from '../../../core/shared/clock';
import {
  INACTIVITY_REDIRECT_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
} from '../../../ui/auth/auth-messages';
import { redirectTarget } from '../../../ui/auth/auth-view-model';
import { demoContainer, renderAuth } from './harness';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const location = () => screen.getByTestId('location').textContent ?? '';

const setVisibility = (state: 'hidden' | 'visible') => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
  document.dispatchEvent(new Event('visibilitychange'));
};

const signInDirectly = async (
  container: ReturnType<typeof demoContainer>,
  email = 'homeowner@lavabo.test',
) => {
  const outcome = await container
    .get<SignIn>(TYPES.SignIn)
    .execute({ username: email, password: DEMO_PASSWORD });
  expect(outcome.kind).toBe('success');
};

describe('secure pages and the login page', () => {
  it('sends a guest from a secure page to /en/login with the encoded redirect, and back after signing in', async () => {
    renderAuth({ url: '/en/account/orders?sort=new#top' });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(location()).toBe(
      `/en/login?redirect=${encodeURIComponent('/en/account/orders?sort=new#top')}`,
    );
    // The header's "Sign in" is not repeated on the login page: one button of that name.
    expect(screen.getAllByRole('button', { name: 'Sign in' })).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'pro@lavabo.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: DEMO_PASSWORD } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    });
    await screen.findByRole('heading', { level: 1, name: 'My orders' });
    expect(location()).toBe('/en/account/orders?sort=new');
    expect(screen.getByText('Pablo')).toBeTruthy();
  });

  it('lets a signed-in customer straight onto a secure page', async () => {
    const container = demoContainer();
    await signInDirectly(container);
    renderAuth({ url: '/en/account/orders', container });
    await screen.findByRole('heading', { level: 1, name: 'My orders' });
  });

  it('never follows a redirect parameter off the site', () => {
    expect(redirectTarget('?redirect=%2F%2Fevil.example%2Fx', '/en')).toBe('/en');
    expect(redirectTarget('?redirect=https%3A%2F%2Fevil.example', '/en')).toBe('/en');
    // A tab (or newline) a browser drops would turn /<tab>/evil.example/ into //evil.example/.
    expect(redirectTarget('?redirect=/%09/evil.example/', '/en')).toBe('/en');
    expect(redirectTarget('?redirect=/%0a/evil.example/', '/en')).toBe('/en');
    expect(redirectTarget('?redirect=/%5Cevil.example/', '/en')).toBe('/en');
    expect(redirectTarget('?redirect=%2Fen%2Fcart', '/en')).toBe('/en/cart');
    expect(redirectTarget('', '/en')).toBe('/en');
  });

  it('signing out on a secure page leaves it for the home page', async () => {
    const container = demoContainer();
    await signInDirectly(container);
    renderAuth({ url: '/en/account/orders', container });
    fireEvent.click(await screen.findByRole('button', { name: /^Account menu/ }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    });
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    expect(container.get<TokenStore>(TYPES.TokenStore).load()?.anonymous).toBe(true);
  });
});

describe('session timeout and hidden tabs', () => {
  it('signs an idle customer out with the spec messages and goes home', async () => {
    const container = demoContainer();
    const clock = new ManualClock(Date.now());
    container.rebind(TYPES.Clock).toConstantValue(clock);
    await signInDirectly(container);
    const { auth } = renderAuth({ url: '/en/bathroom', container, tickMs: 50 });
    await screen.findByText('Harriet');
    clock.advance(auth.idleTimeoutSeconds * 1000);
    await screen.findByRole('heading', { level: 1, name: 'Home' }, { timeout: 2000 });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(SESSION_EXPIRED_MESSAGE);
    expect(alert.textContent).toContain(INACTIVITY_REDIRECT_MESSAGE);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('an active customer stays signed in past the idle timeout, the token renewed along the way', async () => {
    const container = demoContainer();
    const clock = new ManualClock(Date.now());
    container.rebind(TYPES.Clock).toConstantValue(clock);
    await signInDirectly(container);
    const { auth } = renderAuth({ url: '/en/bathroom', container });
    await screen.findByText('Harriet');
    const first = container.get<TokenStore>(TYPES.TokenStore).load()?.accessToken;
    // A tick at least every 2 minutes, as the shell runs them: each lands before the 120 s window ends.
    const stepMs = 119_000;
    const steps = Math.ceil((auth.idleTimeoutSeconds * 1000) / stepMs) + 2;
    for (let i = 0; i < steps; i += 1) {
      clock.advance(stepMs);
      fireEvent.keyDown(window, { key: 'a' });
      expect(await auth.tick()).toBe('ok');
    }
    expect(auth.isAuth).toBe(true);
    expect(container.get<TokenStore>(TYPES.TokenStore).load()?.accessToken).not.toBe(first);
  });

  it('hidden tab: a sign-in elsewhere reloads an ordinary page, and goes home from the login page', async () => {
    const container = demoContainer();
    const reload = vi.fn();
    renderAuth({ url: '/en/bathroom', container, reload });
    await screen.findByRole('button', { name: 'Sign in' });
    setVisibility('hidden');
    await signInDirectly(container); // "another tab" writes the shared auth slice
    setVisibility('visible');
    expect(reload).toHaveBeenCalledTimes(1);
    cleanup();

    const other = demoContainer();
    renderAuth({ url: '/en/login', container: other, reload });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    act(() => setVisibility('hidden'));
    await signInDirectly(other);
    act(() => setVisibility('visible'));
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('hidden tab: a sign-out elsewhere sends the shopper to the logout URL', async () => {
    const container = demoContainer();
    await signInDirectly(container);
    const reload = vi.fn();
    renderAuth({ url: '/en/bathroom', container, reload });
    await screen.findByText('Harriet');
    act(() => setVisibility('hidden'));
    container.get<TokenStore>(TYPES.TokenStore).clear();
    act(() => setVisibility('visible'));
    await waitFor(() => expect(location()).toBe('/en'));
    expect(reload).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a sign-out this tab did not ask for (token error) says the session expired', async () => {
    const container = demoContainer();
    await signInDirectly(container);
    const { auth } = renderAuth({ url: '/en/bathroom', container });
    await screen.findByText('Harriet');
    container.get<TokenStore>(TYPES.TokenStore).clear();
    act(() => auth.sync());
    expect(screen.getByRole('alert').textContent).toContain(SESSION_EXPIRED_MESSAGE);
  });
});
