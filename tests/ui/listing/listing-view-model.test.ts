/**
 * ListingViewModel over a scripted CatalogSearch: the URL becomes the query, every refinement
 * becomes a URL, superseded answers are ignored, failures offer a retry.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogSearch, PerPageMemory } from '../../../core/catalog/ports';
import { ChooseProductsPerPage } from '../../../core/catalog/choose-products-per-page';
import { GetProductsPerPage } from '../../../core/catalog/get-products-per-page';
import type {
  ProductQuery,
  ProductSearchResult,
  TypeaheadResult,
} from '../../../core/catalog/product';
import type { PerPageByPath } from '../../../core/catalog/products-per-page';
import { SearchProducts } from '../../../core/catalog/search-products';
import type { CancelSignal } from '../../../core/shared/cancel';
import {
  ListingViewModel,
  paginationItems,
  type ListingKind,
  type ListingLocation,
} from '../../../ui/catalog/listing/listing-view-model';
import { makeProduct, summaryOf } from '../../core/catalog/product-fixtures';

interface Pending {
  readonly query: ProductQuery;
  readonly signal: CancelSignal | undefined;
  resolve(result: ProductSearchResult): void;
  reject(error: unknown): void;
}

/** A search whose answers the test hands out, one per call. */
class ScriptedSearch implements CatalogSearch {
  readonly pending: Pending[] = [];
  topSearchCalls = 0;
  constructor(private readonly top: readonly string[] = ['kitchen faucet', ' ', 'toilet']) {}

  search(query: ProductQuery, signal?: CancelSignal): Promise<ProductSearchResult> {
    return new Promise((resolve, reject) => {
      this.pending.push({ query, signal, resolve, reject });
    });
  }
  typeahead(): Promise<TypeaheadResult> {
    return Promise.resolve({ suggestions: [], products: [] });
  }
  topSearches(): Promise<readonly string[]> {
    this.topSearchCalls += 1;
    return Promise.resolve(this.top);
  }
  get last(): Pending {
    const p = this.pending.at(-1);
    if (p === undefined) throw new Error('no request');
    return p;
  }
}

class MemoryPerPage implements PerPageMemory {
  constructor(public memory: PerPageByPath = {}) {}
  load(): PerPageByPath {
    return this.memory;
  }
  save(memory: PerPageByPath): void {
    this.memory = memory;
  }
}

const products = ['K-1', 'K-2', 'K-3'].map((s) => summaryOf(makeProduct(s)));

const result = (overrides: Partial<ProductSearchResult> = {}): ProductSearchResult => ({
  total: 95,
  start: 0,
  products,
  facets: [
    {
      field: 'finish_ss',
      label: 'Finish',
      values: [
        { value: 'Matte Black', count: 12, selected: false },
        { value: 'Polished Chrome', count: 30, selected: false },
      ],
    },
    { field: 'attr_mount_s', label: 'Mount', values: [] },
  ],
  priceRanges: [
    { fromCents: 0, toCents: 10_000, count: 40, label: '$0 – $100', fq: 'finalPrice_d:[0 TO 100}' },
    {
      fromCents: 10_000,
      toCents: 20_000,
      count: 55,
      label: '$100 – $200',
      fq: 'finalPrice_d:[100 TO 200}',
    },
  ],
  suggestion: null,
  ...overrides,
});

const settle = () => new Promise((r) => setTimeout(r, 0));

const setup = (kind: ListingKind = 'search', memory = new MemoryPerPage()) => {
  const search = new ScriptedSearch();
  const visited: string[] = [];
  const vm = new ListingViewModel(
    {
      searchProducts: new SearchProducts(search),
      topSearches: () => search.topSearches(),
      getPerPage: new GetProductsPerPage(memory),
      choosePerPage: new ChooseProductsPerPage(memory),
      navigate: (to) => visited.push(to),
    },
    kind,
  );
  const show = (search: string, extra: Partial<ListingLocation> = {}) =>
    vm.show({
      pathname: kind === 'search' ? '/en/search' : '/en/products/kitchen-faucets',
      search,
      isMobile: false,
      ...(kind === 'productList' ? { category: 'kitchen-faucets' } : {}),
      ...extra,
    });
  return { vm, search, visited, memory, show };
};

describe('ListingViewModel: URL → query', () => {
  it('reads keyword, filters, price, sort, page and per page from the URL', () => {
    const { search, show } = setup();
    show(
      '?keyword=faucet&f=finish_ss:Matte%20Black&price=10000-20000&sort=price-asc&page=3&perPage=60',
    );
    expect(search.last.query).toEqual({
      keyword: 'faucet',
      filters: [{ field: 'finish_ss', value: 'Matte Black' }],
      price: { fromCents: 10_000, toCents: 20_000 },
      sort: 'price-asc',
      start: 120,
      rows: 60,
    });
  });

  it('a product list asks for its category; the remembered per-page choice of the path applies', () => {
    const { search, show } = setup(
      'productList',
      new MemoryPerPage({ '/en/products/kitchen-faucets': 90 }),
    );
    show('?page=2');
    expect(search.last.query).toMatchObject({
      category: 'kitchen-faucets',
      filters: [],
      sort: 'featured',
      start: 90,
      rows: 90,
    });
    expect(search.last.query.keyword).toBeUndefined();
  });

  it('on mobile it is always 30 a page, whatever the URL or memory say, and offers no choice', () => {
    const { vm, search, show } = setup(
      'productList',
      new MemoryPerPage({ '/en/products/kitchen-faucets': 60 }),
    );
    show('?perPage=90&page=2', { isMobile: true });
    expect(search.last.query).toMatchObject({ start: 30, rows: 30 });
    expect(vm.showPerPage).toBe(false);
  });

  it('a search page without a keyword asks for nothing and offers the top searches', async () => {
    const { vm, search, show } = setup();
    show('?sort=a-z');
    await settle();
    expect(search.pending).toHaveLength(0);
    expect(vm.needsKeyword).toBe(true);
    expect(vm.heading).toBe('Search');
    expect(vm.topSearches).toEqual(['kitchen faucet', 'toilet']);
  });

  it('the same URL again does not ask again', () => {
    const { search, show } = setup();
    show('?keyword=sink');
    show('keyword=sink');
    expect(search.pending).toHaveLength(1);
  });
});

describe('ListingViewModel: what is shown', () => {
  it('shows the heading, count, facets with counts and checked values, price options and chips', async () => {
    const { vm, search, show } = setup();
    show('?keyword=faucet&f=finish_ss:Matte%20Black&price=10000-20000');
    expect(vm.isInitialLoading).toBe(true);
    search.last.resolve(result());
    await settle();
    expect(vm.heading).toBe('Search results for “faucet”');
    expect(vm.countText).toBe('95 results for “faucet”');
    expect(vm.documentTitle).toBe('Search results for “faucet” — Lavabo');
    expect(vm.facets.map((f) => f.label)).toEqual(['Finish']);
    expect(vm.facets[0]?.values).toEqual([
      { value: 'Matte Black', label: 'Matte Black', count: 12, checked: true },
      { value: 'Polished Chrome', label: 'Polished Chrome', count: 30, checked: false },
    ]);
    expect(vm.priceOptions.map((o) => [o.label, o.checked])).toEqual([
      ['$0 – $100', false],
      ['$100 – $200', true],
    ]);
    expect(vm.chips.map((c) => c.label)).toEqual(['Matte Black', '$100 – $200']);
    expect(vm.totalPages).toBe(4);
    expect(vm.pageItems.map((i) => (i.kind === 'page' ? i.page : '…'))).toEqual([1, 2, 3, 4]);
  });

  it('a product list is titled by its category', async () => {
    const { vm, search, show } = setup('productList');
    show('');
    expect(vm.heading).toBe('Kitchen Faucets');
    search.last.resolve(result({ total: 1 }));
    await settle();
    expect(vm.countText).toBe('1 result');
  });

  it('"did you mean" links to a search for the suggestion, keeping the sort, never to the same word', async () => {
    const { vm, search, show } = setup();
    show('?keyword=fauset&sort=price-desc&f=finish_ss:White');
    search.last.resolve(
      result({ total: 0, products: [], suggestion: { text: 'faucet', exactMatch: false } }),
    );
    await settle();
    expect(vm.noResults).toBe(true);
    expect(vm.suggestion).toEqual({
      text: 'faucet',
      href: '/en/search?sort=price-desc&keyword=faucet',
    });
    expect(vm.topSearches).toEqual(['kitchen faucet', 'toilet']);

    show('?keyword=Faucet');
    search.last.resolve(result({ suggestion: { text: 'faucet', exactMatch: true } }));
    await settle();
    expect(vm.suggestion).toBeNull();
  });

  it('a product list with nothing in its category is not found; filtered, keyword or search pages are only empty', async () => {
    const empty = result({ total: 0, products: [], facets: [], priceRanges: [] });
    const list = setup('productList');
    list.show('', { category: 'no-such-category', pathname: '/en/products/no-such-category' });
    expect(list.vm.categoryNotFound).toBe(false);
    list.search.last.resolve(empty);
    await settle();
    expect(list.vm.categoryNotFound).toBe(true);

    list.show('?f=finish_ss:White', { category: 'no-such-category' });
    list.search.last.resolve(empty);
    await settle();
    expect(list.vm.noResults).toBe(true);
    expect(list.vm.categoryNotFound).toBe(false);

    list.show('?keyword=zzz', { category: 'no-such-category' });
    list.search.last.resolve(empty);
    await settle();
    expect(list.vm.categoryNotFound).toBe(false);

    list.show('', { category: 'kitchen-faucets' });
    list.search.last.resolve(result());
    await settle();
    expect(list.vm.categoryNotFound).toBe(false);

    const search = setup('search');
    search.show('?keyword=zzz');
    search.search.last.resolve(empty);
    await settle();
    expect(search.vm.noResults).toBe(true);
    expect(search.vm.categoryNotFound).toBe(false);
  });

  it('a page past the last one is recognised', async () => {
    const { vm, search, show } = setup();
    show('?keyword=faucet&page=9');
    search.last.resolve(result({ total: 40, products: [] }));
    await settle();
    expect(vm.pastLastPage).toBe(true);
    expect(vm.noResults).toBe(false);
  });
});

describe('ListingViewModel: refinements become URLs', () => {
  const loaded = async (url: string) => {
    const s = setup();
    s.show(url);
    s.search.last.resolve(result());
    await settle();
    return s;
  };

  it('toggling a finish adds it (back to page 1), toggling it again removes it', async () => {
    const { vm, visited } = await loaded('?keyword=faucet&page=3&compare=K-1');
    vm.toggleFilter('finish_ss', 'Matte Black');
    expect(visited.at(-1)).toBe(
      '/en/search?keyword=faucet&f=finish_ss%3AMatte%20Black&compare=K-1',
    );
    const { vm: vm2, visited: visited2 } = await loaded(
      '?keyword=faucet&f=finish_ss:Matte%20Black&page=2',
    );
    vm2.toggleFilter('finish_ss', 'Matte Black');
    expect(visited2.at(-1)).toBe('/en/search?keyword=faucet');
  });

  it('a refinement shows at once, before its URL comes back', async () => {
    const { vm, visited } = await loaded('?keyword=faucet&page=2');
    vm.toggleFilter('finish_ss', 'Matte Black');
    expect(vm.facets[0]?.values.find((v) => v.value === 'Matte Black')?.checked).toBe(true);
    expect(vm.chips.map((c) => c.label)).toEqual(['Matte Black']);
    vm.setSort('price-desc');
    expect(vm.sort).toBe('price-desc');
    expect(visited.at(-1)).toBe(
      '/en/search?keyword=faucet&sort=price-desc&f=finish_ss%3AMatte%20Black',
    );
  });

  it('price, sort, per page, chips, clear all and page links', async () => {
    const { vm, visited, memory } = await loaded(
      '?keyword=faucet&f=finish_ss:White&price=0-10000&page=2',
    );
    const base = '/en/search?keyword=faucet';
    vm.togglePrice({ fromCents: 10_000, toCents: 20_000 });
    expect(visited.at(-1)).toBe(`${base}&f=finish_ss%3AWhite&price=10000-20000`);
    vm.togglePrice({ fromCents: 0, toCents: 10_000 });
    expect(visited.at(-1)).toBe(`${base}&f=finish_ss%3AWhite&price=0-10000`);
    vm.togglePrice({ fromCents: 0, toCents: 10_000 });
    expect(visited.at(-1)).toBe(`${base}&f=finish_ss%3AWhite`);

    vm.setSort('price-asc');
    expect(visited.at(-1)).toBe(`${base}&sort=price-asc&f=finish_ss%3AWhite`);
    const before = visited.length;
    vm.setSort('not-a-sort');
    vm.setSort('price-asc');
    expect(visited).toHaveLength(before);

    vm.setPerPage(60);
    expect(visited.at(-1)).toBe(`${base}&sort=price-asc&f=finish_ss%3AWhite&perPage=60`);
    expect(vm.perPage).toBe(60);
    expect(memory.memory).toEqual({ '/en/search': 60 });
    vm.setPerPage(45);
    expect(visited).toHaveLength(before + 1);

    vm.togglePrice({ fromCents: 0, toCents: 10_000 });
    const [finishChip, priceChip] = vm.chips;
    if (finishChip === undefined || priceChip === undefined) throw new Error('chips missing');
    expect(priceChip.label).toBe('$0 – $100');
    vm.removeChip(priceChip);
    expect(visited.at(-1)).toBe(`${base}&sort=price-asc&f=finish_ss%3AWhite&perPage=60`);
    vm.removeChip(finishChip);
    expect(visited.at(-1)).toBe(`${base}&sort=price-asc&perPage=60`);

    vm.toggleFilter('finish_ss', 'White');
    vm.togglePrice({ fromCents: 0, toCents: 10_000 });
    vm.clearAll();
    expect(visited.at(-1)).toBe(`${base}&sort=price-asc&perPage=60`);
    expect(vm.hasRefinements).toBe(false);

    expect(vm.pageHref(3)).toBe(`${base}&sort=price-asc&perPage=60&page=3`);
    expect(vm.pageHref(1)).toBe(`${base}&sort=price-asc&perPage=60`);
  });
});

describe('ListingViewModel: requests', () => {
  it('a newer URL aborts the older request and its late answer is ignored', async () => {
    const { vm, search, show } = setup();
    show('?keyword=faucet');
    const first = search.last;
    show('?keyword=faucet&sort=price-asc');
    const second = search.last;
    expect(first.signal?.aborted).toBe(true);
    expect(second.signal?.aborted).toBe(false);
    second.resolve(result({ total: 7 }));
    first.resolve(result({ total: 999 }));
    await settle();
    expect(vm.total).toBe(7);
    expect(vm.status).toBe('succeeded');
  });

  it('keeps the previous results (refining) while a refinement loads', async () => {
    const { vm, search, show } = setup();
    show('?keyword=faucet');
    search.last.resolve(result());
    await settle();
    show('?keyword=faucet&f=finish_ss:White');
    expect(vm.isRefining).toBe(true);
    expect(vm.isInitialLoading).toBe(false);
    expect(vm.products).toHaveLength(3);
    search.last.resolve(result({ total: 2, products: products.slice(0, 2) }));
    await settle();
    expect(vm.isRefining).toBe(false);
    expect(vm.products).toHaveLength(2);
  });

  it('a failure offers a retry, which asks again and recovers', async () => {
    const { vm, search, show } = setup();
    show('?keyword=faucet');
    search.last.reject(new Error('offline'));
    await settle();
    expect(vm.failed).toBe(true);
    vm.retry();
    expect(search.pending).toHaveLength(2);
    expect(vm.failed).toBe(false);
    search.last.resolve(result());
    await settle();
    expect(vm.failed).toBe(false);
    expect(vm.total).toBe(95);
  });

  it('the same URL after a failure asks again', async () => {
    const { search, show } = setup();
    show('?keyword=faucet');
    search.last.reject(new Error('offline'));
    await settle();
    show('?keyword=faucet');
    expect(search.pending).toHaveLength(2);
  });

  it('leaving the page aborts the request in flight', () => {
    const { vm, search, show } = setup();
    show('?keyword=faucet');
    vm.dispose();
    expect(search.last.signal?.aborted).toBe(true);
  });
});

describe('paginationItems', () => {
  it('lists the first, last, current and its neighbours once each, in order, with gaps between', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 500 })
          .chain((total) => fc.tuple(fc.integer({ min: 1, max: total }), fc.constant(total))),
        ([current, total]) => {
          const items = paginationItems(current, total);
          const pages = items.flatMap((i) => (i.kind === 'page' ? [i.page] : []));
          expect(pages[0]).toBe(1);
          expect(pages.at(-1)).toBe(total);
          for (const p of [current - 1, current, current + 1]) {
            if (p >= 1 && p <= total) expect(pages).toContain(p);
          }
          pages.forEach((p, i) => i > 0 && expect(p).toBeGreaterThan(pages[i - 1] ?? 0));
          expect(items.filter((i) => i.kind === 'page' && i.current)).toEqual([
            { kind: 'page', page: current, current: true },
          ]);
          // A gap stands for two or more pages; a single missing page is shown instead.
          items.forEach((item, i) => {
            if (item.kind !== 'gap') return;
            const before = items[i - 1];
            const after = items[i + 1];
            if (before?.kind !== 'page' || after?.kind !== 'page') throw new Error('stray gap');
            expect(after.page - before.page).toBeGreaterThan(2);
          });
          items.forEach((item, i) => {
            const next = items[i + 1];
            if (item.kind === 'page' && next?.kind === 'page')
              expect(next.page).toBe(item.page + 1);
          });
          expect(items.length).toBeLessThanOrEqual(9);
        },
      ),
    );
    expect(paginationItems(1, 1)).toEqual([]);
  });
});
