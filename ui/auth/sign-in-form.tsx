/**
 * The sign-in form (modal and login page): Email, Password, "Sign in" (ARCHITECTURE.md a11y names),
 * then, when two-step sign-in asks for it, the second step (./second-step-form.tsx).
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import type { AuthViewModel } from './auth-view-model';
import { Field } from './field';
import { SecondStepForm } from './second-step-form';

export const SignInForm = observer(
  ({ auth, onSignedIn }: { auth: AuthViewModel; onSignedIn?: () => void }) => {
    const submit = async (event: FormEvent) => {
      event.preventDefault();
      if (await auth.submitSignIn()) onSignedIn?.();
    };
    const passwordId = useId();
    const backFromSecondStep = useRef(false);
    // Back from the second step ("Start again"): the e-mail is kept, the password is to type.
    useEffect(() => {
      if (auth.secondStep !== null || !backFromSecondStep.current) return;
      backFromSecondStep.current = false;
      document.getElementById(passwordId)?.focus();
    }, [auth.secondStep, passwordId]);
    if (auth.secondStep !== null) {
      return (
        <SecondStepForm
          step={auth.secondStep}
          onStartAgain={() => {
            backFromSecondStep.current = true;
            auth.cancelSecondStep();
          }}
        />
      );
    }
    const busy = auth.signInStatus === 'loading';
    return (
      <form className="auth-form" noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
        {auth.signInMessage !== null && (
          <div className="auth-form__alert" role="alert">
            <p>{auth.signInMessage}</p>
            {(auth.signInProblem === 'lockedOut' || auth.signInProblem === 'passwordExpired') && (
              <button
                type="button"
                className="auth-link"
                onClick={() => auth.showView('forgotPassword')}
              >
                Reset your password
              </button>
            )}
          </div>
        )}
        <Field
          label="Email"
          type="email"
          autoComplete="username"
          value={auth.email}
          error={auth.signInErrors.email}
          onValue={(v) => auth.setEmail(v)}
        />
        <Field
          id={passwordId}
          label="Password"
          type="password"
          autoComplete="current-password"
          value={auth.password}
          error={auth.signInErrors.password}
          onValue={(v) => auth.setPassword(v)}
        />
        <button type="submit" className="button button--primary auth-form__submit" disabled={busy}>
          Sign in
        </button>
        <div className="auth-form__links">
          <button
            type="button"
            className="auth-link"
            onClick={() => auth.showView('forgotPassword')}
          >
            Forgot password?
          </button>
          <button
            type="button"
            className="auth-link"
            onClick={() => auth.showView('customerSignup')}
          >
            Create an account
          </button>
          <button type="button" className="auth-link" onClick={() => auth.showView('proSignup')}>
            Create a pro account
          </button>
        </div>
      </form>
    );
  },
);
