/**
 * The seeded catalogue the offline demo serves (npm run demo): the server's search documents, page
 * models, reviews, configuration and top searches, written to `ui/public/demo-data.json` by
 * scripts/demo-data.ts and fetched once when the demo starts.
 */
import * as t from 'io-ts';
import type { Review } from '../../core/catalog/product';
import type { StorefrontConfiguration } from '../../core/content/configuration';
import type { HelpArticle } from '../../core/content/help-articles';
import type { PageModel } from '../../core/content/page-model';
import { decodeOrThrow } from '../http/decode';
import { StorefrontConfigurationCodec } from '../http/content/configuration.codec';
import { HelpArticleCodec } from '../http/content/http-help-articles';
import { PageModelCodec } from '../http/content/page-model.codec';
import {
  ReviewCodec,
  SearchDocumentCodec,
  type SearchDocument,
} from '../http/catalog/search-document.codec';

export interface DemoData {
  /** One Solr-shaped document per master product, as `GET /api/search/plp` answers them. */
  readonly documents: readonly SearchDocument[];
  /** Page path (e.g. '/en/kitchen') → page model. */
  readonly pages: Readonly<Record<string, PageModel>>;
  /** Master SKU → its reviews, newest first. */
  readonly reviews: Readonly<Record<string, readonly Review[]>>;
  readonly configuration: StorefrontConfiguration;
  /** What shoppers search most (typeahead's top searches). */
  readonly topSearches: readonly string[];
  /** Help and FAQ articles (`/en/support/articles/{slug}`). */
  readonly helpArticles: readonly HelpArticle[];
  /**
   * Master SKU → its price lists (the server's `product_prices` rows): the cart prices in the cart's
   * currency, and a document carries only the US sale price.
   */
  readonly prices: Readonly<Record<string, readonly DemoPrice[]>>;
}

/** One price list of a product: the region's list price and sale price, in cents. */
export interface DemoPrice {
  /** 'US' (USD) or 'CA' (CAD): core/cart/engine/model.ts CURRENCY_REGIONS. */
  readonly region: string;
  readonly listCents: number;
  readonly saleCents: number | null;
}

const DemoPriceCodec = t.type({
  region: t.string,
  listCents: t.number,
  saleCents: t.union([t.number, t.null]),
});

export const DEMO_DATA_URL = '/demo-data.json';

export const DemoDataCodec: t.Type<DemoData, unknown, unknown> = t.type({
  documents: t.readonlyArray(SearchDocumentCodec),
  pages: t.record(t.string, PageModelCodec),
  reviews: t.record(t.string, t.readonlyArray(ReviewCodec)),
  configuration: StorefrontConfigurationCodec,
  topSearches: t.readonlyArray(t.string),
  helpArticles: t.readonlyArray(HelpArticleCodec),
  prices: t.record(t.string, t.readonlyArray(DemoPriceCodec)),
});

export const emptyDemoData = (configuration: StorefrontConfiguration): DemoData => ({
  documents: [],
  pages: {},
  reviews: {},
  configuration,
  topSearches: [],
  helpArticles: [],
  prices: {},
});

/** Fetches and decodes the demo data; a file of the wrong shape fails with the bad field's path. */
export const loadDemoData = async (
  fetchJson: (url: string) => Promise<unknown>,
  url: string = DEMO_DATA_URL,
): Promise<DemoData> => decodeOrThrow(DemoDataCodec, await fetchJson(url), url);
