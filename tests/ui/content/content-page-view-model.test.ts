/**
 * The content page view model over LoadPage and SearchProducts, with in-memory ports whose answers
 * can be held back, failed or counted: the page's heading and title, path normalisation,
 * not-found and failure, superseded loads, and the product lists' preview of 3.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogSearch } from '../../../core/catalog/ports';
import type { ProductQuery, ProductSearchResult } from '../../../core/catalog/product';
import { SearchProducts } from '../../../core/catalog/search-products';
import { LoadPage } from '../../../core/content/load-page';
import type {
  HeroComponent,
  PageComponent,
  PageModel,
  ProductListComponent,
} from '../../../core/content/page-model';
import type { ContentRepository } from '../../../core/content/ports';
import { ContentPageViewModel } from '../../../ui/content/content-page-view-model';
import { makeProduct, summaryOf } from '../../core/catalog/product-fixtures';

// ---- page models ----

const hero = (title: string, overrides: Partial<HeroComponent> = {}): HeroComponent => ({
  type: 'hero',
  title,
  text: '',
  image: null,
  cta: null,
  ...overrides,
});

const productList = (
  title: string,
  filters: readonly string[],
  overrides: Partial<ProductListComponent> = {},
): ProductListComponent => ({
  type: 'productList',
  title,
  filters,
  sort: '',
  rows: 8,
  link: null,
  ...overrides,
});

const page = (
  path: string,
  title: string,
  components: readonly PageComponent[],
  overrides: Partial<PageModel> = {},
): PageModel => ({ path, kind: 'content', title, description: '', components, ...overrides });

// ---- ports whose answers can be held back ----

interface Held {
  readonly key: string;
  release(): void;
  fail(): void;
}

/** Calls wait in `held` while `hold` is on; `failures` makes the next calls reject. */
class Holdable {
  hold = false;
  failures = 0;
  readonly held: Held[] = [];

  protected async pass(key: string): Promise<void> {
    if (this.hold) {
      await new Promise<void>((resolve, reject) => {
        this.held.push({ key, release: resolve, fail: () => reject(new Error('offline')) });
      });
    }
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error('offline');
    }
  }

  /** The held call for this key (the oldest when there are several). */
  take(key: string): Held {
    const at = this.held.findIndex((h) => h.key === key);
    const found = this.held[at];
    if (found === undefined) throw new Error(`nothing held for ${key}`);
    this.held.splice(at, 1);
    return found;
  }
}

class TestRepository extends Holdable implements ContentRepository {
  readonly calls: string[] = [];
  constructor(private readonly pages: readonly PageModel[]) {
    super();
  }
  async page(path: string): Promise<PageModel | null> {
    this.calls.push(path);
    await this.pass(path);
    return this.pages.find((p) => p.path === path) ?? null;
  }
}

const product = (i: number) => summaryOf(makeProduct(`K-${1000 + i}`, { title: `Faucet ${i}` }));

/** Finds `counts[category]` products for a category (0 for any other query), answering `rows`. */
class TestSearch extends Holdable implements CatalogSearch {
  readonly queries: ProductQuery[] = [];
  constructor(private readonly counts: Readonly<Record<string, number>>) {
    super();
  }
  async search(query: ProductQuery): Promise<ProductSearchResult> {
    this.queries.push(query);
    await this.pass(query.category ?? '');
    const total = this.counts[query.category ?? ''] ?? 0;
    return {
      total,
      start: 0,
      products: Array.from({ length: Math.min(total, query.rows) }, (_, i) => product(i)),
      facets: [],
      priceRanges: [],
      suggestion: null,
    };
  }
  async typeahead() {
    return { suggestions: [], products: [] };
  }
  async topSearches() {
    return [];
  }
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const setup = (pages: readonly PageModel[], counts: Readonly<Record<string, number>> = {}) => {
  const repository = new TestRepository(pages);
  const search = new TestSearch(counts);
  const vm = new ContentPageViewModel(new LoadPage(repository), new SearchProducts(search));
  return { vm, repository, search };
};

const FAUCETS = productList(
  'New kitchen faucets',
  ['category_s:kitchen-faucets', 'onSale_b:true'],
  {
    sort: 'finalPrice_d asc',
  },
);
const KITCHEN = page('/en/kitchen', 'Kitchen', [hero('  The hardest-working corner  '), FAUCETS], {
  kind: 'category-landing',
});
const BATHROOM = page('/en/bathroom', 'Bathroom', [hero('Calm starts at the tap')]);

describe('the page heading and title', () => {
  it('makes the first top-level hero with a title the h1, trimmed', async () => {
    const tabbed = hero('Inside a tab');
    const first = hero('First hero');
    const { vm } = setup([
      page('/en/a', 'Model title', [
        { type: 'tabs', tabs: [{ name: 'one', title: 'One', components: [tabbed] }] },
        hero('   '),
        first,
        hero('Second hero'),
      ]),
    ]);
    await vm.load('/en/a');
    expect(vm.heading).toBe('First hero');
    expect(vm.headingHero).toBe(first);
    expect(vm.documentTitle).toBe('Model title — Lavabo');
  });

  it('uses the model title when no hero has a title', async () => {
    const { vm } = setup([
      page('/en/a', '  Literature  ', [hero(''), { type: 'text', title: 'T', paragraphs: [] }]),
    ]);
    await vm.load('/en/a');
    expect(vm.heading).toBe('Literature');
    expect(vm.headingHero).toBeUndefined();
    expect(vm.documentTitle).toBe('Literature — Lavabo');
  });

  it('titles the document after the heading when the model has no title, else leaves it to the screen', async () => {
    const { vm } = setup([page('/en/a', ' ', [hero('Press room')]), page('/en/b', '', [])]);
    await vm.load('/en/a');
    expect(vm.documentTitle).toBe('Press room — Lavabo');
    await vm.load('/en/b');
    expect(vm.heading).toBe('');
    expect(vm.documentTitle).toBe('');
  });
});

describe('loading the page of a path', () => {
  it('looks the page up by its normalised path and does not load the same page twice', async () => {
    const { vm, repository } = setup([KITCHEN]);
    expect(vm.isLoading).toBe(true);
    vm.show('/en/kitchen.html?tab=technical#faq');
    expect(vm.status).toBe('loading');
    await settle();
    expect(repository.calls).toEqual(['/en/kitchen']);
    expect(vm.page).toBe(KITCHEN);
    expect(vm.isLoading).toBe(false);
    for (const same of ['/en/kitchen', '/en/kitchen/', '/content/lavabo/en/kitchen.html']) {
      vm.show(same);
    }
    await settle();
    expect(repository.calls).toEqual(['/en/kitchen']);
  });

  it('is not found when the repository has no model for the path', async () => {
    const { vm } = setup([KITCHEN]);
    vm.show('/en/no-such-page');
    await settle();
    expect(vm.notFound).toBe(true);
    expect(vm.failed).toBe(false);
    expect(vm.page).toBeNull();
    expect(vm.heading).toBe('');
  });

  it('fails when the repository fails, and retry loads the page', async () => {
    const { vm, repository } = setup([KITCHEN]);
    repository.failures = 1;
    vm.show('/en/kitchen');
    await settle();
    expect(vm.failed).toBe(true);
    expect(vm.notFound).toBe(false);
    expect(vm.page).toBeNull();
    vm.retry();
    expect(vm.failed).toBe(false);
    expect(vm.isLoading).toBe(true);
    await settle();
    expect(vm.page).toBe(KITCHEN);
    expect(repository.calls).toEqual(['/en/kitchen', '/en/kitchen']);
  });

  it('loads a failed path again when it is shown again', async () => {
    const { vm, repository } = setup([KITCHEN]);
    repository.failures = 1;
    vm.show('/en/kitchen');
    await settle();
    vm.show('/en/kitchen');
    await settle();
    expect(vm.page).toBe(KITCHEN);
    expect(repository.calls).toHaveLength(2);
  });

  it('never shows an older page that answers after a newer one', async () => {
    const { vm, repository } = setup([KITCHEN, BATHROOM]);
    repository.hold = true;
    vm.show('/en/kitchen');
    vm.show('/en/bathroom');
    await settle();
    repository.take('/en/bathroom').release();
    await settle();
    expect(vm.page).toBe(BATHROOM);
    repository.take('/en/kitchen').release();
    await settle();
    expect(vm.page).toBe(BATHROOM);
    expect(vm.path).toBe('/en/bathroom');
  });

  it('never shows an older page that answers before the newer one', async () => {
    const { vm, repository } = setup([KITCHEN, BATHROOM]);
    repository.hold = true;
    vm.show('/en/kitchen');
    vm.show('/en/bathroom');
    await settle();
    repository.take('/en/kitchen').release();
    await settle();
    expect(vm.page).toBeNull();
    expect(vm.isLoading).toBe(true);
    repository.take('/en/bathroom').release();
    await settle();
    expect(vm.page).toBe(BATHROOM);
  });

  it('ignores the failure of a superseded load', async () => {
    const { vm, repository } = setup([KITCHEN, BATHROOM]);
    repository.hold = true;
    vm.show('/en/kitchen');
    vm.show('/en/bathroom');
    await settle();
    repository.take('/en/kitchen').fail();
    await settle();
    expect(vm.failed).toBe(false);
    repository.take('/en/bathroom').release();
    await settle();
    expect(vm.page).toBe(BATHROOM);
  });

  it('drops answers after dispose, and loads the path again when shown again', async () => {
    const { vm, repository } = setup([KITCHEN]);
    repository.hold = true;
    vm.show('/en/kitchen');
    await settle();
    vm.dispose();
    repository.take('/en/kitchen').release();
    await settle();
    expect(vm.page).toBeNull();
    expect(vm.status).toBe('idle');
    repository.hold = false;
    vm.show('/en/kitchen');
    await settle();
    expect(vm.page).toBe(KITCHEN);
    expect(repository.calls).toHaveLength(2);
  });
});

describe('product lists', () => {
  it('fetches a list once, with the query its model names, and keeps a preview of 3', async () => {
    const { vm, search } = setup([KITCHEN], { 'kitchen-faucets': 45 });
    await vm.load('/en/kitchen');
    expect(vm.productList(FAUCETS)).toEqual({ status: 'idle', products: [], total: 0 });
    expect(search.queries).toHaveLength(0);
    vm.loadProductList(FAUCETS);
    vm.loadProductList(FAUCETS);
    expect(vm.productList(FAUCETS).status).toBe('loading');
    await settle();
    vm.loadProductList(FAUCETS);
    expect(search.queries).toEqual([
      {
        category: 'kitchen-faucets',
        filters: [{ field: 'onSale_b', value: 'true' }],
        sort: 'price-asc',
        start: 0,
        rows: 8,
      },
    ]);
    const state = vm.productList(FAUCETS);
    expect(state.status).toBe('succeeded');
    expect(state.total).toBe(45);
    expect(state.products.map((p) => p.title)).toEqual(['Faucet 0', 'Faucet 1', 'Faucet 2']);
  });

  it('succeeds with no products for a list that finds none', async () => {
    const { vm } = setup([KITCHEN], {});
    await vm.load('/en/kitchen');
    vm.loadProductList(FAUCETS);
    await settle();
    expect(vm.productList(FAUCETS)).toEqual({ status: 'succeeded', products: [], total: 0 });
  });

  it('fails a list on its own, and retry fetches it again', async () => {
    const { vm, search } = setup([KITCHEN], { 'kitchen-faucets': 2 });
    await vm.load('/en/kitchen');
    search.failures = 1;
    vm.loadProductList(FAUCETS);
    await settle();
    expect(vm.productList(FAUCETS).status).toBe('failed');
    expect(vm.page).toBe(KITCHEN);
    expect(vm.failed).toBe(false);
    vm.retryProductList(FAUCETS);
    vm.retryProductList(FAUCETS);
    expect(vm.productList(FAUCETS).status).toBe('loading');
    await settle();
    expect(vm.productList(FAUCETS).products).toHaveLength(2);
    expect(search.queries).toHaveLength(2);
  });

  it('drops a list answer that arrives after the shopper has left the page', async () => {
    const { vm, search } = setup([KITCHEN, BATHROOM], { 'kitchen-faucets': 5 });
    await vm.load('/en/kitchen');
    search.hold = true;
    vm.loadProductList(FAUCETS);
    vm.show('/en/bathroom');
    await settle();
    search.take('kitchen-faucets').release();
    await settle();
    expect(vm.page).toBe(BATHROOM);
    expect(vm.productList(FAUCETS).status).toBe('idle');
  });

  it('previews the first min(found, rows, 3) products and reports the total found', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(60), fc.integer({ min: 1, max: 24 }), async (found, rows) => {
        const list = productList('Any', ['category_s:kitchen-faucets'], { rows });
        const { vm, search } = setup([page('/en/p', 'P', [list])], { 'kitchen-faucets': found });
        await vm.load('/en/p');
        vm.loadProductList(list);
        await settle();
        const state = vm.productList(list);
        expect(search.queries[0]?.rows).toBe(rows);
        expect(state.total).toBe(found);
        expect(state.products.map((p) => p.title)).toEqual(
          Array.from({ length: Math.min(found, rows, 3) }, (_, i) => `Faucet ${i}`),
        );
      }),
      { numRuns: 60 },
    );
  });
});
