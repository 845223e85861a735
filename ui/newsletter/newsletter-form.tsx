/**
 * The newsletter form: one "Email" field and a "Subscribe" button (pinned names), the field's
 * error wired to it, and the outcome announced in a live region.
 */
import { observer } from 'mobx-react-lite';
import type { FormEvent } from 'react';
import { Field } from '../auth/field';
import type { NewsletterFormModel } from './newsletter-form-model';
import '../auth/auth.css';
import './newsletter.css';

export const NewsletterForm = observer(({ form }: { form: NewsletterFormModel }) => {
  const busy = form.status === 'submitting';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit();
  };
  if (form.status === 'sent') {
    return (
      <div className="newsletter-form newsletter-form--sent">
        <p role="status" className="newsletter-form__notice">
          {form.message}
        </p>
        <button type="button" className="auth-link" onClick={() => form.startOver()}>
          Use another address
        </button>
      </div>
    );
  }
  return (
    <form className="newsletter-form" noValidate onSubmit={submit} aria-busy={busy}>
      <div className="newsletter-form__row">
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          value={form.email}
          error={form.error}
          onValue={(v) => form.setEmail(v)}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Subscribing…' : 'Subscribe'}
        </button>
      </div>
      <p role="alert" className="newsletter-form__alert">
        {form.status === 'failed' ? form.message : ''}
      </p>
      <p className="newsletter-form__small">
        We send a confirmation e-mail first. Every newsletter has an unsubscribe link.
      </p>
    </form>
  );
});
