/**
 * Page paths as the auth rules compare them (spec §2, §6): secure pages require a session.
 *
 * Readings we chose (docs/rules.md): paths compare case-insensitively, without query, hash,
 * trailing slash, the `.html` suffix or the configured shortened-page-path prefix; a configured
 * secure path covers itself and every path below it (`/en/account` covers `/en/account/orders`,
 * not `/en/accounts`).
 */
import { normalisePath, splitUrl } from '../catalog/path';

const normaliseOnce = (path: string, prefix: string): string =>
  normalisePath(path.replace(/\/+$/, ''), prefix).replace(/\/+$/, '') || '/';

/**
 * The page a URL shows, for comparison: the spec §2 normalisation (catalog's `normalisePath`:
 * `.html` and the shortened prefix go), without query, hash or trailing slash, lower-cased, and
 * repeated until nothing changes so that every spelling of a page compares equal.
 */
export const pageComparisonKey = (url: string, shortenedPagePath = ''): string => {
  const prefix = shortenedPagePath.toLowerCase();
  let path = splitUrl(url.trim()).path.toLowerCase();
  for (;;) {
    const next = normaliseOnce(path, prefix);
    if (next === path) return path;
    path = next;
  }
};

/** True when `path` is `base` or lies below it, segment by segment. */
export const isPathWithin = (path: string, base: string): boolean => {
  if (base === '/') return true;
  return path === base || path.startsWith(`${base}/`);
};

/** Whether the page at `path` is in the configured secure-page list (commerce.sessionAuth). */
export const isSecurePage = (
  path: string,
  securePagePathList: readonly string[],
  shortenedPagePath?: string,
): boolean => {
  const page = pageComparisonKey(path, shortenedPagePath);
  return securePagePathList
    .filter((entry) => entry.trim() !== '')
    .some((entry) => isPathWithin(page, pageComparisonKey(entry, shortenedPagePath)));
};

/** The same page after normalisation; an unset configured path never matches. */
export const isSamePage = (
  path: string,
  configured: string | undefined,
  shortenedPagePath?: string,
): boolean =>
  configured !== undefined &&
  configured.trim() !== '' &&
  pageComparisonKey(path, shortenedPagePath) === pageComparisonKey(configured, shortenedPagePath);
