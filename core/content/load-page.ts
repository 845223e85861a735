/**
 * Use case: the content-managed page (home, category landings, content pages) for a path, read
 * through the ContentRepository port after the spec §2 path normalisation. Also the page's one
 * heading: the first hero's title, else the model's title.
 */
import { normalisePagePath } from './page-path';
import type { HeroComponent, PageModel } from './page-model';
import type { ContentRepository } from './ports';

export type LoadedPage =
  | { readonly kind: 'found'; readonly path: string; readonly page: PageModel }
  | { readonly kind: 'not-found'; readonly path: string };

/** The path a page model is looked up by: no query or hash, normalised as the router does. */
export const contentPath = (url: string): string =>
  normalisePagePath((url.split(/[?#]/, 1)[0] ?? '').trim());

/** The top-level hero whose title is the page's h1, if there is one. */
export const headingHero = (page: PageModel): HeroComponent | undefined =>
  page.components.find((c): c is HeroComponent => c.type === 'hero' && c.title.trim() !== '');

/** The page's h1: the first hero title, else the model's title. */
export const pageHeading = (page: PageModel): string =>
  headingHero(page)?.title.trim() ?? page.title.trim();

export class LoadPage {
  constructor(private readonly content: ContentRepository) {}

  /** Rejects when the repository fails (the screen offers a retry); null from it is not-found. */
  async execute(url: string): Promise<LoadedPage> {
    const path = contentPath(url);
    const page = await this.content.page(path);
    if (page === null) return { kind: 'not-found', path };
    return { kind: 'found', path, page };
  }
}
