/** Customer and pro sign-up (spec §2 auth modal views); pro adds business details. */
import { observer } from 'mobx-react-lite';
import { useEffect, type FormEvent } from 'react';
import type { AuthViewModel } from './auth-view-model';
import { DEFAULT_BUSINESS_TYPES } from './auth-messages';
import { Field, SelectField } from './field';
import type { SignUpFormModel } from './sign-up-form-model';

export const SignUpForm = observer(
  ({
    auth,
    form,
    onSignedIn,
  }: {
    auth: AuthViewModel;
    form: SignUpFormModel;
    onSignedIn?: () => void;
  }) => {
    const pro = form.accountType === 'professional';
    const listed = auth.configuration.lists.businessTypes;
    const businessTypes = listed.length > 0 ? listed : DEFAULT_BUSINESS_TYPES;
    useEffect(() => () => form.dispose(), [form]);

    const submit = async (event: FormEvent) => {
      event.preventDefault();
      if (await form.submit()) onSignedIn?.();
    };
    const busy = form.status === 'loading';
    return (
      <form className="auth-form" noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
        {form.formError !== null && (
          <p className="auth-form__alert" role="alert">
            {form.formError}
          </p>
        )}
        <div className="auth-form__row">
          <Field
            label="First name"
            autoComplete="given-name"
            value={form.firstName}
            error={form.errors.firstName}
            onValue={(v) => form.set('firstName', v)}
          />
          <Field
            label="Last name"
            autoComplete="family-name"
            value={form.lastName}
            error={form.errors.lastName}
            onValue={(v) => form.set('lastName', v)}
          />
        </div>
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          value={form.email}
          error={form.emailMessage}
          onValue={(v) => form.set('email', v)}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          value={form.password}
          error={form.errors.password}
          hint="At least 11 characters with a lowercase letter, an uppercase letter, a digit and one of ! @ # $ % ^ & *"
          onValue={(v) => form.set('password', v)}
        />
        {pro && (
          <>
            <SelectField
              label="Business type"
              value={form.businessType}
              error={form.errors.businessType}
              options={[
                { value: '', label: 'Choose…' },
                ...businessTypes.map((t) => ({ value: t, label: t })),
              ]}
              onValue={(v) => form.set('businessType', v)}
            />
            <Field
              label="Business subtype (optional)"
              value={form.businessSubtype}
              error={form.errors.businessSubtype}
              onValue={(v) => form.set('businessSubtype', v)}
            />
            <Field
              label="Phone (optional)"
              type="tel"
              autoComplete="tel"
              value={form.phone}
              error={form.errors.phone}
              onValue={(v) => form.set('phone', v)}
            />
            <Field
              label="ZIP code (optional)"
              autoComplete="postal-code"
              value={form.zipCode}
              error={form.errors.zipCode}
              onValue={(v) => form.set('zipCode', v)}
            />
          </>
        )}
        <label className="auth-check">
          <input
            type="checkbox"
            checked={form.newsletter}
            onChange={(e) => form.setNewsletter(e.target.checked)}
          />
          Send me news and offers by email
        </label>
        <button type="submit" className="button button--primary auth-form__submit" disabled={busy}>
          {pro ? 'Create pro account' : 'Create account'}
        </button>
        <div className="auth-form__links">
          <button type="button" className="auth-link" onClick={() => auth.showView('signIn')}>
            Already have an account? Sign in instead
          </button>
        </div>
      </form>
    );
  },
);
