/**
 * The operator's site-wide notices (spec §3 generic UI state: promoBannerModal {show,
 * modalContent}, siteWideWarning; DESIGN.md "a promo/site-wide-warning strip"): a promo banner shown
 * as a dialog once per visit, and a warning strip, each live between optional dates and dismissed
 * for the rest of the visit. They come with the configuration (server/content/site.json).
 *
 * Readings we chose (docs/rules.md "Content"): a notice without dates is live; a date that does not
 * parse makes the notice not live (a typo must not show a stale promo forever); `endsAt` is
 * exclusive. The promo does not open on the quiet pages (cart, checkout, order confirmation,
 * sign-in) nor over the newsletter dialog a `#newsletter` link asked for; the warning shows on
 * every page until dismissed. A link that is not safe (spec §5) is dropped, not shown.
 */
import { asksForCampaign, QUIET_PATHS } from '../newsletter/campaign';
import { isSafeLink } from '../validation/safe-link';

export interface NoticeLink {
  readonly label: string;
  readonly href: string;
}

export interface SiteNotice {
  /** Changing it shows the notice again to shoppers who dismissed the old one. */
  readonly id: string;
  readonly title?: string;
  readonly text: string;
  readonly link?: NoticeLink;
  /** ISO 8601; live from then. */
  readonly startsAt?: string;
  /** ISO 8601; live until then (exclusive). */
  readonly endsAt?: string;
}

const time = (iso: string | undefined): number | null | 'bad' => {
  if (iso === undefined) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 'bad' : t;
};

export const isNoticeLive = (notice: SiteNotice, now: number): boolean => {
  const from = time(notice.startsAt);
  const until = time(notice.endsAt);
  if (from === 'bad' || until === 'bad') return false;
  return (from === null || now >= from) && (until === null || now < until);
};

/** The notice's link when it is safe to show, else none. */
export const noticeLink = (notice: SiteNotice): NoticeLink | null =>
  notice.link !== undefined && notice.link.label.trim() !== '' && isSafeLink(notice.link.href)
    ? notice.link
    : null;

export interface PromoContext {
  readonly now: number;
  readonly pathname: string;
  readonly hash: string;
  /** Notice ids dismissed (or already shown, for the promo) in this visit. */
  readonly seen: readonly string[];
}

/** The promo banner to open on this page view, or null. */
export const promoToShow = (
  promo: SiteNotice | null | undefined,
  context: PromoContext,
): SiteNotice | null =>
  promo !== null &&
  promo !== undefined &&
  promo.text.trim() !== '' &&
  isNoticeLive(promo, context.now) &&
  !context.seen.includes(promo.id) &&
  !QUIET_PATHS.includes(context.pathname) &&
  !asksForCampaign(context.hash)
    ? promo
    : null;

/** The warning strip to show, or null. */
export const warningToShow = (
  warning: SiteNotice | null | undefined,
  now: number,
  seen: readonly string[],
): SiteNotice | null =>
  warning !== null &&
  warning !== undefined &&
  warning.text.trim() !== '' &&
  isNoticeLive(warning, now) &&
  !seen.includes(warning.id)
    ? warning
    : null;
