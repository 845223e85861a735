/**
 * Change password: the view model on its own (with the real use case over a scripted gateway), and
 * the section in the app's auth provider over the demo's FakeIdentity — errors per field, the
 * server's answer to a wrong current password, success announced with the fields cleared, a failed
 * call said plainly and retried.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHANGE_PASSWORD_MESSAGES,
  PasswordChangeRejectedError,
} from '../../../core/account/account-security';
import { ChangePassword } from '../../../core/account/change-password';
import type { AccountSecurityGateway } from '../../../core/account/ports';
import type { SignIn } from '../../../core/auth/sign-in';
import { TYPES } from '../../../adapters/di/types';
import { DEMO_PASSWORD } from '../../../adapters/fake/identity/fake-identity';
import { ApiError } from '../../../adapters/http/api-error';
import { ChangePasswordSection } from '../../../ui/account/change-password-section';
import {
  CHANGE_PASSWORD_FAILED_MESSAGE,
  ChangePasswordViewModel,
  PASSWORD_CHANGED_MESSAGE,
} from '../../../ui/account/change-password-view-model';
import {
  DEMO_EMAIL,
  fakeIdentityOf,
  renderSection,
  signedInContainer,
} from './account-security-harness';

afterEach(cleanup);

const NEW_PASSWORD = 'Brass-Valve-2027';
const OWNER = { firstName: 'Harriet', lastName: 'Holm', email: DEMO_EMAIL };

/** A gateway whose answers are scripted one call at a time; records what it was sent. */
class ScriptedGateway implements AccountSecurityGateway {
  readonly sent: [string, string][] = [];
  constructor(readonly answers: (() => Promise<void>)[] = []) {}

  changePassword(current: string, next: string): Promise<void> {
    this.sent.push([current, next]);
    return (this.answers.shift() ?? (async () => undefined))();
  }

  async deleteAccount(): Promise<void> {
    throw new Error('not used here');
  }
}

const viewModel = (gateway: AccountSecurityGateway) =>
  new ChangePasswordViewModel({ changePassword: new ChangePassword(gateway), owner: () => OWNER });

const fill = (vm: ChangePasswordViewModel, current: string, next: string, confirm = next) => {
  vm.set('currentPassword', current);
  vm.set('newPassword', next);
  vm.set('confirmPassword', confirm);
};

describe('ChangePasswordViewModel', () => {
  it('sends a valid form once, then clears the fields and says so', async () => {
    const gateway = new ScriptedGateway();
    const vm = viewModel(gateway);
    fill(vm, DEMO_PASSWORD, NEW_PASSWORD);
    const first = vm.submit();
    expect(await vm.submit()).toBe(false); // a second click while the first is on its way
    expect(await first).toBe(true);
    expect(gateway.sent).toEqual([[DEMO_PASSWORD, NEW_PASSWORD]]);
    expect([vm.currentPassword, vm.newPassword, vm.confirmPassword]).toEqual(['', '', '']);
    expect(vm.successMessage).toBe(PASSWORD_CHANGED_MESSAGE);
    vm.set('currentPassword', 'x');
    expect(vm.successMessage).toBeNull();
  });

  it('names each bad field without calling the server, and clears an error once edited', async () => {
    const gateway = new ScriptedGateway();
    const vm = viewModel(gateway);
    fill(vm, '', 'holm-2026-abc', 'something else');
    expect(await vm.submit()).toBe(false);
    expect(gateway.sent).toEqual([]);
    expect(vm.errors).toEqual({
      currentPassword: CHANGE_PASSWORD_MESSAGES.currentRequired,
      newPassword: 'Password must not contain your name or common words such as "password"',
      confirmPassword: CHANGE_PASSWORD_MESSAGES.mismatch,
    });
    expect(vm.firstInvalidField).toBe('currentPassword');
    vm.set('currentPassword', DEMO_PASSWORD);
    expect(vm.errors.currentPassword).toBeUndefined();
    expect(vm.firstInvalidField).toBe('newPassword');
  });

  it("shows the server's refusal on its field, and a failed call as a form error keeping the fields", async () => {
    const gateway = new ScriptedGateway([
      () =>
        Promise.reject(
          new PasswordChangeRejectedError(
            [{ field: 'currentPassword', message: 'That is not your current password.' }],
            'currentPassword: That is not your current password.',
          ),
        ),
      () => Promise.reject(new ApiError('network', 'Something went wrong. Please try again...')),
    ]);
    const vm = viewModel(gateway);
    fill(vm, 'Wrong-Guess-1', NEW_PASSWORD);
    await vm.submit();
    expect(vm.errors).toEqual({ currentPassword: 'That is not your current password.' });
    expect(vm.formError).toBeNull();
    fill(vm, DEMO_PASSWORD, NEW_PASSWORD);
    await vm.submit();
    expect(vm.formError).toBe(CHANGE_PASSWORD_FAILED_MESSAGE);
    expect(vm.status).toBe('failed');
    expect(vm.newPassword).toBe(NEW_PASSWORD);
    expect(await vm.submit()).toBe(true);
    expect(vm.formError).toBeNull();
  });

  it("checks the new password against the customer's own names", () => {
    const vm = viewModel(new ScriptedGateway());
    vm.set('newPassword', 'harriet-2026');
    expect(vm.conditions.find((c) => c.id === 'forbidden')?.met).toBe(false);
    vm.set('newPassword', 'brass-2026-tap');
    expect(vm.conditions.every((c) => c.met)).toBe(true);
  });
});

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

/** The text of everything an element's aria-describedby points at. */
const descriptionOf = (el: HTMLElement): string =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => (id === '' ? '' : (document.getElementById(id)?.textContent ?? '')))
    .join(' ');

const type = (label: string, value: string) =>
  fireEvent.change(input(label), { target: { value } });

const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
  });
};

describe('ChangePasswordSection', () => {
  it('shows the three fields and the rules of the new password, ticking them off as typed', async () => {
    renderSection(ChangePasswordSection, await signedInContainer());
    expect(screen.getByRole('heading', { level: 2, name: 'Change password' })).toBeTruthy();
    const rules = screen.getByRole('list', { name: 'New password rules' });
    expect(rules.textContent).toContain('Password must be at least 10 characters');
    expect(rules.textContent).toContain('at least one letter and one number');
    expect(descriptionOf(input('New password'))).toContain('at least 10 characters');
    // Nothing typed meets nothing, "must not contain your name" included: no tick, no "(done)".
    expect(rules.querySelectorAll('.is-met')).toHaveLength(0);
    expect(rules.textContent).not.toContain('✓');
    expect(rules.textContent).not.toContain('(done)');
    type('New password', 'brass-2026-tap');
    expect(rules.querySelectorAll('.is-met')).toHaveLength(3);
    expect(rules.textContent).not.toContain('(not yet)');
  });

  it('names every missing field, focuses the first, and sends nothing', async () => {
    const container = await signedInContainer();
    renderSection(ChangePasswordSection, container);
    await submit();
    for (const [label, message] of [
      ['Current password', CHANGE_PASSWORD_MESSAGES.currentRequired],
      ['New password', CHANGE_PASSWORD_MESSAGES.newRequired],
      ['Confirm new password', CHANGE_PASSWORD_MESSAGES.confirmRequired],
    ] as const) {
      expect(input(label).getAttribute('aria-invalid')).toBe('true');
      expect(descriptionOf(input(label))).toContain(message);
    }
    expect(document.activeElement).toBe(input('Current password'));
    expect(fakeIdentityOf(container).account(DEMO_EMAIL)?.password).toBe(DEMO_PASSWORD);
  });

  it("shows the server's message for a wrong current password, on that field", async () => {
    const container = await signedInContainer();
    renderSection(ChangePasswordSection, container);
    type('Current password', 'Not-My-Password-1');
    type('New password', NEW_PASSWORD);
    type('Confirm new password', NEW_PASSWORD);
    await submit();
    await waitFor(() =>
      expect(descriptionOf(input('Current password'))).toContain(
        'That is not your current password.',
      ),
    );
    expect(document.activeElement).toBe(input('Current password'));
    expect(input('New password').value).toBe(NEW_PASSWORD);
    expect(fakeIdentityOf(container).account(DEMO_EMAIL)?.password).toBe(DEMO_PASSWORD);
  });

  it('changes the password: announced in the live region, fields cleared, the new one signs in', async () => {
    const container = await signedInContainer();
    renderSection(ChangePasswordSection, container);
    const status = screen
      .getAllByRole('status')
      .find((el) => el.classList.contains('account-security__success'));
    expect(status?.getAttribute('aria-live')).toBe('polite');
    type('Current password', DEMO_PASSWORD);
    type('New password', NEW_PASSWORD);
    type('Confirm new password', NEW_PASSWORD);
    await submit();
    await waitFor(() => expect(status?.textContent).toBe(PASSWORD_CHANGED_MESSAGE));
    for (const label of ['Current password', 'New password', 'Confirm new password']) {
      expect(input(label).value).toBe('');
    }
    const signIn = container.get<SignIn>(TYPES.SignIn);
    expect((await signIn.execute({ username: DEMO_EMAIL, password: DEMO_PASSWORD })).kind).toBe(
      'error',
    );
    expect((await signIn.execute({ username: DEMO_EMAIL, password: NEW_PASSWORD })).kind).toBe(
      'success',
    );
  });

  it('says plainly when the call fails, keeps what was typed, and the retry works', async () => {
    const container = await signedInContainer();
    const gateway = new ScriptedGateway([
      () => Promise.reject(new ApiError('server', 'Something went wrong. Please try again...')),
    ]);
    container.rebind<AccountSecurityGateway>(TYPES.AccountSecurityGateway).toConstantValue(gateway);
    renderSection(ChangePasswordSection, container);
    type('Current password', DEMO_PASSWORD);
    type('New password', NEW_PASSWORD);
    type('Confirm new password', NEW_PASSWORD);
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(CHANGE_PASSWORD_FAILED_MESSAGE);
    expect(input('New password').value).toBe(NEW_PASSWORD);
    await submit();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByText(PASSWORD_CHANGED_MESSAGE)).toBeTruthy();
    expect(gateway.sent).toEqual([
      [DEMO_PASSWORD, NEW_PASSWORD],
      [DEMO_PASSWORD, NEW_PASSWORD],
    ]);
  });
});
