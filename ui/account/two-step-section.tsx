/**
 * Account settings: "Two-step sign-in" (docs/api.md "Two-step sign-in"). Off: "Set up two-step
 * sign-in" shows the key (QR code and text) and the "Verification code" field; on: how many
 * recovery codes are left, "New recovery codes", and "Turn off two-step sign-in" (a current code
 * or a recovery code; not for accounts that must keep it). Recovery codes are shown once with copy
 * and download. Focus moves to the field each form opens with and back to it on a refusal;
 * outcomes are announced in a polite live region.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import type { TwoStepSettings } from '../../core/account/two-step-settings';
import { TYPES } from '../../adapters/di/types';
import { useViewModel } from '../app/container-context';
import { CodeField, EnrolmentKey, RecoveryCodes } from '../auth/two-step-parts';
import { TwoStepViewModel } from './two-step-view-model';
import './account-security.css';

export const TwoStepSection = observer(() => {
  const vm = useViewModel(
    (c) => new TwoStepViewModel(c.get<TwoStepSettings>(TYPES.TwoStepSettings)),
  );
  const titleId = useId();
  const field = useRef<HTMLInputElement>(null);
  const doneButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    void vm.load();
  }, [vm]);
  useEffect(() => {
    if (vm.screen === 'enrolling' || vm.screen === 'disabling' || vm.screen === 'regenerating') {
      field.current?.focus();
    }
    if (vm.screen === 'codes') doneButton.current?.focus();
  }, [vm.screen, vm.field]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!(await vm.submit()) && vm.error !== null) field.current?.focus();
  };
  const busy = vm.status === 'loading';
  const status = vm.statusValue;

  const codeForm = (intro: string, submitLabel: string) => (
    <form className="auth-form" noValidate aria-busy={busy} onSubmit={(e) => void submit(e)}>
      <p>{intro}</p>
      {vm.screen === 'enrolling' && vm.enrolment !== null && (
        <EnrolmentKey enrolment={vm.enrolment} />
      )}
      <CodeField
        label={vm.label}
        value={vm.code}
        error={vm.error}
        numeric={vm.field === 'code'}
        inputRef={field}
        onValue={(v) => vm.setCode(v)}
      />
      <div className="two-step__actions">
        <button type="submit" className="button button--primary" aria-disabled={busy}>
          {submitLabel}
        </button>
        <button type="button" className="button" onClick={() => vm.cancel()}>
          Cancel
        </button>
      </div>
      {vm.screen === 'disabling' && (
        <button type="button" className="auth-link" onClick={() => vm.switchField()}>
          {vm.field === 'code' ? 'Use a recovery code' : 'Use a verification code'}
        </button>
      )}
    </form>
  );

  return (
    <section className="account-section account-security two-step" aria-labelledby={titleId}>
      <h2 id={titleId} className="account-security__title">
        Two-step sign-in
      </h2>
      {vm.formError !== null && (
        <p className="auth-form__alert" role="alert">
          {vm.formError}
        </p>
      )}
      {vm.screen === 'loading' && <p>Loading…</p>}
      {vm.screen === 'failed' && (
        <div>
          <button type="button" className="button" onClick={() => void vm.load()}>
            Try again
          </button>
        </div>
      )}
      {vm.screen === 'off' && (
        <>
          <p>
            Two-step sign-in is off. Turn it on and signing in will also ask for a 6-digit code from
            an authenticator app on your phone, so your password alone is not enough.
          </p>
          <div>
            <button
              type="button"
              className="button button--primary"
              aria-disabled={busy}
              onClick={() => void vm.startEnrolment()}
            >
              Set up two-step sign-in
            </button>
          </div>
        </>
      )}
      {vm.screen === 'enrolling' &&
        codeForm(
          'Scan the QR code with an authenticator app (or type the key), then enter the 6-digit code it shows.',
          'Turn on two-step sign-in',
        )}
      {vm.screen === 'codes' && vm.recoveryCodes !== null && (
        <>
          <RecoveryCodes codes={vm.recoveryCodes} />
          <div>
            <button
              ref={doneButton}
              type="button"
              className="button"
              onClick={() => vm.doneWithCodes()}
            >
              I have saved my recovery codes
            </button>
          </div>
        </>
      )}
      {vm.screen === 'on' && status !== null && (
        <>
          <p>
            Two-step sign-in is on. You have {status.recoveryCodesLeft}{' '}
            {status.recoveryCodesLeft === 1 ? 'recovery code' : 'recovery codes'} left.
            {status.required && ' Your account must keep it on.'}
          </p>
          <div className="two-step__actions">
            <button type="button" className="button" onClick={() => vm.begin('regenerating')}>
              New recovery codes
            </button>
            {!status.required && (
              <button type="button" className="button" onClick={() => vm.begin('disabling')}>
                Turn off two-step sign-in
              </button>
            )}
          </div>
        </>
      )}
      {vm.screen === 'regenerating' &&
        codeForm(
          'Enter the 6-digit code from your authenticator app. Your old recovery codes will stop working.',
          'Make new recovery codes',
        )}
      {vm.screen === 'disabling' &&
        codeForm(
          vm.field === 'code'
            ? 'Enter the 6-digit code from your authenticator app to turn two-step sign-in off.'
            : 'Enter one of your recovery codes to turn two-step sign-in off.',
          'Turn off two-step sign-in',
        )}
      <p className="account-security__success" role="status" aria-live="polite">
        {vm.message ?? ''}
      </p>
    </section>
  );
});
