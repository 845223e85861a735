/**
 * When the newsletter campaign dialog opens by itself (spec §2 shell overlays, §9 "Newsletter
 * popup default trigger 9").
 *
 * Readings we chose (docs/rules.md "Newsletter"): the trigger counts page views (route changes,
 * the first page included) in one browser session; the dialog opens on the first view that reaches
 * it outside the quiet pages, and never again in that browser once it was dismissed (closed) or the
 * shopper subscribed. The `#newsletter`
 * hash opens it on demand whatever the count (spec §2), since the shopper asked for it. A trigger
 * of 0 or less switches the automatic opening off.
 */
import { routes } from '../content/routes';

export const NEWSLETTER_POPUP_TRIGGER_DEFAULT = 9;

/** The configured trigger (a whole number; anything else is the default). */
export const popupTriggerOf = (configured: unknown): number =>
  typeof configured === 'number' && Number.isSafeInteger(configured)
    ? configured
    : NEWSLETTER_POPUP_TRIGGER_DEFAULT;

/** Spec §2: this hash opens the campaign dialog. */
export const NEWSLETTER_HASH = '#newsletter';

export interface CampaignState {
  /** Page views in this session. */
  readonly pageViews: number;
  /** Closed by the shopper (kept across sessions). */
  readonly dismissed: boolean;
  /** Subscribed from this browser (kept across sessions). */
  readonly subscribed: boolean;
}

export const NEW_CAMPAIGN_STATE: CampaignState = {
  pageViews: 0,
  dismissed: false,
  subscribed: false,
};

export const recordPageView = (state: CampaignState): CampaignState => ({
  ...state,
  pageViews: state.pageViews + 1,
});

/**
 * Pages where the dialog never opens by itself: the way to paying, and signing in. A shopper there
 * has a job to finish; the dialog waits for the next page.
 */
export const QUIET_PATHS: readonly string[] = [
  routes.cart,
  routes.checkout,
  routes.orderConfirmation,
  routes.login,
];

/**
 * Whether the dialog opens by itself on this page view: from the trigger-th view on, on a page that
 * is not quiet, until it is dismissed or the shopper subscribes (closing it dismisses it).
 */
export const opensByItself = (state: CampaignState, trigger: number, pathname: string): boolean =>
  trigger > 0 &&
  !state.dismissed &&
  !state.subscribed &&
  state.pageViews >= trigger &&
  !QUIET_PATHS.includes(pathname);

/** Whether a hash asks for the dialog. */
export const asksForCampaign = (hash: string): boolean => hash.toLowerCase() === NEWSLETTER_HASH;

/** The shopper closed the dialog: it does not open by itself again in this browser. */
export const markDismissed = (state: CampaignState): CampaignState => ({
  ...state,
  dismissed: true,
});

/** A confirmation e-mail went out (or a link was confirmed) from this browser. */
export const markSubscribed = (state: CampaignState): CampaignState => ({
  ...state,
  subscribed: true,
});
