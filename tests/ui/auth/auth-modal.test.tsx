import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../../adapters/fake/identity/fake-identity';
import { MAX_FAILED_SIGN_INS } from '../../../core/auth/policies';
import { TYPES } from '../../../adapters/di/types';
import type { CustomerAccounts } from '../../../core/auth/ports';
import {
  LOCKED_OUT_MESSAGE,
  PASSWORD_EXPIRED_MESSAGE,
  NOT_SIGNED_IN_AFTER_SIGN_UP_MESSAGE,
  USER_EXISTS_MESSAGE,
} from '../../../ui/auth/auth-messages';
import { USER_EXISTS_DEBOUNCE_MS } from '../../../ui/auth/sign-up-form-model';
import { demoContainer, renderAuth } from './harness';
import type { FakeIdentity } from '../../../adapters/fake/identity/fake-identity';
import { FakeIdentity as FakeIdentityClass } from '../../../adapters/fake/identity/fake-identity';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const openModal = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
  // The modal's forms load the first time it opens (ui/auth/auth-context.tsx).
  return screen.findByRole('dialog', { name: 'Sign in' });
};

const signInWith = async (dialog: HTMLElement, email: string, password: string) => {
  fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: password } });
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
  });
};

describe('auth modal', () => {
  it('"Sign in" opens a modal dialog; a demo account signs in and the header shows the first name, with "Sign out" in its menu', async () => {
    const merges: number[] = [];
    const container = demoContainer();
    container.rebind(TYPES.MergeGuestCart).toConstantValue({
      execute: async () => {
        merges.push(1);
        return { ok: true, value: null };
      },
    });
    renderAuth({ url: '/en/bathroom', container });
    const opener = await screen.findByRole('button', { name: 'Sign in' });
    opener.focus();
    const dialog = await openModal();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    // The page behind is hidden (the dialog's effect, once it is drawn): the only "Sign in"
    // button left is the form's.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Sign in' })).toHaveLength(1));
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByLabelText('Email')),
    );

    await signInWith(dialog, 'homeowner@lavabo.test', DEMO_PASSWORD);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Harriet')).toBeTruthy();
    const menu = screen.getByRole('button', { name: 'Account menu, signed in as Harriet' });
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull(); // until the menu opens
    expect(merges).toEqual([1]);

    fireEvent.click(menu);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    });
    // Focus lands on "Sign in", where the menu's button was, not on the page's start.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sign in' })),
    );
    expect(screen.queryByText('Harriet')).toBeNull();
  });

  it('Escape closes it and gives focus back; Tab stays inside', async () => {
    renderAuth({ url: '/en/bathroom' });
    const opener = await screen.findByRole('button', { name: 'Sign in' });
    opener.focus();
    const dialog = await openModal();
    const focusables = within(dialog).getAllByRole('button');
    const last = focusables.at(-1);
    last?.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sign in' }));
  });

  it('shows one view at a time: sign-in, customer sign-up, pro sign-up, forgot password', async () => {
    renderAuth({ url: '/en/bathroom' });
    let dialog = await openModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create an account' }));
    dialog = screen.getByRole('dialog', { name: 'Create an account' });
    expect(within(dialog).queryByLabelText('Business type')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Create account' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /Sign in instead/ }));
    dialog = screen.getByRole('dialog', { name: 'Sign in' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create a pro account' }));
    dialog = screen.getByRole('dialog', { name: 'Create a pro account' });
    expect(within(dialog).getByLabelText('Business type')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Sign in' })).toBeNull();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('says when an account is locked out, and offers a password reset', async () => {
    renderAuth({ url: '/en/bathroom' });
    const dialog = await openModal();
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i += 1) {
      await signInWith(dialog, 'pro@lavabo.test', 'Wrong-Password-1!');
    }
    expect(within(dialog).getByRole('alert').textContent).toContain(LOCKED_OUT_MESSAGE);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset your password' }));
    expect(screen.getByRole('dialog', { name: 'Reset your password' })).toBeTruthy();
  });

  it('says when the password has expired', async () => {
    const container = demoContainer();
    const identity = container.get<FakeIdentity>(FakeIdentityClass);
    const account = identity.account('homeowner@lavabo.test');
    if (account) account.passwordExpired = true;
    renderAuth({ url: '/en/bathroom', container });
    const dialog = await openModal();
    await signInWith(dialog, 'homeowner@lavabo.test', DEMO_PASSWORD);
    expect(within(dialog).getByRole('alert').textContent).toContain(PASSWORD_EXPIRED_MESSAGE);
  });

  it('runs the user-exists check once, 500 ms after the last keystroke, and it tells nothing', async () => {
    const container = demoContainer();
    const accounts = container.get<CustomerAccounts>(TYPES.CustomerAccounts);
    const lookup = vi.spyOn(accounts, 'userExists');
    const { auth } = renderAuth({ url: '/en/bathroom', container });
    act(() => auth.openModal('customerSignup'));
    const dialog = await screen.findByRole('dialog', { name: 'Create an account' });
    vi.useFakeTimers();
    const email = within(dialog).getByLabelText('Email');
    for (const value of ['h', 'homeowner@lavabo.t', 'homeowner@lavabo.test']) {
      fireEvent.change(email, { target: { value } });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(USER_EXISTS_DEBOUNCE_MS - 1);
      });
    }
    expect(lookup).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup).toHaveBeenCalledWith('homeowner@lavabo.test');
    await act(async () => {
      await lookup.mock.results[0]?.value;
    });
    // The demo account exists, but the page does not say so: nobody can list accounts with it.
    expect(within(dialog).queryByText(USER_EXISTS_MESSAGE)).toBeNull();
  });

  it('signing up with a taken e-mail changes nothing and says what to do, without telling', async () => {
    const container = demoContainer();
    const identity = container.get<FakeIdentity>(FakeIdentityClass);
    const { auth } = renderAuth({ url: '/en/bathroom', container });
    act(() => auth.openModal('customerSignup'));
    const dialog = await screen.findByRole('dialog', { name: 'Create an account' });
    fireEvent.change(within(dialog).getByLabelText('First name'), { target: { value: 'Mal' } });
    fireEvent.change(within(dialog).getByLabelText('Last name'), { target: { value: 'Lory' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), {
      target: { value: 'homeowner@lavabo.test' },
    });
    fireEvent.change(within(dialog).getByLabelText('Password'), {
      target: { value: 'Not-Theirs-123!' },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    });
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        NOT_SIGNED_IN_AFTER_SIGN_UP_MESSAGE,
      ),
    );
    expect(auth.isAuth).toBe(false);
    expect(identity.outbox[0]?.to).toBe('homeowner@lavabo.test');
    // The owner's password still works.
    act(() => auth.showView('signIn'));
    auth.setEmail('homeowner@lavabo.test');
    auth.setPassword(DEMO_PASSWORD);
    expect(await auth.submitSignIn()).toBe(true);
  });

  it('signs a new customer up and in; field errors are shown next to their fields', async () => {
    const { auth } = renderAuth({ url: '/en/bathroom' });
    act(() => auth.openModal('proSignup'));
    let dialog = await screen.findByRole('dialog', { name: 'Create a pro account' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create pro account' }));
    });
    const business = within(dialog).getByLabelText('Business type');
    expect(business.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(within(dialog).getByLabelText('First name'), { target: { value: 'Nia' } });
    fireEvent.change(within(dialog).getByLabelText('Last name'), { target: { value: 'New' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), {
      target: { value: 'nia@lavabo.test' },
    });
    fireEvent.change(within(dialog).getByLabelText('Password'), {
      target: { value: 'Abcdefghij1!' },
    });
    fireEvent.change(business, { target: { value: 'Designer' } });
    dialog = screen.getByRole('dialog', { name: 'Create a pro account' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create pro account' }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Nia')).toBeTruthy();
    expect(auth.persona).toBe('TVS');
  });

  it('resets a forgotten password with the e-mailed code, then signs in with the new one', async () => {
    const container = demoContainer();
    const identity = container.get<FakeIdentity>(FakeIdentityClass);
    const { auth } = renderAuth({ url: '/en/bathroom', container });
    act(() => auth.openModal('forgotPassword'));
    let dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    fireEvent.change(within(dialog).getByLabelText('Email'), {
      target: { value: 'pro@lavabo.test' },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    });
    const code = identity.outbox[0]?.code ?? '';
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: code } });
    fireEvent.change(within(dialog).getByLabelText('New password'), {
      target: { value: 'Fresh-Start-2026!' },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to sign in' }));
    dialog = screen.getByRole('dialog', { name: 'Sign in' });
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe(
      'pro@lavabo.test',
    );
    await signInWith(dialog, 'pro@lavabo.test', 'Fresh-Start-2026!');
    await waitFor(() => expect(screen.getByText('Pablo')).toBeTruthy());
  });
});
