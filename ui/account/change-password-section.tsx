/**
 * Account settings: change password (spec §7 POST /customer/change_password, §5 profile rule).
 * Self-contained: the gateway comes from the container, the customer's names from the auth state.
 * Errors sit under the field they concern and focus moves to the first one; the rules of the new
 * password are listed as a live checklist; success is announced in a polite live region.
 */
import { observer } from 'mobx-react-lite';
import { useId, useRef, type FormEvent, type RefObject } from 'react';
import type { ChangePasswordField } from '../../core/account/account-security';
import type { ChangePassword } from '../../core/account/change-password';
import { TYPES } from '../../adapters/di/types';
import { useViewModel } from '../app/container-context';
import { useAuth } from '../auth/auth-context';
import { ChangePasswordViewModel, passwordOwnerOf } from './change-password-view-model';
import './account-security.css';

interface PasswordFieldProps {
  readonly label: string;
  readonly value: string;
  readonly error: string | undefined;
  readonly autoComplete: 'current-password' | 'new-password';
  readonly inputRef: RefObject<HTMLInputElement | null>;
  /** Ids of further text that describes the field (the rules list). */
  readonly describedBy?: string;
  readonly onValue: (value: string) => void;
}

const PasswordField = ({
  label,
  value,
  error,
  autoComplete,
  inputRef,
  describedBy,
  onValue,
}: PasswordFieldProps) => {
  const id = useId();
  const errorId = `${id}-error`;
  const described = [error ? errorId : null, describedBy ?? null].filter(Boolean).join(' ');
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        type="password"
        autoComplete={autoComplete}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described === '' ? undefined : described}
        onChange={(e) => onValue(e.target.value)}
      />
      {error && (
        <p id={errorId} className="auth-field__error">
          {error}
        </p>
      )}
    </div>
  );
};

export const ChangePasswordSection = observer(() => {
  const auth = useAuth();
  const form = useViewModel(
    (c) =>
      new ChangePasswordViewModel({
        changePassword: c.get<ChangePassword>(TYPES.ChangePassword),
        owner: () => passwordOwnerOf(auth.claims),
        rules: () => auth.passwordRules,
      }),
  );
  const titleId = useId();
  const rulesId = useId();
  const refs: Record<ChangePasswordField, RefObject<HTMLInputElement | null>> = {
    currentPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await form.submit()) return;
    const first = form.firstInvalidField;
    if (first !== null) refs[first].current?.focus();
  };
  const busy = form.status === 'loading';

  return (
    <section className="account-section account-security" aria-labelledby={titleId}>
      <h2 id={titleId} className="account-security__title">
        Change password
      </h2>
      <form className="auth-form" noValidate aria-busy={busy} onSubmit={(e) => void submit(e)}>
        {form.formError !== null && (
          <p className="auth-form__alert" role="alert">
            {form.formError}
          </p>
        )}
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={form.currentPassword}
          error={form.errors.currentPassword}
          inputRef={refs.currentPassword}
          onValue={(v) => form.set('currentPassword', v)}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          value={form.newPassword}
          error={form.errors.newPassword}
          inputRef={refs.newPassword}
          describedBy={rulesId}
          onValue={(v) => form.set('newPassword', v)}
        />
        <ul id={rulesId} className="account-security__rules" aria-label="New password rules">
          {form.conditions.map((c) => (
            <li key={c.id} className={c.met ? 'is-met' : undefined}>
              <span aria-hidden="true">{c.met ? '✓' : '•'}</span> {c.message}
              <span className="visually-hidden">{c.met ? ' (done)' : ' (not yet)'}</span>
            </li>
          ))}
        </ul>
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          value={form.confirmPassword}
          error={form.errors.confirmPassword}
          inputRef={refs.confirmPassword}
          onValue={(v) => form.set('confirmPassword', v)}
        />
        <div>
          <button type="submit" className="button button--primary" aria-disabled={busy}>
            {busy ? 'Changing password…' : 'Change password'}
          </button>
        </div>
      </form>
      <p className="account-security__success" role="status" aria-live="polite">
        {form.successMessage ?? ''}
      </p>
    </section>
  );
});
