/**
 * The Solr-shaped search over PostgreSQL: keyword search on the weighted tsvector (the last word
 * also as a prefix), SKU search, filters, sorts, paging, multi-select facets, the price range
 * facet, spellcheck and typeahead against the search_terms vocabulary (pg_trgm).
 */
import { randomUUID } from 'node:crypto';
import { centsToSolrNumber } from '../../core/catalog/price-facets';
import type { Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import type { SearchDocument } from './documents';
import { FIELD_ORDER, fieldSpec, SCORE_FIELD } from './fields';
import type { SearchQuery } from './solr-query';
import {
  conditions,
  MASTERS,
  orderBySql,
  primaryOnly,
  scoreSql,
  tsquerySql,
  sourceOf,
  SqlParams,
  whereSql,
  type Source,
} from './sql';
import { isStopWord } from './terms';
import { facetTooltips, type FacetTooltip } from './tooltips';

/** At most this many buckets in a range facet: a tiny gap must not build thousands. */
export const MAX_RANGE_BUCKETS = 1000;
/** Solr's default facet.limit. */
export const FACET_LIMIT = 100;

export interface SolrResponse {
  readonly numFound: number;
  readonly start: number;
  readonly docs: SearchDocument[];
}

export interface RangeFacet {
  readonly counts: (string | number)[];
  readonly gap: number;
  readonly start: number;
  readonly end: number;
}

export interface FacetCounts {
  readonly facet_fields: Record<string, (string | number)[]>;
  readonly facet_ranges: Record<string, RangeFacet>;
}

export interface Spellcheck {
  readonly correctlySpelled: boolean;
  readonly collations: string[];
  readonly suggestionExactMatch: boolean;
}

export interface SearchAnswer {
  readonly responseHeader: { readonly status: 0; readonly QTime: number };
  readonly response: SolrResponse;
  readonly facet_counts?: FacetCounts;
  readonly spellcheck?: Spellcheck;
}

export interface TypeaheadAnswer {
  readonly suggestions: string[];
  readonly response: { readonly numFound: number; readonly docs: SearchDocument[] };
}

export interface PdpAnswer {
  readonly response: { readonly numFound: number; readonly docs: SearchDocument[] };
  readonly fusion: { readonly fusionQueryId: string };
}

export interface HelpArticle {
  readonly slug: string;
  readonly title: string;
  readonly category: string;
  readonly paragraphs: string[];
}

/** The document with its fields in document order, only those of `fl` when given. */
export const projectDocument = (
  doc: SearchDocument,
  fields: readonly string[] | null,
  score?: number,
): SearchDocument => {
  const out: SearchDocument = {};
  const wanted = fields === null ? null : new Set(fields);
  const keys = [
    ...FIELD_ORDER.filter((k) => Object.hasOwn(doc, k)),
    ...Object.keys(doc)
      .filter((k) => !FIELD_ORDER.includes(k))
      .sort(),
  ];
  for (const key of keys) {
    const value = doc[key];
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    if (wanted === null || wanted.has(key)) out[key] = value;
  }
  if (wanted?.has(SCORE_FIELD) === true && score !== undefined) out[SCORE_FIELD] = score;
  return out;
};

/** A list's answer in Solr's shape, timed from `began`; facets and spelling only when computed. */
export const searchAnswer = (
  began: number,
  response: SolrResponse,
  facets: FacetCounts | undefined,
  spellcheck: Spellcheck | undefined,
): SearchAnswer => ({
  responseHeader: { status: 0, QTime: Math.round(performance.now() - began) },
  response,
  ...(facets === undefined ? {} : { facet_counts: facets }),
  ...(spellcheck === undefined ? {} : { spellcheck }),
});

/** Typeahead's products: the first `rows` for the keywords typed, by relevance, no facets. */
export const typeaheadQuery = (
  keywords: string,
  rows: number,
  fields: readonly string[] | null,
): SearchQuery => ({
  keywords,
  skuSearch: false,
  filters: [],
  fields,
  rows,
  start: 0,
  sort: [],
  facetFields: [],
  facetRange: null,
  noCollapse: false,
  spellcheck: false,
  persona: 'GST',
});

export interface SearchOptions {
  /** false: no facet_counts (full-catalog). */
  readonly facets?: boolean;
  readonly countFacets?: (compute: () => Promise<FacetCounts>) => Promise<FacetCounts>;
}

/**
 * The range facet from its buckets' counts ([bucket, count] by bucket, a bucket `gapCents` wide):
 * every bucket from 0 (or the lowest below it) to the highest, empty ones too.
 */
export const rangeFacetOf = (
  rows: readonly (readonly [number, number])[],
  gapCents: number,
): RangeFacet => {
  const gapDollars = gapCents / 100;
  if (rows.length === 0) return { counts: [], gap: gapDollars, start: 0, end: 0 };
  const buckets = new Map(rows);
  const first = Math.min(0, rows[0]?.[0] ?? 0);
  const last = rows.at(-1)?.[0] ?? 0;
  if (last - first + 1 > MAX_RANGE_BUCKETS) {
    throw new ApiError(
      400,
      `facet.range.gap is too small: it would make more than ${MAX_RANGE_BUCKETS} ranges`,
    );
  }
  const counts: (string | number)[] = [];
  for (let b = first; b <= last; b += 1) {
    counts.push(centsToSolrNumber(b * gapCents), buckets.get(b) ?? 0);
  }
  return {
    counts,
    gap: gapDollars,
    start: (first * gapCents) / 100,
    end: ((last + 1) * gapCents) / 100,
  };
};

const byCountThenValue = (a: [string, number], b: [string, number]): number =>
  b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

export class SearchService {
  constructor(private readonly db: Queryable) {}

  /**
   * GET /api/search/plp (facets when asked) and /api/search/full-catalog (never). `countFacets`
   * may answer the facet counts from elsewhere (a cache keyed by the filter set): it is given the
   * computation to run when it has none.
   */
  async search(query: SearchQuery, options: SearchOptions = {}): Promise<SearchAnswer> {
    const began = performance.now();
    const src = await this.keywordSource(query, sourceOf(query));
    const count = options.countFacets ?? ((compute) => compute());
    const [response, facets] = await Promise.all([
      this.documents(query, src),
      options.facets === false ? Promise.resolve(undefined) : count(() => this.facets(query, src)),
    ]);
    const spellcheck =
      query.spellcheck && query.keywords !== null
        ? await this.spellcheck(query.keywords, response.numFound)
        : undefined;
    return searchAnswer(began, response, facets, spellcheck);
  }

  /**
   * Keywords match what a product is (title, SKUs, category, brand, collection, finishes) when
   * any product is that: "faucet" finds faucets, not the toilets whose description mentions a
   * faucet. Only keywords no product is fall back to the whole text (descriptions, specs).
   */
  private async keywordSource(query: SearchQuery, src: Source): Promise<Source> {
    if (query.keywords === null || query.skuSearch) return src;
    const p = new SqlParams();
    const r = await this.db.query<{ found: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM search_documents d WHERE d.primary_vector @@ ${tsquerySql(query.keywords, p)}) AS found`,
      p.values,
    );
    return r.rows[0]?.found === true ? primaryOnly(src) : src;
  }

  private async documents(query: SearchQuery, src: Source): Promise<SolrResponse> {
    const countParams = new SqlParams();
    const countSql = `SELECT count(*)::int AS n FROM ${src.from} ${whereSql(conditions(query, src, countParams))}`;
    const page = async (): Promise<SearchDocument[]> => {
      if (query.rows === 0) return [];
      const p = new SqlParams();
      const score = scoreSql(query, src, p);
      const where = whereSql(conditions(query, src, p));
      const order = orderBySql(query, src, p);
      const sql = `SELECT ${src.doc} AS doc, ${score} AS score FROM ${src.from} ${where} ${order} LIMIT ${p.add(query.rows)} OFFSET ${p.add(query.start)}`;
      const rows = await this.db.query<{ doc: SearchDocument; score: number }>(sql, p.values);
      return rows.rows.map((r) => projectDocument(r.doc, query.fields, Number(r.score)));
    };
    const [counted, docs] = await Promise.all([
      this.db.query<{ n: number }>(countSql, countParams.values),
      page(),
    ]);
    return { numFound: counted.rows[0]?.n ?? 0, start: query.start, docs };
  }

  private async facets(query: SearchQuery, src: Source): Promise<FacetCounts> {
    const facet_fields: Record<string, (string | number)[]> = {};
    if (query.facetFields.length > 0) {
      const p = new SqlParams();
      const parts = query.facetFields.map((field, i) => {
        const key = p.add(field);
        const conds = conditions(query, src, p, field);
        if (fieldSpec(field)?.type === 'strings') {
          return `(SELECT ${i} AS f, fv.value AS value, count(*)::int AS n FROM ${src.from} CROSS JOIN LATERAL jsonb_array_elements_text(${src.doc} -> ${key}) AS fv(value) ${whereSql(conds)} GROUP BY fv.value)`;
        }
        return `(SELECT ${i} AS f, ${src.doc} ->> ${key} AS value, count(*)::int AS n FROM ${src.from} ${whereSql([...conds, `${src.doc} ? ${key}`])} GROUP BY 2)`;
      });
      const rows = await this.db.query<{ f: number; value: string; n: number }>(
        parts.join(' UNION ALL '),
        p.values,
      );
      const byField = query.facetFields.map((): [string, number][] => []);
      for (const r of rows.rows) byField[r.f]?.push([r.value, r.n]);
      query.facetFields.forEach((field, i) => {
        facet_fields[field] = (byField[i] ?? [])
          .sort(byCountThenValue)
          .slice(0, FACET_LIMIT)
          .flat();
      });
    }
    const facet_ranges: Record<string, RangeFacet> = {};
    if (query.facetRange !== null) {
      facet_ranges[query.facetRange.field] = await this.rangeFacet(query, src);
    }
    return { facet_fields, facet_ranges };
  }

  private async rangeFacet(query: SearchQuery, src: Source): Promise<RangeFacet> {
    const range = query.facetRange;
    if (range === null) throw new Error('no range facet asked');
    const p = new SqlParams();
    const expr =
      range.spec.column !== undefined
        ? `d.${range.spec.column}`
        : `(${src.doc} ->> ${p.add(range.field)})::numeric`;
    const conds = [...conditions(query, src, p, range.field), `${expr} IS NOT NULL`];
    const gap = p.add(range.gapCents);
    const sql = `SELECT floor((${expr}) * 100 / ${gap}::numeric)::bigint AS bucket, count(*)::int AS n FROM ${src.from} ${whereSql(conds)} GROUP BY 1 ORDER BY 1`;
    const rows = (await this.db.query<{ bucket: number | string; n: number }>(sql, p.values)).rows;
    return rangeFacetOf(
      rows.map((r) => [Number(r.bucket), r.n]),
      range.gapCents,
    );
  }

  /**
   * Words that are neither vocabulary nor found in any document (as a prefix) are corrected to
   * the most similar vocabulary term; `collations` is the query with those words replaced.
   */
  async spellcheck(keywords: string, numFound: number): Promise<Spellcheck> {
    const text = keywords.toLowerCase();
    const words = [...new Set(text.match(/[a-z]+/g) ?? [])].filter(
      (w) => w.length >= 3 && !isStopWord(w),
    );
    if (words.length === 0) {
      return { correctlySpelled: true, collations: [], suggestionExactMatch: numFound > 0 };
    }
    const rows = await this.db.query<{ word: string; known: boolean; suggestion: string | null }>(
      `SELECT w AS word,
         (EXISTS (SELECT 1 FROM search_terms t WHERE t.term = w)
           OR EXISTS (SELECT 1 FROM search_documents d
                      WHERE d.search_vector @@ to_tsquery('english', w || ':*'))) AS known,
         (SELECT t.term FROM search_terms t
           WHERE t.term % w
           ORDER BY similarity(t.term, w) DESC, t.frequency DESC, t.term
           LIMIT 1) AS suggestion
       FROM unnest($1::text[]) AS w`,
      [words],
    );
    const corrections = new Map<string, string>();
    let unknown = 0;
    for (const r of rows.rows) {
      if (r.known) continue;
      unknown += 1;
      if (r.suggestion !== null && r.suggestion !== r.word) corrections.set(r.word, r.suggestion);
    }
    const corrected = text
      .trim()
      .replace(/[a-z]+/g, (w) => corrections.get(w) ?? w)
      .replace(/\s+/g, ' ');
    return {
      correctlySpelled: unknown === 0,
      collations: corrections.size > 0 ? [corrected] : [],
      suggestionExactMatch: numFound > 0,
    };
  }

  /** GET /api/search/typeahead: products for what is typed so far, and completions. */
  async typeahead(
    keywords: string,
    rows: number,
    fields: readonly string[] | null,
  ): Promise<TypeaheadAnswer> {
    const query = typeaheadQuery(keywords, rows, fields);
    const [response, suggestions] = await Promise.all([
      this.keywordSource(query, MASTERS).then((src) => this.documents(query, src)),
      this.suggestions(keywords, rows),
    ]);
    return { suggestions, response: { numFound: response.numFound, docs: response.docs } };
  }

  /** Completions of what is typed: top searches and category names, then vocabulary terms. */
  async suggestions(keywords: string, rows: number): Promise<string[]> {
    const typed = keywords.toLowerCase().replace(/\s+/g, ' ').trim();
    const lastMatch = /([a-z0-9]+)$/.exec(typed);
    const last = lastMatch?.[1] ?? '';
    const head = typed.slice(0, typed.length - last.length).trim();
    const phrases = await this.db.query<{ phrase: string }>(
      `SELECT lower(term) AS phrase FROM top_searches
       UNION SELECT lower(name) FROM categories`,
    );
    const out: string[] = phrases.rows
      .map((r) => r.phrase)
      .filter((phrase) => phrase !== typed && phrase.startsWith(typed))
      .sort();
    if (last !== '' && !/^\d+$/.test(last)) {
      const terms = await this.db.query<{ term: string }>(
        `(SELECT term, 0 AS kind, frequency, 1::real AS sim FROM search_terms
           WHERE term LIKE $1 ORDER BY frequency DESC, term LIMIT $3)
         UNION ALL
         (SELECT term, 1, frequency, similarity(term, $2) FROM search_terms
           WHERE term % $2 AND term NOT LIKE $1
           ORDER BY similarity(term, $2) DESC, frequency DESC, term LIMIT $3)
         ORDER BY kind, sim DESC, frequency DESC, term`,
        [`${last}%`, last, rows],
      );
      for (const { term } of terms.rows) {
        const suggestion = head === '' ? term : `${head} ${term}`;
        if (suggestion !== typed) out.push(suggestion);
      }
    }
    return [...new Set(out)].slice(0, rows);
  }

  /** GET /api/search/top-searches. */
  async topSearches(): Promise<string[]> {
    const r = await this.db.query<{ term: string }>(
      'SELECT term FROM top_searches ORDER BY position',
    );
    return r.rows.map((row) => row.term);
  }

  /** POST /api/search/pdp: the one product with that slug. */
  async pdp(slug: string, fields: readonly string[] | null): Promise<PdpAnswer> {
    const r = await this.db.query<{ doc: SearchDocument }>(
      'SELECT doc FROM search_documents WHERE slug = $1',
      [slug],
    );
    return {
      response: {
        numFound: r.rows.length,
        docs: r.rows.map((row) => projectDocument(row.doc, fields)),
      },
      fusion: { fusionQueryId: randomUUID() },
    };
  }

  /** GET /api/search/tooltip: the facets' help texts. */
  async tooltips(): Promise<FacetTooltip[]> {
    const r = await this.db.query<{ name: string }>(
      'SELECT DISTINCT unnest(facet_attributes) AS name FROM categories',
    );
    return facetTooltips(r.rows.map((row) => row.name));
  }

  /** GET /api/search/help-faq. */
  async helpArticles(): Promise<HelpArticle[]> {
    const r = await this.db.query<HelpArticle>(
      'SELECT slug, title, category, paragraphs FROM help_articles ORDER BY position',
    );
    return r.rows;
  }
}
