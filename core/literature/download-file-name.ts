/**
 * The zip's file name (spec §7 `downloadFileName`): what the shopper asked for, made safe to put in
 * a `content-disposition` header and on a disk — no path separators, quotes or control characters
 * (only letters, digits, space, `.`, `_`, `-`, `(`, `)`; no `..`), accents reduced to their letter, at most
 * MAX_DOWNLOAD_NAME characters before `.zip`, which is always the ending. Nothing usable left →
 * DEFAULT_DOWNLOAD_NAME.
 */

export const DEFAULT_DOWNLOAD_NAME = 'lavabo-literature';
export const MAX_DOWNLOAD_NAME = 100;

const UNSAFE = /[^A-Za-z0-9 ._()-]+/g;

export const safeZipFileName = (given: string | null | undefined): string => {
  const ascii = (given ?? '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  let base = ascii
    .replace(UNSAFE, '-')
    .replace(/\.{2,}/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/-{2,}/g, '-')
    .replace(/(\.zip)+$/i, '')
    .replace(/^[\s.-]+|[\s.-]+$/g, '');
  if (base.length > MAX_DOWNLOAD_NAME) {
    base = base.slice(0, MAX_DOWNLOAD_NAME).replace(/[\s.-]+$/g, '');
  }
  return `${base === '' ? DEFAULT_DOWNLOAD_NAME : base}.zip`;
};
