/**
 * The catalogue's search index in memory (issue 14): the documents of search_documents and
 * search_variant_documents — PostgreSQL stays the source of truth — with their text vectors and an
 * inverted index of lexemes, so a product list (keywords, filters, multi-select facets, the price
 * range facet, sorts, pages) is computed in this process in one pass instead of five SQL queries,
 * and at 100,000 products too.
 *
 * Fresh: the index follows search_changes (migration 016), the log every write of the documents
 * leaves under a commit-ordered version. Before a search it compares the catalogue version with the
 * one it last synced at; when they differ it reads the changed products (a handful after an order)
 * and patches them in, or rebuilds when many changed. So stock and prices on a list are never older
 * than the last committed order or catalogue change, in this process or, on PostgreSQL, any other.
 *
 * Everything is answered as the SQL search (../search-service.ts) answers it: the same documents,
 * order, counts and facets, which tests/server/search/search-index.test.ts checks query by query.
 * A query this index cannot evaluate exactly (a tsquery with operators inside a phrase) is answered
 * by the SQL search.
 */
import type { Queryable } from '../../db/database';
import { LruMap } from '../answer-cache';
import { variantDocument, type SearchDocument } from '../documents';
import { CATALOGUE_LANGUAGE, fieldSpec, LANGUAGE_FIELD, type FieldSpec } from '../fields';
import {
  FACET_LIMIT,
  projectDocument,
  rangeFacetOf,
  SearchService,
  type FacetCounts,
  type RangeFacet,
  type SearchAnswer,
  type SearchOptions,
  type SolrResponse,
  type Spellcheck,
  type TypeaheadAnswer,
} from '../search-service';
import type { FilterQuery, RangeBound, Scalar, SearchQuery, SortClause } from '../solr-query';
import { SqlParams, tsquerySql } from '../sql';
import { parseIsoMoment } from '../../../core/catalog/discontinued';
import {
  compareLexemes,
  float4Number,
  matches,
  needsAnOperand,
  parseTsquery,
  parseTsvector,
  rankItems,
  tsRank,
  UnsupportedQuery,
  type QueryNode,
  type RankItem,
  type TextVector,
  type WeightMask,
} from './text-search';

/** A master product's row. Typed columns as search_documents holds them (filters and sorts use them). */
interface Master {
  readonly sku: string;
  readonly doc: SearchDocument;
  readonly vector: TextVector;
  readonly category: string;
  readonly finalPrice: number;
  readonly unitsSold: number;
  readonly launchDate: number;
  readonly rating: number;
  readonly titleSort: string;
  readonly featuredScore: number;
  readonly skusText: string;
  variants: number[];
}

/** A variant's row: the differences from its master's document. */
interface Variant {
  readonly sku: string;
  readonly master: number;
  readonly position: number;
  readonly doc: SearchDocument;
  readonly dropKeys: ReadonlySet<string>;
  readonly featuredScore: number;
  readonly skusText: string;
}

/** One document a query may answer: a master, or one of its variants. */
interface Hit {
  readonly master: Master;
  readonly variant: Variant | null;
  readonly score: number;
}

/** The catalogue's version now (server/search/catalogue-version.ts). */
export type VersionSource = () => number | Promise<number>;

export interface SearchIndexOptions {
  /** More changed products than this since the last sync: rebuild instead of patching. */
  readonly rebuildAbove?: number;
  /** Keyword texts whose tsquery and spelling are remembered (they change only with the text). */
  readonly keywordMemory?: number;
}

interface Keywords {
  readonly tree: QueryNode | null;
  readonly items: readonly RankItem[];
}

const MASTER_COLUMNS = `sku, doc, category, final_price::float8 AS final_price, units_sold,
  (extract(epoch FROM launch_date) * 1000)::float8 AS launch_ms, rating::float8 AS rating, title_sort,
  featured_score, skus_text, search_vector::text AS vector`;
const VARIANT_COLUMNS = 'sku, master_sku, position, doc, drop_keys, featured_score, skus_text';

interface MasterRow {
  sku: string;
  doc: SearchDocument;
  category: string;
  final_price: number;
  units_sold: number;
  launch_ms: number;
  rating: number;
  title_sort: string;
  featured_score: number;
  skus_text: string;
  vector: string;
}

interface VariantRow {
  sku: string;
  master_sku: string;
  position: number;
  doc: SearchDocument;
  drop_keys: string[];
  featured_score: number;
  skus_text: string;
}

const toMaster = (r: MasterRow): Master => ({
  sku: r.sku,
  doc: r.doc,
  vector: parseTsvector(r.vector),
  category: r.category,
  finalPrice: Number(r.final_price),
  unitsSold: Number(r.units_sold),
  launchDate: Number(r.launch_ms),
  rating: Number(r.rating),
  titleSort: r.title_sort,
  featuredScore: Number(r.featured_score),
  skusText: r.skus_text,
  variants: [],
});

const sameVector = (a: TextVector, b: TextVector): boolean =>
  a.lexemes.length === b.lexemes.length &&
  a.packed.length === b.packed.length &&
  a.lexemes.every((l, i) => l === b.lexemes[i]) &&
  a.packed.every((p, i) => p === b.packed[i]) &&
  a.starts.every((s, i) => s === b.starts[i]);

/** A value as `doc ->> field` prints it. */
const jsonText = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value).replace(/","/g, '", "');
};

/** `_` and `%` of LIKE, escaped with a backslash. */
const likeContains = (pattern: string): RegExp => {
  let out = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const ch = pattern[i] ?? '';
    if (ch === '\\') {
      i += 1;
      out += (pattern[i] ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    } else if (ch === '%') out += '[\\s\\S]*';
    else if (ch === '_') out += '[\\s\\S]';
    else out += ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
};

const byCountThenValue = (a: [string | null, number], b: [string | null, number]): number =>
  b[1] - a[1] || ((a[0] ?? '') < (b[0] ?? '') ? -1 : (a[0] ?? '') > (b[0] ?? '') ? 1 : 0);

/** Cents of a decimal, exactly when it has at most a few decimals (as numeric * 100 is). */
const centsOf = (value: number): number => {
  const cents = value * 100;
  const rounded = Math.round(cents);
  return Math.abs(cents - rounded) < 1e-6 ? rounded : cents;
};

export class SearchIndex {
  private masters: (Master | null)[] = [];
  private variants: Variant[] = [];
  private bySku = new Map<string, number>();
  /** lexeme → masters holding it (in order); masters changed since are in `dirty`. */
  private postings = new Map<string, Int32Array>();
  private sortedLexemes: string[] = [];
  private dirty = new Set<number>();
  /** The database's search_version the index holds, and the catalogue version it last synced at. */
  private dbVersion = -1;
  private seenVersion: number | null = null;
  private syncing: Promise<void> | null = null;
  private readonly keywordTrees: LruMap<Keywords>;
  private readonly spellings: LruMap<Omit<Spellcheck, 'suggestionExactMatch'>>;
  private readonly sql: SearchService;
  private readonly rebuildAbove: number;

  constructor(
    private readonly db: Queryable,
    private readonly version: VersionSource,
    options: SearchIndexOptions = {},
  ) {
    this.sql = new SearchService(db);
    this.rebuildAbove = options.rebuildAbove ?? 2000;
    const memory = { maxEntries: options.keywordMemory ?? 20_000, maxBytes: 32 * 1024 * 1024 };
    this.keywordTrees = new LruMap(memory);
    this.spellings = new LruMap(memory);
  }

  /** Products in the index (for the bench and tests). */
  get size(): number {
    return this.bySku.size;
  }

  // ——— freshness ———

  /** Brings the index up to the catalogue's version now (reads only what changed). */
  async fresh(): Promise<void> {
    for (;;) {
      const wanted = await this.version();
      if (wanted === this.seenVersion) return;
      if (this.syncing === null) {
        this.syncing = this.sync(wanted).finally(() => {
          this.syncing = null;
        });
      }
      await this.syncing;
      if (this.seenVersion === wanted) return;
    }
  }

  private async sync(wanted: number): Promise<void> {
    const current = await this.db.query<{ version: string }>('SELECT version FROM search_version');
    const dbVersion = Number(current.rows[0]?.version ?? 0);
    if (this.dbVersion < 0) {
      await this.rebuild(dbVersion);
    } else if (dbVersion !== this.dbVersion) {
      const changed = await this.db.query<{ master_sku: string }>(
        'SELECT DISTINCT master_sku FROM search_changes WHERE version > $1 AND version <= $2',
        [this.dbVersion, dbVersion],
      );
      const kept = await this.db.query<{ oldest: string | null }>(
        'SELECT min(version) AS oldest FROM search_changes',
      );
      const oldest = kept.rows[0]?.oldest;
      const pruned = oldest !== null && oldest !== undefined && Number(oldest) > this.dbVersion + 1;
      if (pruned || changed.rows.length > this.rebuildAbove) await this.rebuild(dbVersion);
      else
        await this.patch(
          changed.rows.map((r) => r.master_sku),
          dbVersion,
        );
    }
    this.seenVersion = wanted;
  }

  /** Reads every document (the version first: a change after it is read again at the next sync). */
  private async rebuild(dbVersion: number): Promise<void> {
    const masters = await this.db.query<MasterRow>(
      `SELECT ${MASTER_COLUMNS} FROM search_documents ORDER BY sku`,
    );
    const variants = await this.db.query<VariantRow>(
      `SELECT ${VARIANT_COLUMNS} FROM search_variant_documents ORDER BY master_sku, position`,
    );
    this.masters = masters.rows.map(toMaster);
    this.bySku = new Map(this.masters.map((m, i) => [m?.sku ?? '', i]));
    this.variants = [];
    for (const row of variants.rows) this.addVariant(row);
    this.buildPostings();
    this.spellings.clear();
    this.dbVersion = dbVersion;
  }

  private addVariant(row: VariantRow): void {
    const master = this.bySku.get(row.master_sku);
    if (master === undefined) return;
    const index = this.variants.length;
    this.variants.push({
      sku: row.sku,
      master,
      position: Number(row.position),
      doc: row.doc,
      dropKeys: new Set(row.drop_keys),
      featuredScore: Number(row.featured_score),
      skusText: row.skus_text,
    });
    this.masters[master]?.variants.push(index);
  }

  private buildPostings(): void {
    const lists = new Map<string, number[]>();
    this.masters.forEach((m, i) => {
      if (m === null) return;
      for (const lexeme of m.vector.lexemes) {
        const list = lists.get(lexeme);
        if (list === undefined) lists.set(lexeme, [i]);
        else list.push(i);
      }
    });
    this.postings = new Map([...lists].map(([lexeme, list]) => [lexeme, Int32Array.from(list)]));
    this.sortedLexemes = [...lists.keys()].sort(compareLexemes);
    this.dirty = new Set();
  }

  /** Reads the products of `skus` again; a product gone is dropped, a new one added. */
  private async patch(skus: readonly string[], dbVersion: number): Promise<void> {
    const masters = await this.db.query<MasterRow>(
      `SELECT ${MASTER_COLUMNS} FROM search_documents WHERE sku = ANY($1::text[])`,
      [[...skus]],
    );
    const variants = await this.db.query<VariantRow>(
      `SELECT ${VARIANT_COLUMNS} FROM search_variant_documents WHERE master_sku = ANY($1::text[])
       ORDER BY master_sku, position`,
      [[...skus]],
    );
    // Synchronous from here: a search never sees half a patch.
    const rows = new Map(masters.rows.map((r) => [r.sku, r]));
    let textChanged = false;
    for (const sku of skus) {
      const at = this.bySku.get(sku);
      const row = rows.get(sku);
      const old = at === undefined ? null : (this.masters[at] ?? null);
      if (old !== null) {
        // Its variants are read again below; the old ones stay unreachable.
        old.variants = [];
      }
      if (row === undefined) {
        if (at !== undefined) {
          this.masters[at] = null;
          this.bySku.delete(sku);
        }
        continue;
      }
      const next = toMaster(row);
      if (at === undefined) {
        this.bySku.set(sku, this.masters.length);
        this.dirty.add(this.masters.length);
        this.masters.push(next);
        textChanged = true;
      } else {
        if (old === null || !sameVector(old.vector, next.vector)) {
          this.dirty.add(at);
          textChanged = true;
        }
        this.masters[at] = next;
      }
    }
    for (const row of variants.rows) this.addVariant(row);
    if (textChanged) {
      this.spellings.clear();
      for (const lexeme of this.dirtyLexemes()) {
        if (!this.postings.has(lexeme)) {
          this.postings.set(lexeme, new Int32Array(0));
          this.sortedLexemes = [...this.postings.keys()].sort(compareLexemes);
        }
      }
    }
    if (this.dirty.size > this.rebuildAbove) this.buildPostings();
    if (this.variants.length > 2 * this.liveVariantCount() + 1000) this.compactVariants();
    this.dbVersion = dbVersion;
  }

  private *dirtyLexemes(): Iterable<string> {
    for (const i of this.dirty) yield* this.masters[i]?.vector.lexemes ?? [];
  }

  private liveVariantCount(): number {
    let n = 0;
    for (const m of this.masters) n += m?.variants.length ?? 0;
    return n;
  }

  private compactVariants(): void {
    const old = this.variants;
    this.variants = [];
    for (const m of this.masters) {
      if (m === null) continue;
      m.variants = m.variants.map((i) => {
        const v = old[i];
        if (v === undefined) throw new Error('variant index out of range');
        this.variants.push(v);
        return this.variants.length - 1;
      });
    }
  }

  // ——— keywords ———

  /** The query's tsquery as PostgreSQL builds it (server/search/sql.ts), remembered per text. */
  private async keywords(text: string): Promise<Keywords> {
    const known = this.keywordTrees.get(text);
    if (known !== undefined) return known;
    const p = new SqlParams();
    const r = await this.db.query<{ q: string }>(
      `SELECT (${tsquerySql(text, p)})::text AS q`,
      p.values,
    );
    const tree = parseTsquery(r.rows[0]?.q ?? '');
    const parsed = { tree, items: tree === null ? [] : rankItems(tree) };
    this.keywordTrees.set(text, parsed, text.length * 4 + 256);
    return parsed;
  }

  /** Masters that may match: those holding an operand (or every one, for a negation). */
  private candidates(tree: QueryNode): Iterable<number> {
    if (!needsAnOperand(tree)) return this.masters.keys();
    const marked = new Uint8Array(this.masters.length);
    const mark = (list: Int32Array | undefined) => {
      if (list !== undefined) for (const i of list) marked[i] = 1;
    };
    const visit = (node: QueryNode): void => {
      if (node.kind === 'term') {
        if (!node.prefix) {
          mark(this.postings.get(node.lexeme));
          return;
        }
        let lo = 0;
        let hi = this.sortedLexemes.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (compareLexemes(this.sortedLexemes[mid] ?? '', node.lexeme) < 0) lo = mid + 1;
          else hi = mid;
        }
        for (let k = lo; k < this.sortedLexemes.length; k += 1) {
          const lexeme = this.sortedLexemes[k] ?? '';
          if (!lexeme.startsWith(node.lexeme)) break;
          mark(this.postings.get(lexeme));
        }
      } else if (node.kind === 'not') visit(node.arg);
      else {
        visit(node.left);
        visit(node.right);
      }
    };
    visit(tree);
    for (const i of this.dirty) marked[i] = 1;
    const out: number[] = [];
    for (let i = 0; i < marked.length; i += 1) if (marked[i] === 1) out.push(i);
    return out;
  }

  /** Each master the keywords match, with its ts_rank: keywordSource + conditions of sql.ts. */
  private keywordMatches(
    query: SearchQuery,
    keywords: Keywords | null,
  ): Map<number, number> | null {
    if (query.keywords === null || keywords === null) return null;
    const out = new Map<number, number>();
    const { tree, items } = keywords;
    if (tree === null) return out;
    const candidates = [...this.candidates(tree)];
    let mask: WeightMask = 'all';
    for (const i of candidates) {
      const m = this.masters[i];
      if (m !== null && m !== undefined && matches(m.vector, tree, 'primary')) {
        mask = 'primary';
        break;
      }
    }
    for (const i of candidates) {
      const m = this.masters[i];
      if (m === null || m === undefined || !matches(m.vector, tree, mask)) continue;
      out.set(i, tsRank(m.vector, tree, items));
    }
    return out;
  }

  // ——— documents ———

  /** The field of a master or a variant's document ((master - drop_keys) || own). */
  private static field(hit: Pick<Hit, 'master' | 'variant'>, name: string): unknown {
    const v = hit.variant;
    if (v !== null) {
      if (Object.hasOwn(v.doc, name)) return v.doc[name];
      if (v.dropKeys.has(name)) return undefined;
    }
    return Object.hasOwn(hit.master.doc, name) ? hit.master.doc[name] : undefined;
  }

  private static has(hit: Pick<Hit, 'master' | 'variant'>, name: string): boolean {
    const v = hit.variant;
    if (v !== null) {
      if (Object.hasOwn(v.doc, name)) return true;
      if (v.dropKeys.has(name)) return false;
    }
    return Object.hasOwn(hit.master.doc, name);
  }

  /** A typed column of search_documents (always the master's), by its constant name in fields.ts. */
  private static column(master: Master, column: string): number | string | null {
    switch (column) {
      case 'category':
        return master.category;
      case 'final_price':
        return master.finalPrice;
      case 'units_sold':
        return master.unitsSold;
      case 'launch_date':
        return master.launchDate;
      case 'rating':
        return master.rating;
      case 'title_sort':
        return master.titleSort;
      default:
        throw new Error(`no column ${column}`);
    }
  }

  /** A number or date field as a number (epoch ms for dates), or null: `(doc ->> f)::numeric`. */
  private static typed(hit: Hit, name: string, spec: FieldSpec): number | null {
    if (spec.column !== undefined) {
      const value = SearchIndex.column(hit.master, spec.column);
      return typeof value === 'number' ? value : null;
    }
    const value = SearchIndex.field(hit, name);
    if (value === undefined || value === null) return null;
    if (spec.type === 'date') {
      const at = typeof value === 'string' ? parseIsoMoment(value) : null;
      return at;
    }
    const n = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(n) ? n : null;
  }

  private static boundValue(bound: RangeBound, spec: FieldSpec): number {
    if (spec.type === 'date') return parseIsoMoment(String(bound.value)) ?? Number.NaN;
    return Number(bound.value);
  }

  private static termMatches(hit: Hit, name: string, spec: FieldSpec, value: Scalar): boolean {
    if (spec.type === 'date') {
      const at = SearchIndex.typed(hit, name, spec);
      return at !== null && at === parseIsoMoment(String(value));
    }
    if (spec.type === 'string' && spec.column !== undefined) {
      return SearchIndex.column(hit.master, spec.column) === String(value);
    }
    const held = SearchIndex.field(hit, name);
    if (spec.type === 'strings') {
      return Array.isArray(held) && held.some((element) => element === value);
    }
    return held === value;
  }

  /** filterSql of sql.ts: a negated filter keeps documents without the field too. */
  private static passes(hit: Hit, f: FilterQuery): boolean {
    const positive = ((): boolean => {
      if (f.spec === null) {
        if (f.field !== LANGUAGE_FIELD || f.value.kind === 'range') return false;
        if (f.value.kind === 'exists') return true;
        return f.value.values.some((v) => String(v) === CATALOGUE_LANGUAGE);
      }
      const spec = f.spec;
      switch (f.value.kind) {
        case 'exists':
          return SearchIndex.has(hit, f.field);
        case 'terms':
          return f.value.values.some((v) => SearchIndex.termMatches(hit, f.field, spec, v));
        case 'range': {
          const { from, to } = f.value;
          if (from === null && to === null) return SearchIndex.has(hit, f.field);
          const value = SearchIndex.typed(hit, f.field, spec);
          if (value === null) return false;
          if (from !== null) {
            const b = SearchIndex.boundValue(from, spec);
            if (!(from.inclusive ? value >= b : value > b)) return false;
          }
          if (to !== null) {
            const b = SearchIndex.boundValue(to, spec);
            if (!(to.inclusive ? value <= b : value < b)) return false;
          }
          return true;
        }
      }
    })();
    return f.negate ? !positive : positive;
  }

  // ——— the search ———

  /** GET /api/search/plp and full-catalog: as SearchService.search answers. */
  async search(query: SearchQuery, options: SearchOptions = {}): Promise<SearchAnswer> {
    const began = performance.now();
    let keywords: Keywords | null = null;
    if (query.keywords !== null && !query.skuSearch) {
      try {
        keywords = await this.keywords(query.keywords);
      } catch (error) {
        if (error instanceof UnsupportedQuery) return this.sql.search(query, options);
        throw error;
      }
    }
    await this.fresh();
    let result: { response: SolrResponse; facets: (() => FacetCounts) | null };
    try {
      result = this.compute(query, keywords, options.facets !== false);
    } catch (error) {
      if (error instanceof UnsupportedQuery) return this.sql.search(query, options);
      throw error;
    }
    const { response, facets } = result;
    const count = options.countFacets ?? ((compute) => compute());
    const facetCounts = facets === null ? undefined : await count(() => Promise.resolve(facets()));
    const spellcheck =
      query.spellcheck && query.keywords !== null
        ? await this.spellcheck(query.keywords, response.numFound)
        : undefined;
    return {
      responseHeader: { status: 0, QTime: Math.round(performance.now() - began) },
      response,
      ...(facetCounts === undefined ? {} : { facet_counts: facetCounts }),
      ...(spellcheck === undefined ? {} : { spellcheck }),
    };
  }

  /** GET /api/search/typeahead: products from the index, completions from the vocabulary. */
  async typeahead(
    keywords: string,
    rows: number,
    fields: readonly string[] | null,
  ): Promise<TypeaheadAnswer> {
    const query: SearchQuery = {
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
    };
    const [answer, suggestions] = await Promise.all([
      this.search(query, { facets: false }),
      this.sql.suggestions(keywords, rows),
    ]);
    return {
      suggestions,
      response: { numFound: answer.response.numFound, docs: answer.response.docs },
    };
  }

  /** Spelling depends only on the vocabulary: remembered per text until the text changes. */
  private async spellcheck(keywords: string, numFound: number): Promise<Spellcheck> {
    let known = this.spellings.get(keywords);
    if (known === undefined) {
      const { correctlySpelled, collations } = await this.sql.spellcheck(keywords, numFound);
      known = { correctlySpelled, collations };
      this.spellings.set(keywords, known, keywords.length * 4 + 256);
    }
    return { ...known, suggestionExactMatch: numFound > 0 };
  }

  /** The answer's documents and (lazily) its facet counts, in one pass over the index. */
  private compute(
    query: SearchQuery,
    keywords: Keywords | null,
    wantFacets: boolean,
  ): { response: SolrResponse; facets: (() => FacetCounts) | null } {
    const byKeywords = query.skuSearch ? null : this.keywordMatches(query, keywords);
    const sku = query.skuSearch && query.keywords !== null ? query.keywords.toUpperCase() : null;
    const skuMatch = sku === null ? null : likeContains(`% ${sku}%`);
    const skuExact = sku === null ? null : likeContains(`% ${sku} %`);

    // Every document the keywords keep, with whether the filters keep it: 'all' (every filter),
    // the one field whose filters alone refuse it (it counts in that field's facet), or 'none'.
    const matched: Hit[] = [];
    const nearly: { hit: Hit; field: string }[] = [];
    const consider = (hit: Hit) => {
      let failed: string | null = null;
      for (const f of query.filters) {
        if (SearchIndex.passes(hit, f)) continue;
        if (failed === null) failed = f.field;
        else if (failed !== f.field) return;
      }
      if (failed === null) matched.push(hit);
      else nearly.push({ hit, field: failed });
    };
    const masterIndexes: Iterable<number> =
      byKeywords === null ? this.masters.keys() : byKeywords.keys();
    for (const i of masterIndexes) {
      const master = this.masters[i];
      if (master === null || master === undefined) continue;
      const keywordScore = byKeywords === null ? 1 : (byKeywords.get(i) ?? 0);
      if (query.noCollapse) {
        for (const vi of master.variants) {
          const variant = this.variants[vi];
          if (variant === undefined) continue;
          const score = this.skuScore(variant.skusText, skuMatch, skuExact) ?? keywordScore;
          if (score === 0 && skuMatch !== null) continue;
          consider({ master, variant, score });
        }
      } else {
        const score = this.skuScore(master.skusText, skuMatch, skuExact) ?? keywordScore;
        if (score === 0 && skuMatch !== null) continue;
        consider({ master, variant: null, score });
      }
    }

    const sorted = this.sort(matched, query);
    const page = query.rows === 0 ? [] : sorted.slice(query.start, query.start + query.rows);
    const docs = page.map((hit) =>
      projectDocument(this.documentOf(hit), query.fields, float4Number(hit.score)),
    );
    const response = { numFound: matched.length, start: query.start, docs };
    if (!wantFacets) return { response, facets: null };
    return { response, facets: () => this.facets(query, matched, nearly) };
  }

  /** skuSearch's score (2 exact, 1 prefix, 0 no match), or null when not a SKU search. */
  private skuScore(skusText: string, match: RegExp | null, exact: RegExp | null): number | null {
    if (match === null || exact === null) return null;
    if (!match.test(skusText)) return 0;
    return exact.test(skusText) ? 2 : 1;
  }

  private documentOf(hit: Hit): SearchDocument {
    if (hit.variant === null) return hit.master.doc;
    return variantDocument(hit.master.doc, {
      doc: hit.variant.doc,
      dropKeys: [...hit.variant.dropKeys],
    });
  }

  // ——— sorting (orderBySql) ———

  private sort(hits: Hit[], query: SearchQuery): Hit[] {
    type Key = (hit: Hit) => number | string | boolean | null;
    const clauses: { key: Key; desc: boolean }[] =
      query.sort.length > 0
        ? query.sort.map((c) => ({ key: this.sortKey(c), desc: c.direction === 'desc' }))
        : [
            ...(query.keywords !== null ? [{ key: (h: Hit) => h.score, desc: true }] : []),
            { key: (h: Hit) => (h.variant ?? h.master).featuredScore, desc: true },
          ];
    const keyed = hits.map((hit) => ({
      hit,
      keys: clauses.map((c) => c.key(hit)),
      sku: (hit.variant ?? hit.master).sku,
    }));
    keyed.sort((a, b) => {
      for (let i = 0; i < clauses.length; i += 1) {
        const x = a.keys[i] ?? null;
        const y = b.keys[i] ?? null;
        if (x === y) continue;
        // NULLS LAST in either direction.
        if (x === null) return 1;
        if (y === null) return -1;
        const order = x < y ? -1 : x > y ? 1 : 0;
        if (order !== 0) return clauses[i]?.desc === true ? -order : order;
      }
      return compareLexemes(a.sku, b.sku);
    });
    return keyed.map((k) => k.hit);
  }

  private sortKey(c: SortClause): (hit: Hit) => number | string | boolean | null {
    const spec = c.spec;
    if (spec === null) return (hit) => hit.score;
    if (spec.sortColumn !== undefined) {
      const column = spec.sortColumn;
      return (hit) => SearchIndex.column(hit.master, column);
    }
    switch (spec.type) {
      case 'number':
      case 'date':
        return (hit) => SearchIndex.typed(hit, c.field, spec);
      case 'boolean':
        return (hit) => {
          const text = jsonText(SearchIndex.field(hit, c.field));
          return text === null ? null : text === 'true';
        };
      default:
        return (hit) => jsonText(SearchIndex.field(hit, c.field))?.toLowerCase() ?? null;
    }
  }

  // ——— facets ———

  private facets(
    query: SearchQuery,
    matched: readonly Hit[],
    nearly: readonly { hit: Hit; field: string }[],
  ): FacetCounts {
    /** The documents a facet on `field` counts: every filter but those on `field` keeps them. */
    const countedFor = function* (field: string): Iterable<Hit> {
      yield* matched;
      for (const n of nearly) if (n.field === field) yield n.hit;
    };
    const facet_fields: Record<string, (string | number)[]> = {};
    for (const field of query.facetFields) {
      const counts = new Map<string | null, number>();
      const add = (value: string | null) => counts.set(value, (counts.get(value) ?? 0) + 1);
      const strings = fieldSpec(field)?.type === 'strings';
      for (const hit of countedFor(field)) {
        const value = SearchIndex.field(hit, field);
        if (strings) {
          if (Array.isArray(value)) for (const element of value) add(jsonText(element));
        } else if (SearchIndex.has(hit, field)) add(jsonText(value));
      }
      facet_fields[field] = ([...counts] as [string | null, number][])
        .sort(byCountThenValue)
        .slice(0, FACET_LIMIT)
        .flat() as (string | number)[];
    }
    const facet_ranges: Record<string, RangeFacet> = {};
    const range = query.facetRange;
    if (range !== null) {
      const buckets = new Map<number, number>();
      for (const hit of countedFor(range.field)) {
        const value = SearchIndex.typed(hit, range.field, range.spec);
        if (value === null) continue;
        const bucket = Math.floor(centsOf(value) / range.gapCents);
        buckets.set(bucket, (buckets.get(bucket) ?? 0) + 1);
      }
      const rows = [...buckets].sort((a, b) => a[0] - b[0]);
      facet_ranges[range.field] = rangeFacetOf(rows, range.gapCents);
    }
    return { facet_fields, facet_ranges };
  }
}
