/**
 * Port: the newsletter calls (spec §7 CRM /crm/newsletter/subscription, with the double opt-in
 * the shop adds: docs/rules.md "Newsletter"). Each call resolves with what the shop answered and
 * rejects only when no answer came back (offline, a 5xx).
 */
import type { CampaignState } from './campaign';

/** Where a subscription came from: the newsletter page, the campaign dialog, the sign-up form. */
export type SubscriptionSource = 'page' | 'campaign' | 'signup';

export type SubscribeAnswer =
  /** A confirmation e-mail is on its way; the address is subscribed once its link is followed. */
  | { readonly kind: 'pending' }
  /** The address is already subscribed and confirmed (spec §8 'Email address already subscribed'). */
  | { readonly kind: 'already-subscribed'; readonly message: string }
  /** The shop refused a field, naming it. */
  | { readonly kind: 'invalid'; readonly field: string; readonly message: string }
  /** Too many sign-ups from this browser or for this address for now. */
  | { readonly kind: 'too-many'; readonly message: string };

export type TokenAnswer =
  | { readonly kind: 'done'; readonly email: string }
  /** The link is unknown, used up or expired. */
  | { readonly kind: 'invalid-link' };

/**
 * Port: where the campaign dialog's state is kept (spec §3 "newslettersignup" slice): page views
 * for this browser session, dismissed and subscribed for this browser.
 */
export interface CampaignStore {
  load(): CampaignState;
  save(state: CampaignState): void;
}

export interface NewsletterGateway {
  subscribe(email: string, source: SubscriptionSource): Promise<SubscribeAnswer>;
  /** Follows the link of the confirmation e-mail. */
  confirm(token: string): Promise<TokenAnswer>;
  /** Follows the unsubscribe link every newsletter e-mail carries. */
  unsubscribe(token: string): Promise<TokenAnswer>;
}
