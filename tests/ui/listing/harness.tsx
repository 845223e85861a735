/**
 * Renders the product list and search pages (and the header search box) with the offline demo's
 * FakeCatalogSearch over a small, fixed catalogue, in-memory storage and a memory router.
 */
import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { FakeCatalogSearch } from '../../../adapters/fake/catalog/fake-catalog-search';
import { LocalStorageBrowsingHistory } from '../../../adapters/storage/local-storage-browsing-history';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import type {
  BrowsingHistoryStore,
  CatalogSearch,
  PerPageMemory,
  ProductCatalog,
} from '../../../core/catalog/ports';
import type { ProductQuery, ProductSearchResult } from '../../../core/catalog/product';
import type { PerPageByPath } from '../../../core/catalog/products-per-page';
import { ManualClock } from '../../../core/shared/clock';
import { ContainerProvider } from '../../../ui/app/container-context';
import { CompareProvider } from '../../../ui/compare/compare-context';
import ProductListPage from '../../../ui/pages/product-list-page';
import SearchPage from '../../../ui/pages/search-page';
import { SearchBox } from '../../../ui/shell/typeahead';
import {
  CATEGORIES,
  FINISHES,
  NOW,
  toDocument,
  type DocumentFacts,
} from '../../adapters/catalog/solr-documents';
import { InMemoryCatalog } from '../../core/catalog/product-fixtures';
import { MemoryCompareStore } from '../product/harness';
import { testContainer } from '../support/test-container';

const [KITCHEN_FAUCETS, BATHROOM_SINKS] = CATEGORIES;
const TITLES = ['Pull-down Faucet', 'Compact Faucet', 'Smart Basin', 'Elongated Basin'] as const;

/**
 * 45 kitchen faucets (two pages of 30) and 15 bathroom sinks. Finishes cycle, so Matte Black is on
 * every third product; prices spread over $0–$900.
 */
export const CATALOGUE: readonly DocumentFacts[] = Array.from({ length: 60 }, (_, i) => {
  const model = 1000 + i;
  const sku = `K-${model}`;
  const kitchen = i < 45;
  const category = kitchen ? KITCHEN_FAUCETS : BATHROOM_SINKS;
  const title = `${TITLES[(kitchen ? 0 : 2) + (i % 2)] ?? 'Faucet'} ${model}`;
  const finish = FINISHES[i % 3] ?? FINISHES[0];
  return {
    sku,
    slug: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${sku.toLowerCase()}`,
    title,
    category,
    brand: 'Lavabo',
    collection: i % 2 === 0 ? 'Avelle' : null,
    mount: 'undermount',
    listCents: 5_000 + ((i * 7_919) % 85_000),
    saleCents: null,
    rating: 4,
    reviewCount: i,
    unitsSold: 1000 - i,
    launchDay: 19_000 + i,
    variants: [{ sku: `${sku}-${finish.code}`, finish, date: 'false', qty: 5 }],
    backorderable: false,
  };
});

export const TOP_SEARCHES = ['kitchen faucet', 'basin'];

/** The demo's search, which can be told to fail or to count its calls. */
export class TestSearch implements CatalogSearch {
  readonly inner = new FakeCatalogSearch(
    { documents: CATALOGUE.map(toDocument), topSearches: TOP_SEARCHES },
    new ManualClock(NOW),
  );
  fail = false;
  readonly queries: ProductQuery[] = [];
  readonly typeaheadCalls: string[] = [];

  async search(query: ProductQuery): Promise<ProductSearchResult> {
    this.queries.push(query);
    if (this.fail) throw new Error('offline');
    return this.inner.search(query);
  }
  typeahead(keyword: string) {
    this.typeaheadCalls.push(keyword);
    return this.inner.typeahead(keyword);
  }
  topSearches() {
    return this.inner.topSearches();
  }
}

export class MemoryPerPage implements PerPageMemory {
  constructor(public memory: PerPageByPath = {}) {}
  load(): PerPageByPath {
    return this.memory;
  }
  save(memory: PerPageByPath): void {
    this.memory = memory;
  }
}

const LocationProbe = () => {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
};

const Layout = () => (
  <CompareProvider>
    <SearchBox />
    <Outlet />
    <LocationProbe />
  </CompareProvider>
);

const Blank = () => <main id="main">product page</main>;

export interface ListingRender {
  readonly url: string;
  readonly search?: TestSearch;
  readonly history?: BrowsingHistoryStore;
  readonly catalog?: ProductCatalog;
  readonly perPage?: MemoryPerPage;
}

/** The listing pages' whole tree over the test search, and what a test reads back. */
const listingApp = ({
  url,
  search = new TestSearch(),
  history = new LocalStorageBrowsingHistory(new MemoryStorage()),
  catalog = new InMemoryCatalog([]),
  perPage = new MemoryPerPage(),
}: ListingRender) => {
  const container = testContainer({
    overrides: {
      CatalogSearch: search,
      ProductCatalog: catalog,
      BrowsingHistoryStore: history,
      PerPageMemory: perPage,
      CompareStore: new MemoryCompareStore(),
      Clock: new ManualClock(NOW),
    },
  });
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/en/products/:category', Component: ProductListPage },
          { path: '/en/products/:category/:slug', Component: Blank },
          { path: '/en/search', Component: SearchPage },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  const element = (
    <ContainerProvider container={container}>
      <RouterProvider router={router} />
    </ContainerProvider>
  );
  return { element, router, search, history, perPage };
};

export const renderListing = (options: ListingRender) => {
  const { element, ...app } = listingApp(options);
  return { ...render(element), ...app };
};

/**
 * The HTML of the listing's first render alone, before any effect has run: what a server renders
 * and what the browser paints first. What it lacks and the next render has moves the page (layout
 * shift).
 */
export const firstRenderOfListing = (options: ListingRender): string =>
  renderToString(listingApp(options).element);

/**
 * The listing as a server-rendered page the browser then hydrates: its first render's HTML in the
 * document, `meanwhile` done to that HTML (what a shopper does before the scripts arrive), then
 * React taking it over.
 */
export const hydrateListing = (options: ListingRender, meanwhile: (host: HTMLElement) => void) => {
  const host = document.body.appendChild(document.createElement('div'));
  host.innerHTML = firstRenderOfListing(options);
  meanwhile(host);
  const { element, ...app } = listingApp(options);
  return { ...render(element, { container: host, hydrate: true }), ...app };
};
