/**
 * Where the login page may send the shopper after signing in: only a path on this site. The
 * redirect parameter comes from a link anyone can craft, so its path is read the way a browser or
 * the router might read it — percent-decoded, possibly more than once — and refused when any reading
 * could leave the site:
 * - it must start with a single `/` (no scheme, no `//host` and no `/\host`);
 * - no backslash (browsers treat `\` as `/` in http URLs);
 * - no control character or whitespace (browsers drop tab, LF and CR, so `/%09/evil.example/`
 *   becomes `//evil.example/`, another host);
 * - at most a few layers of percent-encoding.
 * The query and fragment cannot change the origin, so once decoded they may hold what a search
 * does (`?q=hello%20world` is fine); as sent, the whole target holds no control character, space
 * or backslash. Whatever passes resolves, against the site's origin, to the site's origin.
 */

const MAX_DECODE_LAYERS = 4;
// A control character (C0, DEL, C1) or whitespace.
// eslint-disable-next-line no-control-regex
const CONTROL_OR_SPACE = /[\u0000-\u001f\u007f-\u009f\s]/u;
const ASCII_ESCAPE = /%([0-7][0-9a-f])/gi;

/** The path: everything before the query or fragment. */
const pathOf = (target: string): string => target.split(/[?#]/, 1)[0] ?? '';

/**
 * One layer of percent-decoding of the ASCII escapes only: the characters a browser acts on when
 * it reads a URL (`/`, `\`, tab, LF, CR, space) are all ASCII, and this never fails on a stray `%`.
 */
const decodeAscii = (text: string): string =>
  text.replace(ASCII_ESCAPE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const isPlainPath = (path: string): boolean =>
  path.startsWith('/') &&
  !path.startsWith('//') &&
  !path.includes('\\') &&
  !CONTROL_OR_SPACE.test(path);

/** Whether every percent-decoded reading of the path is a plain path; false when too deep. */
const pathStaysPlain = (target: string): boolean => {
  let path = pathOf(target);
  for (let layer = 0; layer <= MAX_DECODE_LAYERS; layer += 1) {
    if (!isPlainPath(path)) return false;
    const decoded = decodeAscii(path);
    if (decoded === path) return true;
    path = decoded;
  }
  return false;
};

/** Whether `target` is a path on this site, however many times its path is percent-decoded. */
export const isSameOriginPath = (target: string): boolean => {
  if (CONTROL_OR_SPACE.test(target) || target.includes('\\')) return false;
  // A single leading `/` with nothing a browser drops or rewrites is a path-absolute URL: it
  // keeps the page's origin (tests/core/validation/safe-redirect.test.ts checks with URL).
  return pathStaysPlain(target);
};
