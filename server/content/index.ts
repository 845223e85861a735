/**
 * Page models (core/content/page-model.ts) stored as JSON files beside this module: '/en' is
 * en.json, '/en/kitchen' is en/kitchen.json, '/en/support/help-and-faq' is
 * en/support/help-and-faq.json. Paths are validated before they touch the file system.
 *
 * A page's draft — the next version its author is working on, a whole page model — is the same
 * path under drafts/: drafts/en.json, drafts/en/kitchen.json. Drafts are never listed, never in the
 * sitemap, and served only to an author previewing (server/preview/preview-session.ts decides).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PageModel } from '../../core/content/page-model';

const CONTENT_DIR = fileURLToPath(new URL('.', import.meta.url));

/** '/en' or '/en/…': lower-case letters, digits and hyphens in non-empty segments, no dots. */
const PAGE_PATH = /^\/en(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

/** Whether a normalised page path could name a stored page model. */
export const isPageModelPath = (path: string): boolean =>
  path.length <= 200 && PAGE_PATH.test(path) && !path.includes('..');

/** Where the drafts live: a tree of their own, so no listing of published pages walks into it. */
const DRAFTS_DIR = join(CONTENT_DIR, 'drafts');

const fileOf = (path: string, dir = CONTENT_DIR): string => join(dir, `${path.slice(1)}.json`);

/** The file a stored page path's model is in (its modification time is the page's lastmod). */
export const pageModelFile = (path: string): string => fileOf(path);

/** The page model of a normalised page path, or null when there is none (or the path is not valid). */
export const loadPageModel = (path: string): Promise<PageModel | null> =>
  readPageModel(path, CONTENT_DIR);

/**
 * The draft of a normalised page path, or null when the page has none. Only for an author
 * previewing: the caller has checked both preview cookies.
 */
export const loadDraftPageModel = (path: string): Promise<PageModel | null> =>
  readPageModel(path, DRAFTS_DIR);

/** Every page path that has a draft, sorted. */
export const listDraftPaths = async (): Promise<string[]> => pathsUnder(DRAFTS_DIR);

const readPageModel = async (path: string, dir: string): Promise<PageModel | null> => {
  if (!isPageModelPath(path)) return null;
  let text: string;
  try {
    text = await readFile(fileOf(path, dir), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
    throw error;
  }
  return JSON.parse(text) as PageModel;
};

const jsonFiles = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) return full === DRAFTS_DIR ? [] : jsonFiles(full);
      return entry.isFile() && entry.name.endsWith('.json') ? [full] : [];
    }),
  );
  return nested.flat();
};

/** Every stored page path, sorted, e.g. ['/en', '/en/bathroom', …]. */
export const listPageModelPaths = async (): Promise<string[]> => pathsUnder(CONTENT_DIR);

const pathsUnder = async (dir: string): Promise<string[]> => {
  const files = await jsonFiles(dir);
  return files
    .map(
      (file) =>
        `/${relative(dir, file)
          .split(sep)
          .join('/')
          .replace(/\.json$/, '')}`,
    )
    .filter(isPageModelPath)
    .sort();
};
