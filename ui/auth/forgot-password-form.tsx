/** Forgot password (spec §2): a code by e-mail, then a new password with it. */
import { observer } from 'mobx-react-lite';
import type { FormEvent } from 'react';
import type { AuthViewModel } from './auth-view-model';
import { Field } from './field';
import type { ForgotPasswordModel } from './forgot-password-model';

export const ForgotPasswordForm = observer(
  ({ auth, form }: { auth: AuthViewModel; form: ForgotPasswordModel }) => {
    const busy = form.status === 'loading';
    const submit = async (event: FormEvent) => {
      event.preventDefault();
      if (form.step === 'request') await form.sendCode();
      else if (form.step === 'reset' && (await form.setNewPassword())) auth.setEmail(form.email);
    };
    const backToSignIn = (
      <button type="button" className="auth-link" onClick={() => auth.showView('signIn')}>
        Back to sign in
      </button>
    );
    if (form.step === 'done') {
      return (
        <div className="auth-form">
          <p role="status">{form.notice}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => auth.showView('signIn')}
          >
            Continue to sign in
          </button>
        </div>
      );
    }
    return (
      <form className="auth-form" noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
        {form.formError !== null && (
          <p className="auth-form__alert" role="alert">
            {form.formError}
          </p>
        )}
        {form.notice !== null && <p role="status">{form.notice}</p>}
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          value={form.email}
          error={form.errors.email}
          readOnly={form.step === 'reset'}
          onValue={(v) => form.set('email', v)}
        />
        {form.step === 'reset' && (
          <>
            <Field
              label="Code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={form.code}
              error={form.errors.code}
              onValue={(v) => form.set('code', v)}
            />
            <Field
              label="New password"
              type="password"
              autoComplete="new-password"
              value={form.password}
              error={form.errors.password}
              onValue={(v) => form.set('password', v)}
            />
          </>
        )}
        <button type="submit" className="button button--primary auth-form__submit" disabled={busy}>
          {form.step === 'request' ? 'Send code' : 'Reset password'}
        </button>
        <div className="auth-form__links">
          {form.step === 'reset' && (
            <button type="button" className="auth-link" onClick={() => form.startOver()}>
              Send a new code
            </button>
          )}
          {backToSignIn}
        </div>
      </form>
    );
  },
);
