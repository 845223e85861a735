/**
 * The newsletter with double opt-in (spec §7 /crm/newsletter/subscription, §8; docs/rules.md
 * "Newsletter"). Subscribing writes a pending row and a confirmation e-mail in one transaction; the
 * address is subscribed once that e-mail's link is followed. Every e-mail carries an unsubscribe
 * link. A confirmed address asked again is told 'Email address already subscribed' and mailed
 * nothing.
 *
 * Links carry 32 random bytes (confirmation) or an HMAC of the address under the server's key
 * (unsubscribe, the same in every e-mail); the table keeps only their SHA-256 hashes.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { SubscriptionSource } from '../../core/newsletter/ports';
import { routes } from '../../core/content/routes';
import type { Clock } from '../../core/shared/clock';
import type { Database } from '../db/database';
import { writeOutbox, type NewMessage, type OutboxLog } from '../identity/outbox';

/** How long a confirmation link works. */
export const CONFIRM_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const CONFIRM_SUBJECT = 'Confirm your Lavabo newsletter subscription';
export const WELCOME_SUBJECT = 'Welcome to the Lavabo newsletter';

/** The page that follows the links (the newsletter page reads these query parameters). */
export const confirmLink = (token: string): string => `${routes.newsletter}?confirm=${token}`;
export const unsubscribeLink = (token: string): string =>
  `${routes.newsletter}?unsubscribe=${token}`;

export type SubscribeOutcome = 'pending' | 'already-subscribed';

const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

export class NewsletterService {
  private readonly clock: Clock;
  private readonly log: OutboxLog;

  constructor(
    private readonly db: Database,
    private readonly key: Uint8Array,
    options: { readonly clock?: Clock; readonly log?: OutboxLog } = {},
  ) {
    this.clock = options.clock ?? { now: () => Date.now() };
    this.log = options.log ?? (() => undefined);
  }

  /** The unsubscribe token of an address: the same for every e-mail sent to it. */
  unsubscribeToken(email: string): string {
    return createHmac('sha256', this.key)
      .update(`newsletter-unsubscribe:${email}`)
      .digest('base64url');
  }

  /**
   * `email` is already checked and normalised. A new, pending or unsubscribed address becomes
   * pending with a fresh link (the one mailed before stops working); a confirmed one is left alone.
   * One statement decides, so two requests at once cannot both mail a confirmed address.
   */
  async subscribe(email: string, source: SubscriptionSource): Promise<SubscribeOutcome> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date(this.clock.now());
    const message = await this.db.transaction(async (tx) => {
      const written = await tx.query<{ email: string }>(
        `INSERT INTO newsletter_subscriptions AS s
           (email, status, source, confirm_token_hash, confirm_expires_at, unsubscribe_token_hash, requested_at)
         VALUES ($1, 'pending', $2, $3, $4, $5, $6)
         ON CONFLICT (email) DO UPDATE SET
           status = 'pending', source = EXCLUDED.source,
           confirm_token_hash = EXCLUDED.confirm_token_hash,
           confirm_expires_at = EXCLUDED.confirm_expires_at,
           requested_at = EXCLUDED.requested_at, unsubscribed_at = NULL
         WHERE s.status <> 'confirmed'
         RETURNING email`,
        [
          email,
          source,
          hashOf(token),
          new Date(now.getTime() + CONFIRM_LINK_TTL_MS),
          hashOf(this.unsubscribeToken(email)),
          now,
        ],
      );
      if (written.rows.length === 0) return null;
      const confirmation = this.confirmationMessage(email, token);
      await writeOutbox(tx, confirmation, now);
      return confirmation;
    });
    if (message === null) return 'already-subscribed';
    this.log(message);
    return 'pending';
  }

  /**
   * Follows a confirmation link: the address it was sent to, now subscribed, or null for a link
   * that is unknown, expired, replaced by a newer one or unsubscribed since. Following it again
   * after confirming answers the address again and mails nothing.
   */
  async confirm(token: string): Promise<string | null> {
    const now = new Date(this.clock.now());
    const confirmed = await this.db.transaction(async (tx) => {
      const result = await tx.query<{ email: string; was: string }>(
        `UPDATE newsletter_subscriptions AS s SET status = 'confirmed',
           confirmed_at = COALESCE(s.confirmed_at, $2)
         FROM (SELECT email, status AS was FROM newsletter_subscriptions
               WHERE confirm_token_hash = $1 FOR UPDATE) AS before
         WHERE s.email = before.email
           AND (s.status = 'confirmed' OR (s.status = 'pending' AND s.confirm_expires_at > $2))
         RETURNING s.email, before.was`,
        [hashOf(token), now],
      );
      const row = result.rows[0];
      if (row === undefined) return null;
      if (row.was === 'confirmed') return { email: row.email, welcome: null };
      const welcome = this.welcomeMessage(row.email);
      await writeOutbox(tx, welcome, now);
      return { email: row.email, welcome };
    });
    if (confirmed === null) return null;
    if (confirmed.welcome !== null) this.log(confirmed.welcome);
    return confirmed.email;
  }

  /** Follows an unsubscribe link: the address, now unsubscribed (again, if it was), or null. */
  async unsubscribe(token: string): Promise<string | null> {
    const now = new Date(this.clock.now());
    const result = await this.db.query<{ email: string }>(
      `UPDATE newsletter_subscriptions SET status = 'unsubscribed', confirm_token_hash = NULL,
         confirm_expires_at = NULL, unsubscribed_at = COALESCE(unsubscribed_at, $2)
       WHERE unsubscribe_token_hash = $1
       RETURNING email`,
      [hashOf(token), now],
    );
    return result.rows[0]?.email ?? null;
  }

  /** An address's state: 'pending', 'confirmed', 'unsubscribed', or null when never asked. */
  async status(email: string): Promise<string | null> {
    const result = await this.db.query<{ status: string }>(
      'SELECT status FROM newsletter_subscriptions WHERE email = $1',
      [email],
    );
    return result.rows[0]?.status ?? null;
  }

  private footer(email: string): string[] {
    return [
      '',
      '—',
      `You receive this because ${email} was entered at Lavabo's newsletter sign-up.`,
      `Unsubscribe at any time: ${unsubscribeLink(this.unsubscribeToken(email))}`,
    ];
  }

  private confirmationMessage(email: string, token: string): NewMessage {
    return {
      to: email,
      subject: CONFIRM_SUBJECT,
      text: [
        'Hello,',
        '',
        'Please confirm that you want the Lavabo newsletter: new collections, design ideas and offers, about twice a month.',
        `Confirm your subscription: ${confirmLink(token)}`,
        '',
        'The link works for 7 days. If you did not ask for the newsletter, ignore this e-mail: you will not be subscribed.',
        ...this.footer(email),
      ].join('\n'),
    };
  }

  private welcomeMessage(email: string): NewMessage {
    return {
      to: email,
      subject: WELCOME_SUBJECT,
      text: [
        'Hello,',
        '',
        'Your subscription is confirmed. The next newsletter will come to this address.',
        ...this.footer(email),
      ].join('\n'),
    };
  }
}
