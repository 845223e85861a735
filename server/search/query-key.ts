/**
 * The cache keys of catalogue reads: the parsed query (solr-query.ts) with everything that cannot
 * change the answer taken out, so the same list asked another way is one entry. Keywords match
 * case-insensitively and word by word (tsquery, SKUs upper-cased, suggestions lower-cased), so
 * case and runs of whitespace go; filters are ANDed, and a filter's values ORed, so their order
 * goes; `fl` is answered in document order, so its order goes. Everything else stays: rows, start,
 * sort, facet fields in the order asked (the answer lists them in that order), the persona.
 */
import type { FilterQuery, SearchQuery } from './solr-query';

const normalKeywords = (keywords: string | null): string | null =>
  keywords === null ? null : keywords.toLowerCase().replace(/\s+/g, ' ').trim();

const sortedUnique = (values: readonly string[]): string[] => [...new Set(values)].sort();

const filterKey = (f: FilterQuery): string =>
  JSON.stringify([
    f.field,
    f.negate,
    f.value.kind === 'terms'
      ? { kind: 'terms', values: sortedUnique(f.value.values.map((v) => JSON.stringify(v))) }
      : f.value,
  ]);

const fieldsKey = (fields: readonly string[] | null): string[] | null =>
  fields === null ? null : sortedUnique(fields);

/** Whatever filters a list: the key of its facet counts, which paging and sorting leave alone. */
const filterSetKey = (query: SearchQuery) => ({
  keywords: normalKeywords(query.keywords),
  skuSearch: query.skuSearch,
  filters: sortedUnique(query.filters.map(filterKey)),
  noCollapse: query.noCollapse,
  persona: query.persona,
});

/** `kind`: the route (plp and full-catalog answer one query differently). */
export const searchKey = (kind: string, query: SearchQuery): string =>
  JSON.stringify({
    kind,
    ...filterSetKey(query),
    fields: fieldsKey(query.fields),
    rows: query.rows,
    start: query.start,
    sort: query.sort.map((s) => [s.field, s.direction]),
    facetFields: query.facetFields,
    facetRange:
      query.facetRange === null ? null : [query.facetRange.field, query.facetRange.gapCents],
    spellcheck: query.spellcheck,
  });

/** The facet counts of a filter set: the same for every page and sort of one list. */
export const facetKey = (query: SearchQuery): string =>
  JSON.stringify({
    kind: 'facets',
    ...filterSetKey(query),
    facetFields: query.facetFields,
    facetRange:
      query.facetRange === null ? null : [query.facetRange.field, query.facetRange.gapCents],
  });

export const typeaheadKey = (keywords: string, rows: number, fields: readonly string[] | null) =>
  JSON.stringify({
    kind: 'typeahead',
    keywords: normalKeywords(keywords),
    rows,
    fields: fieldsKey(fields),
  });
