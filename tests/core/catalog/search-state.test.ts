import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeQuery, parseQuery } from '../../../core/catalog/query-params';
import {
  pickSearchState,
  searchStateParams,
  withSearchState,
} from '../../../core/catalog/search-state';
import {
  DEFAULT_SORT,
  SORT_KEYS,
  SORT_OPTIONS,
  parseSortKey,
  solrSort,
  sortKeyOrDefault,
} from '../../../core/catalog/sort-options';

const value = fc.string({ unit: 'grapheme', maxLength: 10 });
const name = fc.constantFrom('sort', 'keyword', 'tab', 'compare', 'back', 'skuid', 'activeTab');
const paramValue = fc.oneof(value, fc.constantFrom(...SORT_KEYS));
const params = fc.array(fc.tuple(name, paramValue), { maxLength: 8 });

describe('search state kept across pages (spec §2)', () => {
  it('keeps only sort, keyword and tab', () => {
    fc.assert(
      fc.property(params, (ps) => {
        const state = pickSearchState(ps);
        expect(Object.keys(state).every((k) => ['sort', 'keyword', 'tab'].includes(k))).toBe(true);
      }),
    );
  });

  it('takes the first non-blank keyword and tab, trimmed, and only known sorts', () => {
    fc.assert(
      fc.property(params, (ps) => {
        const state = pickSearchState(ps);
        const first = (n: string) => ps.find(([k, v]) => k === n && v.trim() !== '')?.[1].trim();
        expect(state.keyword).toBe(first('keyword'));
        expect(state.tab).toBe(first('tab'));
        expect(state.sort).toBe(parseSortKey(first('sort')));
      }),
    );
  });

  it('survives the trip through the next page link', () => {
    fc.assert(
      fc.property(
        params,
        fc.constantFrom('/en/search', '/en/products/toilets?x=1', '/en/search#t'),
        (ps, path) => {
          const state = pickSearchState(encodeQuery(ps));
          const link = withSearchState(path, state);
          const search = link.split('#')[0]?.split('?')[1] ?? '';
          expect(pickSearchState(search)).toEqual(state);
          expect(pickSearchState(searchStateParams(state))).toEqual(state);
          expect(parseQuery(search).filter(([k]) => k === 'x')).toEqual(
            path.includes('x=1') ? [['x', '1']] : [],
          );
        },
      ),
    );
    expect(withSearchState('/en/search', {})).toBe('/en/search');
    expect(withSearchState('/en/search#top', { keyword: 'wall sink', sort: 'a-z' })).toBe(
      '/en/search?sort=a-z&keyword=wall%20sink#top',
    );
  });
});

describe('sort options (spec §9)', () => {
  it('offers the seven options plus featured, which is the default and sends no sort', () => {
    expect(SORT_OPTIONS.map((o) => o.key)).toEqual([...SORT_KEYS]);
    expect(DEFAULT_SORT).toBe('featured');
    expect(solrSort('featured')).toBeUndefined();
    expect(solrSort('price-asc')).toBe('finalPrice_d asc');
    expect(solrSort('price-desc')).toBe('finalPrice_d desc');
    expect(solrSort('a-z')).toBe('Product_Title_s asc');
    expect(solrSort('z-a')).toBe('Product_Title_s desc');
  });

  it('gives every other option a Solr "field asc|desc" sort, opposite pairs on one field', () => {
    for (const key of SORT_KEYS.filter((k) => k !== 'featured')) {
      expect(solrSort(key)).toMatch(/^[A-Za-z_.]+_[a-z]+ (asc|desc)$/);
    }
    const field = (k: (typeof SORT_KEYS)[number]) => solrSort(k)?.split(' ')[0];
    expect(field('newest')).toBe(field('oldest'));
  });

  it('reads any query value to a known sort or the default', () => {
    fc.assert(
      fc.property(
        fc.oneof(value, fc.constantFrom(...SORT_KEYS.map((k) => ` ${k.toUpperCase()} `))),
        (v) => {
          const key = sortKeyOrDefault(v);
          expect(SORT_KEYS).toContain(key);
          expect(key).toBe(parseSortKey(v) ?? 'featured');
        },
      ),
    );
  });
});
