/**
 * Spec §2: paths are normalised by stripping the .html suffix and a configured shortened-page-path
 * prefix (configuration general.shortendPagePath).
 */

export interface UrlParts {
  readonly path: string;
  /** '' or '?…' */
  readonly search: string;
  /** '' or '#…' */
  readonly hash: string;
}

/** Splits a path-and-query (not a full URL with scheme) into its path, search and hash. */
export const splitUrl = (url: string): UrlParts => {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : url.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  return queryAt < 0
    ? { path: beforeHash, search: '', hash }
    : { path: beforeHash.slice(0, queryAt), search: beforeHash.slice(queryAt), hash };
};

const HTML_SUFFIX = /\.html$/i;

const withLeadingSlash = (path: string): string => (path.startsWith('/') ? path : `/${path}`);

/** A configured prefix as '/a/b' (leading slash, no trailing slash), or '' when there is none. */
const cleanPrefix = (prefix: string): string => {
  const trimmed = prefix.trim().replace(/\/+$/, '');
  return trimmed === '' ? '' : withLeadingSlash(trimmed);
};

/**
 * Strips one `.html` suffix and the shortened-page-path prefix (only at a segment boundary:
 * '/content/shop' strips from '/content/shop/en' but not from '/content/shopping'). The result
 * always starts with '/' and is never empty; a query string and hash are kept as they were.
 */
export const normalisePath = (url: string, shortenedPagePath = ''): string => {
  const { path, search, hash } = splitUrl(url);
  const prefix = cleanPrefix(shortenedPagePath);
  let p = withLeadingSlash(path.trim()).replace(HTML_SUFFIX, '');
  if (prefix !== '' && (p === prefix || p.startsWith(`${prefix}/`))) p = p.slice(prefix.length);
  return `${withLeadingSlash(p)}${search}${hash}`;
};
