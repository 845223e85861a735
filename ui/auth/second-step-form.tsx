/**
 * The second step of signing in, in the auth modal and on the login page: the "Verification code"
 * field (or "Recovery code" after "Use a recovery code"), "Verify", and a way back to the password.
 * For an account that must enrol first, the key (QR code and text) comes before the field, and the
 * recovery codes after it, with "Continue". Focus goes to the field when the step opens and when
 * the code is refused; a refusal of the whole step is announced (role=alert).
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, type FormEvent } from 'react';
import type { SecondStepModel } from './second-step-model';
import { CodeField, EnrolmentKey, RecoveryCodes } from './two-step-parts';

export const SecondStepForm = observer(
  ({ step, onStartAgain }: { step: SecondStepModel; onStartAgain: () => void }) => {
    const field = useRef<HTMLInputElement>(null);
    const continueButton = useRef<HTMLButtonElement>(null);
    const startAgain = useRef<HTMLButtonElement>(null);

    useEffect(() => {
      void step.loadEnrolment();
    }, [step]);
    useEffect(() => {
      field.current?.focus();
    }, [step, step.mode, step.enrolment]);
    useEffect(() => {
      if (step.recoveryCodes !== null) continueButton.current?.focus();
    }, [step.recoveryCodes]);
    // A used-up challenge takes the field and "Verify" away: "Start again" is what is left.
    useEffect(() => {
      if (step.ended) startAgain.current?.focus();
    }, [step.ended]);

    const submit = async (event: FormEvent) => {
      event.preventDefault();
      if (!(await step.submit()) && step.error !== null) field.current?.focus();
    };

    if (step.recoveryCodes !== null) {
      return (
        <div className="auth-form two-step">
          <p role="status">Two-step sign-in is on.</p>
          <RecoveryCodes codes={step.recoveryCodes} />
          <button
            ref={continueButton}
            type="button"
            className="button button--primary auth-form__submit"
            onClick={() => void step.continue()}
          >
            Continue
          </button>
        </div>
      );
    }

    const busy = step.status === 'loading';
    return (
      <form
        className="auth-form two-step"
        noValidate
        aria-busy={busy}
        aria-label="Two-step sign-in"
        onSubmit={(e) => void submit(e)}
      >
        <div>
          {step.alert !== null && (
            <div className="auth-form__alert" role="alert">
              <p>{step.alert}</p>
            </div>
          )}
        </div>
        {step.enrol ? (
          <>
            <p>
              Your account needs two-step sign-in. Add this key to an authenticator app on your
              phone, then enter the 6-digit code it shows.
            </p>
            {step.enrolment !== null && <EnrolmentKey enrolment={step.enrolment} />}
          </>
        ) : (
          <p>
            {step.mode === 'code'
              ? 'Enter the 6-digit code from your authenticator app.'
              : 'Enter one of the recovery codes you saved when you set up two-step sign-in.'}
          </p>
        )}
        {!step.ended && (
          <>
            <CodeField
              label={step.label}
              value={step.code}
              error={step.error}
              numeric={step.mode === 'code'}
              inputRef={field}
              onValue={(v) => step.setCode(v)}
            />
            <button
              type="submit"
              className="button button--primary auth-form__submit"
              aria-disabled={busy}
            >
              {busy ? 'Verifying…' : 'Verify'}
            </button>
          </>
        )}
        <div className="auth-form__links">
          {!step.enrol && !step.ended && (
            <button type="button" className="auth-link" onClick={() => step.switchMode()}>
              {step.mode === 'code' ? 'Use a recovery code' : 'Use a verification code'}
            </button>
          )}
          <button ref={startAgain} type="button" className="auth-link" onClick={onStartAgain}>
            Start again
          </button>
        </div>
      </form>
    );
  },
);
