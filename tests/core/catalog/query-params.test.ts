import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  encodeQuery,
  getParam,
  hasParam,
  parseQuery,
  QUERY_PARAMS,
} from '../../../core/catalog/query-params';

// Well-formed Unicode text (encodeURIComponent refuses lone surrogates).
const text = fc.string({ unit: 'grapheme', maxLength: 12 });
const pairs = fc.array(fc.tuple(text, text), { maxLength: 6 });

describe('query parameters', () => {
  it('reads back exactly what it wrote, in order', () => {
    fc.assert(
      fc.property(pairs, (params) => {
        expect(parseQuery(`?${encodeQuery(params)}`)).toEqual(params);
        expect(parseQuery(encodeQuery(params))).toEqual(params);
      }),
    );
  });

  it('finds the first value of a name and knows a name without a value is present', () => {
    fc.assert(
      fc.property(pairs, text, (params, name) => {
        const query = encodeQuery(params);
        const first = params.find(([k]) => k === name);
        expect(getParam(query, name)).toBe(first?.[1]);
        expect(hasParam(query, name)).toBe(first !== undefined);
      }),
    );
    expect(hasParam('?compare', 'compare')).toBe(true);
    expect(getParam('?compare', 'compare')).toBe('');
  });

  it('treats + as a space, ignores the hash and keeps a stray % as typed', () => {
    expect(parseQuery('?keyword=kitchen+sink&tab=help#top')).toEqual([
      ['keyword', 'kitchen sink'],
      ['tab', 'help'],
    ]);
    expect(getParam('?keyword=100%', 'keyword')).toBe('100%');
  });

  it('lists the query parameters of spec §2', () => {
    expect(QUERY_PARAMS).toEqual(
      expect.arrayContaining(['compare', 'back', 'keyword', 'sort', 'tab', 'activeTab']),
    );
    expect(QUERY_PARAMS).toEqual(
      expect.arrayContaining(['skuSearch', 'service', 'title', 'id', 'type']),
    );
  });
});
