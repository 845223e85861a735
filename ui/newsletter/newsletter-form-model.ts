/**
 * The newsletter form (the newsletter page and the campaign dialog; pinned names "Email" and
 * "Subscribe"): the §5 e-mail rule before the call, the §8 'Email address already subscribed' on
 * the field, a "check your inbox" status once the confirmation e-mail is on its way, and a way to
 * try again when the shop could not be reached. The use case is resolved on first submit, so the
 * form draws before its area of the graph has loaded.
 */
import { action, makeObservable, observable, runInAction } from 'mobx';
import type { SubscriptionSource } from '../../core/newsletter/ports';
import type { SubscribeToNewsletter } from '../../core/newsletter/subscribe';

export type NewsletterFormStatus = 'idle' | 'submitting' | 'sent' | 'failed';

export const NEWSLETTER_FAILED_MESSAGE =
  'We could not sign you up just now. Check your connection and try again.';

export class NewsletterFormModel {
  email = '';
  /** The e-mail field's message, or null. */
  error: string | null = null;
  status: NewsletterFormStatus = 'idle';
  /** What the form says outside the field: the confirmation notice or why it failed. */
  message: string | null = null;

  constructor(
    private readonly subscribe: () => Promise<SubscribeToNewsletter>,
    private readonly source: SubscriptionSource,
    /** Called once the confirmation e-mail is on its way. */
    private readonly onSent: () => void = () => undefined,
  ) {
    makeObservable(this, {
      email: observable,
      error: observable,
      status: observable,
      message: observable,
      setEmail: action,
      submit: action,
    });
  }

  setEmail(value: string): void {
    this.email = value;
    this.error = null;
    if (this.status === 'failed') {
      this.status = 'idle';
      this.message = null;
    }
  }

  async submit(): Promise<void> {
    if (this.status === 'submitting') return;
    this.status = 'submitting';
    this.error = null;
    this.message = null;
    try {
      const answer = await (await this.subscribe()).execute(this.email, this.source);
      runInAction(() => {
        switch (answer.kind) {
          case 'pending':
            this.status = 'sent';
            this.message = `Almost done: we sent a link to ${this.email.trim()}. Your subscription starts once you follow it.`;
            break;
          case 'already-subscribed':
            this.status = 'idle';
            this.error = answer.message;
            break;
          case 'invalid':
            this.status = 'idle';
            this.error = answer.message;
            break;
          case 'too-many':
            this.status = 'failed';
            this.message = answer.message;
            break;
        }
      });
      if (answer.kind === 'pending') this.onSent();
    } catch {
      runInAction(() => {
        this.status = 'failed';
        this.message = NEWSLETTER_FAILED_MESSAGE;
      });
    }
  }

  /** Back to the form after "check your inbox" (a typo in the address). */
  startOver(): void {
    runInAction(() => {
      this.status = 'idle';
      this.message = null;
    });
  }
}
