/**
 * The listing URL: parse ∘ write is the identity on tidy states, write ∘ parse is idempotent on any
 * query string, every refinement but paging goes back to page 1, and parsing forgives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ActiveFilter } from '../../../core/catalog/product';
import { PRODUCTS_PER_PAGE_OPTIONS } from '../../../core/catalog/products-per-page';
import { SORT_KEYS } from '../../../core/catalog/sort-options';
import {
  EMPTY_LISTING_STATE,
  MAX_PAGE,
  listingHref,
  listingQuery,
  parseListingQuery,
  toggleFilter,
  togglePrice,
  withPage,
  withPerPage,
  withSort,
  withoutFilters,
  type ListingState,
} from '../../../ui/catalog/listing/listing-url';

const text = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 20 })
  .map((s) => s.trim())
  .filter((s) => s !== '');

const field = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.]{0,15}$/);

const filterArb: fc.Arbitrary<ActiveFilter> = fc.record(
  { field, value: text },
  { noNullPrototype: true },
);

const priceArb = fc
  .tuple(fc.nat(999_999_999), fc.integer({ min: 1, max: 999_999_999 }))
  .map(([from, width]) => ({ fromCents: from, toCents: from + width }));

/** States as the page writes them: trimmed, non-blank, filters once each. */
const stateArb: fc.Arbitrary<ListingState> = fc
  .record(
    {
      keyword: fc.option(text, { nil: undefined }),
      tab: fc.option(text, { nil: undefined }),
      sort: fc.constantFrom(...SORT_KEYS),
      filters: fc.uniqueArray(filterArb, {
        maxLength: 5,
        selector: (f) => `${f.field}\u0000${f.value}`,
      }),
      price: fc.option(priceArb, { nil: undefined }),
      perPage: fc.option(fc.constantFrom(...PRODUCTS_PER_PAGE_OPTIONS), { nil: undefined }),
      page: fc.integer({ min: 1, max: MAX_PAGE }),
    },
    { noNullPrototype: true },
  )
  .map(({ keyword, tab, price, perPage, ...rest }) => ({
    ...rest,
    ...(keyword === undefined ? {} : { keyword }),
    ...(tab === undefined ? {} : { tab }),
    ...(price === undefined ? {} : { price }),
    ...(perPage === undefined ? {} : { perPage }),
  }));

/** Query strings that look a bit like ours, and a bit like anything. */
const messyQuery = fc
  .array(
    fc.tuple(
      fc.constantFrom('keyword', 'tab', 'sort', 'f', 'price', 'perPage', 'page', 'compare', 'x'),
      fc.oneof(
        fc.string(),
        fc.constantFrom('price-asc', 'finish_ss:Matte Black', '100-200', '60', '2', ' 3 ', ':'),
      ),
    ),
    { maxLength: 8 },
  )
  .map((pairs) =>
    pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'),
  );

describe('listing URL', () => {
  it('parse(write(state)) gives the state back', () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        expect(parseListingQuery(listingQuery(state))).toEqual(state);
      }),
    );
  });

  it('write(parse(query)) is canonical: writing what it reads changes nothing more', () => {
    fc.assert(
      fc.property(messyQuery, (query) => {
        const once = listingQuery(parseListingQuery(query));
        expect(listingQuery(parseListingQuery(once))).toBe(once);
      }),
    );
  });

  it('every refinement but paging goes back to page 1; paging stays within 1…MAX_PAGE', () => {
    fc.assert(
      fc.property(
        stateArb,
        filterArb,
        priceArb,
        fc.constantFrom(...SORT_KEYS),
        fc.integer({ min: -50, max: MAX_PAGE * 2 }),
        (state, filter, price, sort, page) => {
          expect(toggleFilter(state, filter).page).toBe(1);
          expect(togglePrice(state, price).page).toBe(1);
          expect(withSort(state, sort).page).toBe(1);
          expect(withPerPage(state, 60).page).toBe(1);
          expect(withoutFilters(state).page).toBe(1);
          const paged = withPage(state, page).page;
          expect(paged).toBe(Math.min(MAX_PAGE, Math.max(1, page)));
        },
      ),
    );
  });

  it('toggling a filter twice leaves the filters as they were', () => {
    fc.assert(
      fc.property(stateArb, filterArb, (state, filter) => {
        const twice = toggleFilter(toggleFilter(state, filter), filter);
        expect(twice.filters).toEqual(state.filters);
      }),
    );
  });

  it('clearing filters keeps the keyword, sort and tab', () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        const cleared = parseListingQuery(listingQuery(withoutFilters(state)));
        expect(cleared.filters).toEqual([]);
        expect(cleared.price).toBeUndefined();
        expect(cleared.keyword).toBe(state.keyword);
        expect(cleared.tab).toBe(state.tab);
        expect(cleared.sort).toBe(state.sort);
      }),
    );
  });

  it('keeps unrelated parameters of the current URL and replaces its own', () => {
    const href = listingHref(
      '/en/search',
      { ...EMPTY_LISTING_STATE, keyword: 'sink', page: 2 },
      'keyword=old&page=9&compare=K-1,K-2',
    );
    expect(href).toBe('/en/search?keyword=sink&page=2&compare=K-1%2CK-2');
    expect(listingHref('/en/products/toilets', EMPTY_LISTING_STATE)).toBe('/en/products/toilets');
  });

  it('forgives what it cannot read', () => {
    expect(
      parseListingQuery(
        '?sort=bogus&page=abc&perPage=45&price=500-100&f=nocolon&f=:x&f=a:%20&keyword=%20',
      ),
    ).toEqual(EMPTY_LISTING_STATE);
    expect(parseListingQuery('page=0').page).toBe(1);
    expect(parseListingQuery(`page=${MAX_PAGE + 1}`).page).toBe(1);
    expect(parseListingQuery('sort=PRICE-ASC').sort).toBe('price-asc');
    expect(
      parseListingQuery('f=finish_ss:Matte%20Black&f=finish_ss:Matte%20Black').filters,
    ).toEqual([{ field: 'finish_ss', value: 'Matte Black' }]);
    expect(parseListingQuery('price=10000-20000').price).toEqual({
      fromCents: 10_000,
      toCents: 20_000,
    });
  });
});
