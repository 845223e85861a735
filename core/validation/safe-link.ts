/**
 * Spec §5 links: only http, https, mailto, ftp, tel, file, sms, relative links and safe data URLs
 * of images, video and audio are allowed; anything else is unsafe and replaced by a harmless link.
 *
 * The rule follows the long-standing sanitizer of Angular: a link is safe when it starts with an
 * allowed scheme, or when nothing before its first / ? # could be a scheme or an entity (no : and
 * no &). Before testing, the link is read the way a browser reads it (WHATWG URL): leading and
 * trailing C0 controls and spaces are dropped and tabs and newlines anywhere are removed, so
 * " java\tscript:" is seen as the javascript: link it is. Any other control character left inside
 * makes the link unsafe. Data URLs must be base64 images (png, gif, jpeg, webp — never svg+xml),
 * video (mpeg, mp4, ogg, webm) or audio (mp3, oga, ogg, opus).
 */

export const UNSAFE_LINK_FALLBACK = 'about:blank';

export const SAFE_LINK_SCHEMES = ['http', 'https', 'mailto', 'ftp', 'tel', 'file', 'sms'] as const;

const SAFE_URL = /^(?:(?:https?|mailto|ftp|tel|file|sms):|[^&:/?#]*(?:[/?#]|$))/i;
const SAFE_DATA_URL =
  /^data:(?:image\/(?:png|gif|jpeg|webp)|video\/(?:mpeg|mp4|ogg|webm)|audio\/(?:mp3|oga|ogg|opus));base64,[a-z0-9+/]+=*$/i;

// Characters a browser ignores: C0 controls and space at the ends, tab/LF/CR anywhere.
// eslint-disable-next-line no-control-regex
const EDGE_CONTROLS = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const TAB_OR_NEWLINE = /[\t\n\r]/g;
// eslint-disable-next-line no-control-regex
const OTHER_CONTROLS = /[\u0000-\u001f\u007f]/;

/** The link as a browser would read it, before the scheme is looked at. */
export const normalizeLink = (link: string): string =>
  link.replace(EDGE_CONTROLS, '').replace(TAB_OR_NEWLINE, '');

export const isSafeDataUrl = (link: string): boolean => SAFE_DATA_URL.test(normalizeLink(link));

export const isSafeLink = (link: string): boolean => {
  const normalized = normalizeLink(link);
  if (OTHER_CONTROLS.test(normalized)) return false;
  return SAFE_URL.test(normalized) || SAFE_DATA_URL.test(normalized);
};

/** The link as a browser would read it when it is safe, otherwise the harmless fallback. */
export const sanitizeLink = (link: string, fallback: string = UNSAFE_LINK_FALLBACK): string =>
  isSafeLink(link) ? normalizeLink(link) : fallback;
