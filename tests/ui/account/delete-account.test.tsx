/**
 * Delete account: the view model's stages on their own, and the section in the app's auth provider
 * and secure-page guard over the demo's FakeIdentity — what it says will happen, the confirmation
 * dialog (DELETE typed, focus kept inside, Escape back to the opener), success leaving for home with
 * the notice and signed out, a failure said in the dialog and retried.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountNotDeletedError } from '../../../core/account/account-security';
import { DeleteAccount } from '../../../core/account/delete-account';
import type { AccountSecurityGateway } from '../../../core/account/ports';
import type { TokenStore } from '../../../core/auth/ports';
import type { SignIn } from '../../../core/auth/sign-in';
import { TYPES } from '../../../adapters/di/types';
import { DEMO_PASSWORD } from '../../../adapters/fake/identity/fake-identity';
import { ApiError } from '../../../adapters/http/api-error';
import { DeleteAccountSection } from '../../../ui/account/delete-account-section';
import {
  ACCOUNT_DELETED_MESSAGE,
  DELETE_ACCOUNT_FAILED_MESSAGE,
  DeleteAccountViewModel,
  TYPE_DELETE_MESSAGE,
} from '../../../ui/account/delete-account-view-model';
import {
  DEMO_EMAIL,
  fakeIdentityOf,
  renderSection,
  signedInContainer,
} from './account-security-harness';

afterEach(cleanup);

/** Answers delete calls as scripted, one at a time (then succeeds); counts them. */
class ScriptedGateway implements AccountSecurityGateway {
  deletes = 0;
  constructor(readonly answers: (() => Promise<void>)[] = []) {}

  async changePassword(): Promise<void> {
    throw new Error('not used here');
  }

  deleteAccount(): Promise<void> {
    this.deletes += 1;
    return (this.answers.shift() ?? (async () => undefined))();
  }
}

const setup = (gateway: ScriptedGateway) => {
  const steps: string[] = [];
  const vm = new DeleteAccountViewModel({
    deleteAccount: new DeleteAccount(gateway),
    forgetSession: () => {
      steps.push('forgetSession');
    },
    leave: (notice) => {
      steps.push(`leave: ${notice}`);
    },
    signOut: async () => {
      steps.push('signOut');
    },
  });
  return { vm, steps };
};

describe('DeleteAccountViewModel', () => {
  it('deletes only once DELETE is typed, then forgets the session, leaves with the notice and signs out, in that order', async () => {
    const gateway = new ScriptedGateway();
    const { vm, steps } = setup(gateway);
    vm.open();
    expect(vm.stage).toBe('confirming');
    vm.setConfirmation('delete');
    expect(await vm.confirm()).toBe(false);
    expect(vm.confirmationError).toBe(TYPE_DELETE_MESSAGE);
    expect(gateway.deletes).toBe(0);
    vm.setConfirmation(' DELETE');
    expect(vm.confirmationError).toBeNull();
    const first = vm.confirm();
    expect(vm.stage).toBe('deleting');
    vm.cancel(); // the answer is on its way: the dialog stays
    expect(await vm.confirm()).toBe(false);
    expect(await first).toBe(true);
    expect(gateway.deletes).toBe(1);
    expect(vm.stage).toBe('deleted');
    expect(steps).toEqual(['forgetSession', `leave: ${ACCOUNT_DELETED_MESSAGE}`, 'signOut']);
  });

  it('signs out only once the page has left the account area (lazy routes take a moment)', async () => {
    const steps: string[] = [];
    let arrive = (): void => undefined;
    const vm = new DeleteAccountViewModel({
      deleteAccount: new DeleteAccount(new ScriptedGateway()),
      forgetSession: () => {
        steps.push('forgetSession');
      },
      leave: () =>
        new Promise<void>((resolve) => {
          steps.push('leaving');
          arrive = () => {
            steps.push('arrived');
            resolve();
          };
        }),
      signOut: async () => {
        steps.push('signOut');
      },
    });
    vm.open();
    vm.setConfirmation('DELETE');
    const done = vm.confirm();
    await new Promise((r) => setTimeout(r, 0));
    expect(steps).toEqual(['forgetSession', 'leaving']);
    arrive();
    expect(await done).toBe(true);
    expect(steps).toEqual(['forgetSession', 'leaving', 'arrived', 'signOut']);
  });

  it('says a failure, stays signed in and on the page, and the retry works', async () => {
    const gateway = new ScriptedGateway([
      () => Promise.reject(new ApiError('server', 'Something went wrong. Please try again...')),
      () => Promise.reject(new AccountNotDeletedError()),
    ]);
    const { vm, steps } = setup(gateway);
    vm.open();
    vm.setConfirmation('DELETE');
    for (let i = 0; i < 2; i += 1) {
      expect(await vm.confirm()).toBe(false);
      expect(vm.stage).toBe('failed');
      expect(vm.dialogOpen).toBe(true);
      expect(vm.error).toBe(DELETE_ACCOUNT_FAILED_MESSAGE);
    }
    expect(steps).toEqual([]);
    expect(await vm.confirm()).toBe(true);
    expect(vm.error).toBeNull();
    expect(gateway.deletes).toBe(3);
  });

  it('cancelling closes the dialog and forgets what was typed', () => {
    const { vm } = setup(new ScriptedGateway());
    vm.open();
    vm.setConfirmation('DEL');
    vm.cancel();
    expect([vm.stage, vm.dialogOpen, vm.confirmation]).toEqual(['closed', false, '']);
  });
});

const location = () => screen.getByTestId('location').textContent ?? '';

const openDialog = () => {
  fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
  return screen.getByRole('dialog', { name: 'Delete your account?' });
};

const typeConfirmation = (dialog: HTMLElement, value: string) =>
  fireEvent.change(within(dialog).getByLabelText('Type DELETE to confirm'), {
    target: { value },
  });

const press = async (dialog: HTMLElement, name: string | RegExp) => {
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name }));
  });
};

describe('DeleteAccountSection', () => {
  it('says what is deleted and that orders stay findable by number', async () => {
    renderSection(DeleteAccountSection, await signedInContainer());
    const section = screen.getByRole('region', { name: 'Delete account' });
    expect(section.textContent).toMatch(/saved addresses, favorites/);
    expect(section.textContent).toMatch(/cannot be undone/);
    expect(section.textContent).toMatch(/order number and e-mail address/);
    expect(within(section).getByRole('link', { name: 'order status' }).getAttribute('href')).toBe(
      '/en/order-status',
    );
  });

  it('confirms in a dialog that keeps focus inside and gives it back on Escape', async () => {
    const container = await signedInContainer();
    renderSection(DeleteAccountSection, container);
    const opener = screen.getByRole('button', { name: 'Delete account' });
    opener.focus();
    const dialog = openDialog();
    const field = within(dialog).getByLabelText('Type DELETE to confirm');
    expect(document.activeElement).toBe(field);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    // The page behind is out of reach meanwhile.
    expect(screen.queryByRole('button', { name: 'Delete account' })).toBeNull();

    const last = within(dialog).getByRole('button', { name: 'Delete my account' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(field);
    fireEvent.keyDown(field, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete account' }));
    expect(fakeIdentityOf(container).account(DEMO_EMAIL)).toBeDefined();
  });

  it('refuses without DELETE typed, naming the field, and deletes nothing', async () => {
    const container = await signedInContainer();
    renderSection(DeleteAccountSection, container);
    const dialog = openDialog();
    typeConfirmation(dialog, 'delete');
    await press(dialog, 'Delete my account');
    const field = within(dialog).getByLabelText('Type DELETE to confirm');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText(TYPE_DELETE_MESSAGE)).toBeTruthy();
    expect(document.activeElement).toBe(field);
    expect(fakeIdentityOf(container).account(DEMO_EMAIL)).toBeDefined();
  });

  it('deletes the account, goes home (not via the login page) with the notice, signed out', async () => {
    const container = await signedInContainer();
    const { auth, router, homeSawTokens } = renderSection(DeleteAccountSection, container);
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    const dialog = openDialog();
    typeConfirmation(dialog, 'DELETE');
    await press(dialog, 'Delete my account');

    await screen.findByRole('heading', { level: 1, name: 'Home' });
    expect(location()).toBe('/en');
    expect(visited).not.toContain('/en/login');
    // The home page calls the API as soon as it shows: by then the deleted account's tokens, which
    // the server refuses, are gone from this device (a refused call would end it as an expired
    // session, and the browser would log the 401).
    expect(homeSawTokens.length).toBeGreaterThan(0);
    expect(homeSawTokens.every((tokens) => tokens === null || tokens.anonymous)).toBe(true);
    const notice = screen.getByText(ACCOUNT_DELETED_MESSAGE);
    expect(notice.closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(auth.isAuth).toBe(false));
    expect(container.get<TokenStore>(TYPES.TokenStore).load()?.anonymous).toBe(true);
    expect(auth.sessionNotice).toBeNull(); // a sign-out asked for, not an expired session

    expect(fakeIdentityOf(container).account(DEMO_EMAIL)).toBeUndefined();
    const again = await container
      .get<SignIn>(TYPES.SignIn)
      .execute({ username: DEMO_EMAIL, password: DEMO_PASSWORD });
    expect(again.kind).toBe('error');

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText(ACCOUNT_DELETED_MESSAGE)).toBeNull());
    expect(location()).toBe('/en');
  });

  it('signs out only once home is on screen, even when the router is done before React shows it', async () => {
    const container = await signedInContainer();
    let release = (): void => undefined;
    const homeReady = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { auth, router } = renderSection(DeleteAccountSection, container, { homeReady });
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    const dialog = openDialog();
    typeConfirmation(dialog, 'DELETE');
    await press(dialog, 'Delete my account');

    await waitFor(() => expect(router.state.location.pathname).toBe('/en'));
    // The settings page is still what the shopper sees, its guard with it: nothing may sign out yet.
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.queryByRole('heading', { level: 1, name: 'Home' })).toBeNull();
    expect(auth.isAuth).toBe(true);
    // …but the deleted account's tokens are already gone from this device.
    expect(container.get<TokenStore>(TYPES.TokenStore).load()).toBeNull();

    await act(async () => {
      release();
      await homeReady;
    });
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await waitFor(() => expect(auth.isAuth).toBe(false));
    expect(visited).not.toContain('/en/login');
    expect(location()).toBe('/en');
    expect(screen.getByText(ACCOUNT_DELETED_MESSAGE)).toBeTruthy();
  });

  it('says when the delete fails, keeps the customer signed in on the page, and retries', async () => {
    const container = await signedInContainer();
    const gateway = new ScriptedGateway([
      () => Promise.reject(new ApiError('server', 'Something went wrong. Please try again...')),
    ]);
    container.rebind<AccountSecurityGateway>(TYPES.AccountSecurityGateway).toConstantValue(gateway);
    const { auth } = renderSection(DeleteAccountSection, container);
    const dialog = openDialog();
    typeConfirmation(dialog, 'DELETE');
    await press(dialog, 'Delete my account');

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      DELETE_ACCOUNT_FAILED_MESSAGE,
    );
    expect(location()).toBe('/en/account/settings');
    expect(auth.isAuth).toBe(true);
    await press(dialog, 'Try again');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    expect(gateway.deletes).toBe(2);
    expect(screen.getByText(ACCOUNT_DELETED_MESSAGE)).toBeTruthy();
  });
});
