/**
 * Spec §2 "Known paths and behaviours" and "Query parameters in use": which page reloads when the
 * shopper comes back to it (help and FAQ), and where a `back` parameter may send the shopper. A
 * `back` value comes from a link anyone can craft, so only a path on this site is a back target
 * (core/validation/safe-redirect.ts isSameOriginPath: no scheme, no `//host`, no backslash, no
 * control character, however many times it is percent-decoded); anything else gives no back link.
 */
import { getParam } from '../catalog/query-params';
import { normalisePath } from '../catalog/path';
import { isSameOriginPath } from '../validation/safe-redirect';
import { routes } from './routes';

/** Pages that reload on back navigation (spec §2: /en/support/help-and-faq). */
export const RELOAD_ON_BACK_PATHS: readonly string[] = [routes.helpAndFaq];

/** Whether `pathname` (any spelling the router accepts: `.html`, the shortened prefix, a trailing slash, any case) reloads on back. */
export const reloadsOnBackNavigation = (pathname: string, shortenedPagePath = ''): boolean => {
  const path = normalisePath(pathname.split(/[?#]/, 1)[0] ?? '', shortenedPagePath)
    .replace(/\/+$/, '')
    .toLowerCase();
  return RELOAD_ON_BACK_PATHS.includes(path);
};

/** The `back` parameter's target when it is a path on this site; null otherwise. */
export const backTargetOf = (search: string): string | null => {
  const back = getParam(search, 'back')?.trim() ?? '';
  return back !== '' && isSameOriginPath(back) ? back : null;
};

/** A product slug as the catalogue writes them: letters, digits and hyphens. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/i;

/** Spec §2 `service`: the design or install service a landing page was opened for; null when none or not a slug. */
export const serviceOf = (search: string): string | null => {
  const service = getParam(search, 'service')?.trim() ?? '';
  return service.length <= 120 && SLUG.test(service) ? service : null;
};

/** Collapses spaces and case, so "  shipping " and "Shipping" name one section. */
const sectionKey = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Spec §2 `title`: the section of a content page the link is about, by its heading. Only text is
 * taken (at most 100 characters); it is matched against the page's own headings and never shown,
 * so a crafted title can only fail to match.
 */
export const sectionTitleOf = (search: string): string | null => {
  const title = getParam(search, 'title')?.trim() ?? '';
  return title === '' || title.length > 100 ? null : title;
};

/** The first heading, among the page's section headings, that the `title` names; -1 when none. */
export const matchSectionTitle = (headings: readonly string[], title: string): number =>
  headings.findIndex((h) => sectionKey(h) === sectionKey(title));
