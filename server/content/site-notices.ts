/**
 * The operator's site notices (core/content/site-notices.ts): a promo banner and a site-wide
 * warning, kept in a JSON file (server/content/site.json by default, SITE_NOTICES to name
 * another) that an operator edits; the server reads it at start and serves it inside the global
 * configuration (`promoBanner`, `siteWideWarning`). A file that is missing means no notices; one
 * that does not hold notices of the right shape stops the start naming what is wrong, so a typo
 * never goes live unseen.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SiteNotice } from '../../core/content/site-notices';

/** server/content/site.json; a function, so modules that import this one load anywhere (a jsdom test). */
export const defaultSiteNoticesFile = (): string =>
  fileURLToPath(new URL('./site.json', import.meta.url));

export interface SiteNotices {
  readonly promoBanner: SiteNotice | null;
  readonly siteWideWarning: SiteNotice | null;
}

export const NO_SITE_NOTICES: SiteNotices = { promoBanner: null, siteWideWarning: null };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const optionalText = (v: unknown): v is string | undefined =>
  v === undefined || typeof v === 'string';

/** A notice, or null for JSON null; throws naming `name` when it is anything else. */
export const parseSiteNotice = (value: unknown, name: string): SiteNotice | null => {
  if (value === null || value === undefined) return null;
  const bad = (why: string) => new Error(`${name} ${why}`);
  if (!isRecord(value)) throw bad('must be an object or null');
  const { id, text, title, link, startsAt, endsAt } = value;
  if (typeof id !== 'string' || id.trim() === '') throw bad('needs an id');
  if (typeof text !== 'string' || text.trim() === '') throw bad('needs a text');
  if (!optionalText(title)) throw bad('title must be text');
  for (const [key, date] of [
    ['startsAt', startsAt],
    ['endsAt', endsAt],
  ] as const) {
    if (!optionalText(date) || (date !== undefined && Number.isNaN(Date.parse(date)))) {
      throw bad(`${key} must be an ISO 8601 date and time`);
    }
  }
  if (
    link !== undefined &&
    (!isRecord(link) || typeof link.label !== 'string' || typeof link.href !== 'string')
  ) {
    throw bad('link must be {label, href}');
  }
  return {
    id,
    text,
    ...(title === undefined ? {} : { title }),
    ...(link === undefined
      ? {}
      : { link: { label: link.label as string, href: link.href as string } }),
    ...(typeof startsAt === 'string' ? { startsAt } : {}),
    ...(typeof endsAt === 'string' ? { endsAt } : {}),
  };
};

export const parseSiteNotices = (json: unknown, file: string): SiteNotices => {
  if (!isRecord(json)) throw new Error(`${file} must hold an object`);
  return {
    promoBanner: parseSiteNotice(json.promoBanner, `${file}: promoBanner`),
    siteWideWarning: parseSiteNotice(json.siteWideWarning, `${file}: siteWideWarning`),
  };
};

export const loadSiteNotices = (file: string = defaultSiteNoticesFile()): SiteNotices => {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return NO_SITE_NOTICES;
    throw error;
  }
  return parseSiteNotices(JSON.parse(text) as unknown, file);
};
