/**
 * When the newsletter campaign dialog opens by itself (spec §2 shell overlays, §9 "Newsletter
 * popup default trigger 9").
 *
 * Readings we chose (docs/rules.md "Newsletter"): the trigger counts page views (route changes,
 * the first page included) in one browser session; the dialog opens on the view that reaches it,
 * and never again in that browser once it was dismissed or the shopper subscribed. The `#newsletter`
 * hash opens it on demand whatever the count (spec §2), since the shopper asked for it. A trigger
 * of 0 or less switches the automatic opening off.
 */
export const NEWSLETTER_POPUP_TRIGGER_DEFAULT = 9;

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

/** Whether this page view opens the dialog by itself: exactly the view that reaches the trigger. */
export const opensByItself = (state: CampaignState, trigger: number): boolean =>
  trigger > 0 && !state.dismissed && !state.subscribed && state.pageViews === trigger;

/** Whether a hash asks for the dialog. */
export const asksForCampaign = (hash: string): boolean => hash.toLowerCase() === NEWSLETTER_HASH;
