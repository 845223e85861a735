/**
 * Use cases of the newsletter (spec §2 newsletter signup, §7, §8): subscribe with an e-mail
 * address (checked by the §5 e-mail rule before anything is sent), confirm it from the e-mail's
 * link, and unsubscribe from any newsletter e-mail.
 */
import { normalizeEmail, validateEmail } from '../validation/email';
import { DEFAULT_VALIDATION_MESSAGES, type ValidationMessages } from '../validation/messages';
import type { NewsletterGateway, SubscribeAnswer, SubscriptionSource, TokenAnswer } from './ports';

/** Spec §8: the newsletter's one error text. */
export const ALREADY_SUBSCRIBED_MESSAGE = 'Email address already subscribed';

/**
 * A link token as the server mints it (32 random bytes, base64url): anything else is refused here
 * without a call, so a mangled link says so at once.
 */
export const NEWSLETTER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const isNewsletterToken = (value: string): boolean => NEWSLETTER_TOKEN_PATTERN.test(value);

export class SubscribeToNewsletter {
  constructor(
    private readonly gateway: NewsletterGateway,
    private readonly messages: ValidationMessages = DEFAULT_VALIDATION_MESSAGES,
  ) {}

  async execute(email: string, source: SubscriptionSource): Promise<SubscribeAnswer> {
    const check = validateEmail(email, this.messages);
    if (!check.valid) return { kind: 'invalid', field: check.field, message: check.message ?? '' };
    return this.gateway.subscribe(normalizeEmail(email), source);
  }
}

export class ConfirmNewsletter {
  constructor(private readonly gateway: NewsletterGateway) {}

  execute(token: string): Promise<TokenAnswer> {
    return isNewsletterToken(token)
      ? this.gateway.confirm(token)
      : Promise.resolve({ kind: 'invalid-link' });
  }
}

export class UnsubscribeFromNewsletter {
  constructor(private readonly gateway: NewsletterGateway) {}

  execute(token: string): Promise<TokenAnswer> {
    return isNewsletterToken(token)
      ? this.gateway.unsubscribe(token)
      : Promise.resolve({ kind: 'invalid-link' });
  }
}
