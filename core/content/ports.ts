/**
 * Ports of the shop's content: the site configuration, the pages drawn from content models (home,
 * category landings, content pages) and the help articles.
 */
import type { CancelSignal } from '../shared/cancel';
import type { StorefrontConfiguration } from './configuration';
import type { HelpArticle } from './help-articles';
import type { PageModel } from './page-model';

/** Port: the global configuration call (spec §7 Configuration). */
export interface ConfigurationGateway {
  load(): Promise<StorefrontConfiguration>;
  /** What is known now without waiting (inline, cached or built-in), for links drawn at once. */
  current?(): StorefrontConfiguration;
}

/**
 * Port: the site notices (./site-notices.ts) dismissed or already shown in this visit, by id
 * (session storage in the browser).
 */
export interface SeenNoticesStore {
  load(): readonly string[];
  add(id: string): void;
}

/** Port: page models by path. */
export interface ContentRepository {
  page(path: string): Promise<PageModel | null>;
}

/** Port: the whole help article list (small, cacheable). */
export interface HelpArticleSource {
  list(signal?: CancelSignal): Promise<readonly HelpArticle[]>;
}
