/**
 * Cache keys of search answers: one list asked another way is one key; anything that can change
 * the answer (persona, paging, sort, facets asked, the route) is another.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { facetKey, searchKey, typeaheadKey } from '../../../server/search/query-key';
import { parseSearchQuery, type RawParams } from '../../../server/search/solr-query';

const key = (params: RawParams, kind = 'plp') => searchKey(kind, parseSearchQuery(params));

const FILTERS = [
  'brand_s:Lavabo',
  'onSale_b:true',
  'finish_ss:("Matte Black" OR Chrome)',
  'finalPrice_d:[100 TO 500}',
  '-inStock_b:false',
  'category_s:bathroom-faucets',
];

describe('search cache keys', () => {
  it('ignore the order and repetition of filters, the order of OR values, case and spaces of keywords', () => {
    fc.assert(
      fc.property(
        fc.subarray(FILTERS, { minLength: 1 }),
        fc.constantFrom('faucet', 'Faucet', '  FAUCET  '),
        fc.constantFrom('kitchen faucet', 'Kitchen   Faucet', ' kitchen\tFAUCET '),
        (filters, one, two) => {
          const shuffled = [...filters].reverse();
          expect(key({ q: one, fq: filters })).toBe(
            key({ q: 'faucet', fq: [...shuffled, ...filters] }),
          );
          expect(key({ q: two, fq: filters })).toBe(key({ q: 'kitchen faucet', fq: shuffled }));
        },
      ),
    );
    expect(key({ fq: 'finish_ss:(Chrome OR "Matte Black")' })).toBe(
      key({ fq: 'finish_ss:("Matte Black" OR Chrome)' }),
    );
    expect(key({ fl: 'sku_s,finalPrice_d' })).toBe(key({ fl: 'finalPrice_d, sku_s,sku_s' }));
  });

  it('tell apart whatever can change the answer', () => {
    const base = { q: 'faucet', fq: 'onSale_b:true' };
    const variants: RawParams[] = [
      base,
      { ...base, persona: 'TVS' },
      { ...base, persona: 'ISC' },
      { ...base, rows: 20 },
      { ...base, start: 10 },
      { ...base, sort: 'finalPrice_d asc' },
      { ...base, sort: 'finalPrice_d desc' },
      { ...base, 'facet.field': 'brand_s' },
      { ...base, 'facet.field': ['brand_s', 'finish_ss'] },
      { ...base, 'facet.field': ['finish_ss', 'brand_s'] },
      { ...base, 'facet.range': 'finalPrice_d' },
      { ...base, 'facet.range': 'finalPrice_d', 'facet.range.gap': 50 },
      { ...base, noCollapse: true },
      { ...base, spellcheck: false },
      { ...base, fl: 'sku_s' },
      { ...base, fq: 'onSale_b:false' },
      { ...base, fq: 'brand_s:lavabo' },
      { ...base, fq: 'brand_s:Lavabo' },
      { ...base, fq: '-onSale_b:true' },
      { ...base, q: 'sink' },
      { ...base, q: 'K-4120', skuSearch: true },
      { ...base, q: 'K-4120' },
    ];
    const keys = variants.map((v) => key(v));
    expect(new Set(keys).size).toBe(variants.length);
    expect(key(base, 'full-catalog')).not.toBe(key(base, 'plp'));
  });

  it('never share an entry between personas', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z]{2,10}$/),
        fc.stringMatching(/^[A-Z]{2,10}$/),
        (a, b) => {
          fc.pre(a !== b);
          expect(key({ q: 'sink', persona: a })).not.toBe(key({ q: 'sink', persona: b }));
          expect(facetKey(parseSearchQuery({ persona: a }))).not.toBe(
            facetKey(parseSearchQuery({ persona: b })),
          );
        },
      ),
    );
  });

  it('count facets once for every page and sort of one filter set', () => {
    const list = { q: 'faucet', fq: 'onSale_b:true', 'facet.field': 'brand_s' };
    const facets = (params: RawParams) => facetKey(parseSearchQuery(params));
    expect(facets({ ...list, start: 30, sort: 'finalPrice_d asc', fl: 'sku_s' })).toBe(
      facets(list),
    );
    expect(facets({ ...list, fq: 'onSale_b:false' })).not.toBe(facets(list));
    expect(facets({ ...list, 'facet.field': 'finish_ss' })).not.toBe(facets(list));
  });

  it('key typeahead by what is typed, whatever its case and spaces, and by rows and fields', () => {
    expect(typeaheadKey(' Matte  B', 10, null)).toBe(typeaheadKey('matte b', 10, null));
    expect(typeaheadKey('matte b', 5, null)).not.toBe(typeaheadKey('matte b', 10, null));
    expect(typeaheadKey('matte b', 10, ['sku_s'])).not.toBe(typeaheadKey('matte b', 10, null));
    expect(typeaheadKey('matte b', 10, ['sku_s', 'id'])).toBe(
      typeaheadKey('matte b', 10, ['id', 'sku_s']),
    );
  });
});
