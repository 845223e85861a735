/**
 * The newsletter in the tab, for the offline demo and UI tests, with the server's rules
 * (docs/api.md "Newsletter"): double opt-in, a new link replaces the old one, 'Email address
 * already subscribed' for a confirmed address only, unsubscribe kills the confirmation link.
 * Its e-mails go to an in-memory outbox and the console ("[demo outbox]"), as the fake identity's
 * do, so a demo can follow the link.
 */
import type {
  NewsletterGateway,
  SubscribeAnswer,
  SubscriptionSource,
  TokenAnswer,
} from '../../../core/newsletter/ports';
import { ALREADY_SUBSCRIBED_MESSAGE } from '../../../core/newsletter/subscribe';
import { routes } from '../../../core/content/routes';

export interface FakeNewsletterMail {
  readonly to: string;
  readonly confirmLink: string;
  readonly unsubscribeLink: string;
}

interface Entry {
  status: 'pending' | 'confirmed' | 'unsubscribed';
  confirmToken: string | null;
  readonly unsubscribeToken: string;
}

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** 43 characters of base64url, the server's token shape. */
const mintToken = (): string => {
  const bytes = new Uint8Array(43);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => TOKEN_ALPHABET[b % 64]).join('');
};

export class FakeNewsletterGateway implements NewsletterGateway {
  readonly outbox: FakeNewsletterMail[] = [];
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly log: (message: string) => void = (m) => console.info(m)) {}

  subscribe(email: string, _source: SubscriptionSource): Promise<SubscribeAnswer> {
    const known = this.entries.get(email);
    if (known?.status === 'confirmed') {
      return Promise.resolve({ kind: 'already-subscribed', message: ALREADY_SUBSCRIBED_MESSAGE });
    }
    const entry: Entry = known ?? {
      status: 'pending',
      confirmToken: null,
      unsubscribeToken: mintToken(),
    };
    entry.status = 'pending';
    entry.confirmToken = mintToken();
    this.entries.set(email, entry);
    const mail = {
      to: email,
      confirmLink: `${routes.newsletter}?confirm=${entry.confirmToken}`,
      unsubscribeLink: `${routes.newsletter}?unsubscribe=${entry.unsubscribeToken}`,
    };
    this.outbox.unshift(mail);
    this.log(`[demo outbox] to ${email}: confirm at ${mail.confirmLink}`);
    return Promise.resolve({ kind: 'pending' });
  }

  confirm(token: string): Promise<TokenAnswer> {
    for (const [email, entry] of this.entries) {
      if (entry.confirmToken === token && entry.status !== 'unsubscribed') {
        entry.status = 'confirmed';
        return Promise.resolve({ kind: 'done', email });
      }
    }
    return Promise.resolve({ kind: 'invalid-link' });
  }

  unsubscribe(token: string): Promise<TokenAnswer> {
    for (const [email, entry] of this.entries) {
      if (entry.unsubscribeToken === token) {
        entry.status = 'unsubscribed';
        entry.confirmToken = null;
        return Promise.resolve({ kind: 'done', email });
      }
    }
    return Promise.resolve({ kind: 'invalid-link' });
  }
}
