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
import {
  CATALOGUE_LANGUAGE,
  fieldSpec,
  LANGUAGE_FIELD,
  SCORE_FIELD,
  SEARCH_FIELDS,
  type FieldSpec,
} from '../fields';
import {
  FACET_LIMIT,
  projectDocument,
  rangeFacetOf,
  searchAnswer,
  SearchService,
  typeaheadQuery,
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
  compileQuery,
  entriesFromVector,
  float4Number,
  matchesEntries,
  parseTsquery,
  parseTsvector,
  tsRank,
  UnsupportedQuery,
  type CompiledQuery,
  type DocEntries,
  type PosList,
  type TextVector,
  type WeightMask,
} from './text-search';
import { firstInOrder as firstOf, SortOrder, type OrderSource, type SortValue } from './orders';

/** A master product's row. Typed columns as search_documents holds them (filters and sorts use them). */
interface Master {
  readonly sku: string;
  readonly doc: SearchDocument;
  /** search_vector as text: compared on a patch, parsed when the product is dirty. */
  readonly vectorText: string;
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
  /** The master's place in the index. */
  readonly index: number;
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

/** A keyword text's query, compiled (null: no lexemes, nothing matches). */
interface Keywords {
  readonly query: CompiledQuery | null;
  /** Its weight mask (keywordMask), as of the index's text generation `at`. */
  mask?: { readonly at: number; readonly mask: WeightMask };
}

/** One lexeme's postings: the products holding it (ascending) and their positions there. */
interface Postings {
  readonly docs: Int32Array;
  /** positions of docs[k]: packed[starts[k] .. starts[k + 1]) */
  readonly starts: Uint32Array;
  readonly packed: Uint16Array;
}

/** Facet values of one field over the masters, as value ids (built on first use). */
interface Column {
  readonly values: (string | null)[];
  readonly ids: Map<string | null, number>;
  /** Per master: its value id, its values' ids (multi-valued fields), or undefined (no field). */
  readonly perDoc: (number | number[] | undefined)[];
  readonly multi: boolean;
  /**
   * The one JavaScript type of every value held (elements, for a multi-valued field; null aside),
   * or 'mixed': with one type, `held === value` is a comparison of value ids.
   */
  type: 'string' | 'number' | 'boolean' | 'none' | 'mixed';
}

/** The typed columns of search_documents, per master, as numbers (and `featured`, its featured_score). */
type NumberColumn = 'final_price' | 'units_sold' | 'launch_date' | 'rating' | 'featured';
const NUMBER_COLUMNS: readonly NumberColumn[] = [
  'final_price',
  'units_sold',
  'launch_date',
  'rating',
  'featured',
];

/**
 * The sorts whose orders are made when the index is built: featured, by SKU alone (after a score),
 * and each typed column's. Other sorts take compute's general pass.
 */
const SORTED_ORDERS: readonly (readonly SortClause[] | null)[] = [
  null,
  [],
  ...Object.entries(SEARCH_FIELDS)
    .filter(([, spec]) => spec.sortColumn !== undefined || spec.column !== undefined)
    .flatMap(([field, spec]) =>
      (['asc', 'desc'] as const).map((direction) => [{ field, spec, direction }]),
    ),
];

/** Facet columns made when the index is built: the lists' facets and every boolean field. */
const PREBUILT_COLUMNS: readonly string[] = [
  'category_s',
  'finish_ss',
  'brand_s',
  'collection_s',
  ...Object.entries(SEARCH_FIELDS)
    .filter(([, spec]) => spec.type === 'boolean')
    .map(([field]) => field),
];

/** A filter of a master-only list as a test of a master's place. */
type MasterTest = (index: number) => boolean;

const MASTER_COLUMNS = `sku, doc, category, final_price::float8 AS final_price, units_sold,
  (extract(epoch FROM launch_date) * 1000)::float8 AS launch_ms, rating::float8 AS rating, title_sort,
  featured_score, skus_text, search_vector::text AS vector`;
/** A lexeme first seen in a patched product: only dirty products hold it. */
const EMPTY_POSTINGS: Postings = {
  docs: new Int32Array(0),
  starts: new Uint32Array(1),
  packed: new Uint16Array(0),
};

/** Products read per query when the index is built. */
const PAGE = 2000;
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
  vectorText: r.vector,
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

/**
 * A facet's `[value, count, …]` list: the values with a count above 0 (by value id in `counts`,
 * and any counted by value in `extra`), most counted first, ties by value, at most FACET_LIMIT.
 */
const facetList = (
  values: readonly (string | null)[],
  counts: Int32Array,
  extra: Iterable<[string | null, number]> = [],
): (string | number)[] => {
  const pairs: [string | null, number][] = [...extra];
  values.forEach((value, id) => {
    const n = counts[id] ?? 0;
    if (n > 0) pairs.push([value, n]);
  });
  return pairs.sort(byCountThenValue).slice(0, FACET_LIMIT).flat() as (string | number)[];
};

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
  /** lexeme → its postings; the text of masters in `dirty` changed since, and is read from them. */
  private postings = new Map<string, Postings>();
  private sortedLexemes: string[] = [];
  private dirty = new Map<number, TextVector>();
  /**
   * Per master's place, typed: 1 where a product is (not a removed one's place), 1 where its text
   * is read from `dirty`, its number columns, its category's id. Filters, sorts and facets of a
   * list of masters read these rather than the objects.
   */
  private present = new Uint8Array(0);
  private stale = new Uint8Array(0);
  private numbers = new Map<NumberColumn, Float64Array>();
  private categoryOf = new Int32Array(0);
  private categoryIds = new Map<string, number>();
  /** Orders of the masters per sort (by its clauses), made on first use and patched after. */
  private orders = new Map<string, { order: SortOrder; source: OrderSource }>();
  /** Scratch: a list's ts_rank per master's place, valid for the places of that list only. */
  private scores = new Float64Array(0);
  /** Scratch: a list's keyword matches, by place. */
  private places = new Int32Array(0);
  /** Scratch: places marked as holding a lexeme of a query, cleared after each. */
  private marks = new Uint8Array(0);
  /** Moves whenever a product's text changes: a keyword text's weight mask holds until then. */
  private textGeneration = 0;
  private columns = new Map<string, Column>();
  /** category → its masters, made on first use; dropped when a product's category changes. */
  private categories: Map<string, number[]> | null = null;
  /** The database's search_version the index holds, and the catalogue version it last synced at. */
  private dbVersion = -1;
  private seenVersion: number | null = null;
  private syncing: Promise<void> | null = null;
  /** Variants of products patched since, left in `variants` until the next compaction. */
  private unreachableVariants = 0;
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
      // The products changed since, and the oldest change still logged: a log pruned past what
      // this index holds can no longer say what changed, so it is read whole again.
      const log = await this.db.query<{ oldest: string | null; skus: string[] }>(
        `SELECT (SELECT min(version) FROM search_changes) AS oldest,
           ARRAY(SELECT DISTINCT master_sku FROM search_changes
                 WHERE version > $1 AND version <= $2) AS skus`,
        [this.dbVersion, dbVersion],
      );
      const oldest = log.rows[0]?.oldest ?? null;
      const skus = log.rows[0]?.skus ?? [];
      const pruned = oldest !== null && Number(oldest) > this.dbVersion + 1;
      if (pruned || skus.length > this.rebuildAbove) await this.rebuild(dbVersion);
      else await this.patch(skus, dbVersion);
    }
    this.seenVersion = wanted;
  }

  /**
   * Reads every document, a page of products at a time, yielding between pages: at 100,000
   * products neither the database (embedded, it runs on this thread) nor the parsing holds the
   * event loop for long. The version is read first: a change committed after it is read again at
   * the next sync.
   */
  private async rebuild(dbVersion: number): Promise<void> {
    const masters: Master[] = [];
    const variantRows: VariantRow[] = [];
    let after = '';
    for (;;) {
      const page = await this.db.query<MasterRow>(
        `SELECT ${MASTER_COLUMNS} FROM search_documents WHERE sku > $1 ORDER BY sku LIMIT $2`,
        [after, PAGE],
      );
      const last = page.rows.at(-1);
      if (last === undefined) break;
      const variants = await this.db.query<VariantRow>(
        `SELECT ${VARIANT_COLUMNS} FROM search_variant_documents
         WHERE master_sku > $1 AND master_sku <= $2 ORDER BY master_sku, position`,
        [after, last.sku],
      );
      for (const row of page.rows) masters.push(toMaster(row));
      variantRows.push(...variants.rows);
      after = last.sku;
      await new Promise((resolve) => setImmediate(resolve));
      if (page.rows.length < PAGE) break;
    }
    const postings = await SearchIndex.buildPostings(masters);
    // Synchronous from here: a search never sees half an index.
    this.masters = masters;
    this.bySku = new Map(masters.map((m, i) => [m.sku, i]));
    this.variants = [];
    this.unreachableVariants = 0;
    for (const row of variantRows) this.addVariant(row);
    this.postings = postings;
    this.textGeneration += 1;
    this.sortedLexemes = [...postings.keys()].sort(compareLexemes);
    this.dirty = new Map();
    this.columns = new Map();
    this.categories = null;
    this.orders = new Map();
    this.allocateRows(masters.length);
    masters.forEach((m, i) => this.writeRow(i, m));
    this.spellings.clear();
    this.dbVersion = dbVersion;
    // The orders of the featured list and of every sort on a typed column, made now rather than
    // by the first list sorted so, yielding between them.
    for (const sort of SORTED_ORDERS) {
      this.orderOf(sort);
      await new Promise((resolve) => setImmediate(resolve));
    }
    // So are the value ids of the lists' facets and of every yes/no field (on-sale, in-stock…).
    for (const field of PREBUILT_COLUMNS) {
      this.columnOf(field);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Typed rows for `capacity` places, empty (a rebuild writes each). */
  private allocateRows(capacity: number): void {
    this.present = new Uint8Array(capacity);
    this.stale = new Uint8Array(capacity);
    this.categoryOf = new Int32Array(capacity);
    this.categoryIds = new Map();
    this.numbers = new Map(NUMBER_COLUMNS.map((c) => [c, new Float64Array(capacity)]));
    this.scores = new Float64Array(capacity);
    this.places = new Int32Array(capacity);
  }

  /** A master's typed row (null: no product at that place any more), growing the rows to hold it. */
  private writeRow(index: number, master: Master | null): void {
    if (index >= this.present.length) {
      const capacity = Math.max(1024, index * 2);
      const grow = <T extends Uint8Array | Int32Array | Float64Array>(old: T, made: T): T => {
        made.set(old);
        return made;
      };
      this.present = grow(this.present, new Uint8Array(capacity));
      this.stale = grow(this.stale, new Uint8Array(capacity));
      this.categoryOf = grow(this.categoryOf, new Int32Array(capacity));
      for (const [c, column] of this.numbers) {
        this.numbers.set(c, grow(column, new Float64Array(capacity)));
      }
      this.scores = new Float64Array(capacity);
      this.places = new Int32Array(capacity);
    }
    this.present[index] = master === null ? 0 : 1;
    this.stale[index] = master !== null && this.dirty.has(index) ? 1 : 0;
    if (master === null) return;
    let category = this.categoryIds.get(master.category);
    if (category === undefined) {
      category = this.categoryIds.size;
      this.categoryIds.set(master.category, category);
    }
    this.categoryOf[index] = category;
    for (const [c, column] of this.numbers) {
      column[index] = c === 'featured' ? master.featuredScore : SearchIndex.numberColumn(master, c);
    }
  }

  private static numberColumn(master: Master, column: Exclude<NumberColumn, 'featured'>): number {
    const value = SearchIndex.column(master, column);
    if (typeof value !== 'number') throw new Error(`column ${column} is not a number`);
    return value;
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

  /** The positional postings of every lexeme, yielding to the event loop between slices. */
  private static async buildPostings(
    masters: readonly (Master | null)[],
  ): Promise<Map<string, Postings>> {
    const lists = new Map<string, { docs: number[]; starts: number[]; packed: number[] }>();
    for (let i = 0; i < masters.length; i += 1) {
      const m = masters[i];
      if (m !== null && m !== undefined) {
        const vector = parseTsvector(m.vectorText);
        vector.lexemes.forEach((lexeme, e) => {
          let list = lists.get(lexeme);
          if (list === undefined) {
            list = { docs: [], starts: [], packed: [] };
            lists.set(lexeme, list);
          }
          list.docs.push(i);
          list.starts.push(list.packed.length);
          for (let k = vector.starts[e] ?? 0; k < (vector.starts[e + 1] ?? 0); k += 1) {
            list.packed.push(vector.packed[k] ?? 0);
          }
        });
      }
      if (i % PAGE === PAGE - 1) await new Promise((resolve) => setImmediate(resolve));
    }
    const out = new Map<string, Postings>();
    for (const [lexeme, list] of lists) {
      list.starts.push(list.packed.length);
      out.set(lexeme, {
        docs: Int32Array.from(list.docs),
        starts: Uint32Array.from(list.starts),
        packed: Uint16Array.from(list.packed),
      });
    }
    return out;
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
    let newLexemes = false;
    const changed: number[] = [];
    for (const sku of skus) {
      const at = this.bySku.get(sku);
      const row = rows.get(sku);
      const old = at === undefined ? null : (this.masters[at] ?? null);
      if (old !== null) {
        // Its variants are read again below; the old ones stay unreachable.
        this.unreachableVariants += old.variants.length;
        old.variants = [];
      }
      if (row === undefined) {
        if (at !== undefined) {
          this.masters[at] = null;
          this.bySku.delete(sku);
          this.dirty.delete(at);
          for (const column of this.columns.values()) column.perDoc[at] = undefined;
          this.writeRow(at, null);
          changed.push(at);
          this.textGeneration += 1;
        }
        continue;
      }
      const next = toMaster(row);
      const index = at ?? this.masters.length;
      if (old?.category !== next.category) this.categories = null;
      if (at === undefined) {
        this.bySku.set(sku, index);
        this.masters.push(next);
      } else {
        this.masters[at] = next;
      }
      if (old === null || old.vectorText !== next.vectorText || this.dirty.has(index)) {
        const vector = parseTsvector(next.vectorText);
        this.dirty.set(index, vector);
        textChanged = true;
        this.textGeneration += 1;
        for (const lexeme of vector.lexemes) {
          if (!this.postings.has(lexeme)) {
            this.postings.set(lexeme, EMPTY_POSTINGS);
            newLexemes = true;
          }
        }
      }
      for (const [field, column] of this.columns) this.fillColumn(field, column, index);
      this.writeRow(index, next);
      changed.push(index);
    }
    for (const row of variants.rows) this.addVariant(row);
    for (const [key, { order, source }] of this.orders) {
      const moved = { order: order.patched(changed, source), source };
      this.orders.set(key, moved);
    }
    if (newLexemes) this.sortedLexemes = [...this.postings.keys()].sort(compareLexemes);
    if (textChanged) this.spellings.clear();
    if (this.dirty.size > this.rebuildAbove) {
      this.postings = await SearchIndex.buildPostings(this.masters);
      this.sortedLexemes = [...this.postings.keys()].sort(compareLexemes);
      this.dirty = new Map();
      this.stale.fill(0);
    }
    if (this.unreachableVariants > this.variants.length / 2 + 1000) this.compactVariants();
    this.dbVersion = dbVersion;
  }

  private compactVariants(): void {
    const old = this.variants;
    this.variants = [];
    this.unreachableVariants = 0;
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
    const parsed = { query: tree === null ? null : compileQuery(tree) };
    this.keywordTrees.set(text, parsed, text.length * 4 + 256);
    return parsed;
  }

  /**
   * Calls `visit` with each product the query may match — those holding an operand, or every one
   * for a negation — in ascending order, with its positions per operand: read from the postings
   * by one cursor per lexeme, or from the vector of a product whose text changed since. `visit`
   * answers false to stop.
   */
  private eachCandidate(
    query: CompiledQuery,
    visit: (index: number, entries: DocEntries) => boolean,
  ): void {
    const lists: Postings[][] = query.operands.map((operand) => {
      if (!operand.prefix) {
        const p = this.postings.get(operand.lexeme);
        return p === undefined ? [] : [p];
      }
      const out: Postings[] = [];
      let lo = 0;
      let hi = this.sortedLexemes.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (compareLexemes(this.sortedLexemes[mid] ?? '', operand.lexeme) < 0) lo = mid + 1;
        else hi = mid;
      }
      for (let k = lo; k < this.sortedLexemes.length; k += 1) {
        const lexeme = this.sortedLexemes[k] ?? '';
        if (!lexeme.startsWith(operand.lexeme)) break;
        const p = this.postings.get(lexeme);
        if (p !== undefined) out.push(p);
      }
      return out;
    });
    const n = this.masters.length;
    const { present, stale } = this;
    const all = lists.flat();
    const only = all.length === 1 && lists.length === 1 ? all[0] : undefined;
    if (query.needsAnOperand && only !== undefined) {
      // One lexeme (the usual keyword): its postings are the candidates, in order.
      const ref: PosList = { packed: only.packed, from: 0, to: 0 };
      const entries: PosList[][] = [[ref]];
      const { docs, starts } = only;
      for (let c = 0; c < docs.length; c += 1) {
        const d = docs[c] ?? 0;
        if (present[d] !== 1 || stale[d] === 1) continue;
        ref.from = starts[c] ?? 0;
        ref.to = starts[c + 1] ?? 0;
        if (!visit(d, entries)) return;
      }
      this.visitDirty(query, visit);
      return;
    }
    // An operand every match holds, of one lexeme: its postings are the candidates (the shortest
    // such, e.g. the rarer word of two). Else the places holding any operand are marked.
    let driver: Int32Array | null = null;
    for (const id of query.required) {
      const list = lists[id] ?? [];
      if (list.length === 0) {
        // No product holds it: only a product whose text changed since may match.
        this.visitDirty(query, visit);
        return;
      }
      const docs = list.length === 1 ? (list[0] as Postings).docs : null;
      if (docs !== null && (driver === null || docs.length < driver.length)) driver = docs;
    }
    if (driver !== null) {
      this.visitEach(lists, driver.length, (k) => driver[k] ?? 0, visit);
      this.visitDirty(query, visit);
      return;
    }
    let marked: Uint8Array | null = null;
    if (query.needsAnOperand) {
      if (this.marks.length < n) this.marks = new Uint8Array(n);
      marked = this.marks;
      for (const p of all) for (const d of p.docs) marked[d] = 1;
    }
    try {
      const marks = marked;
      this.visitEach(lists, n, (d) => (marks === null || marks[d] === 1 ? d : -1), visit);
    } finally {
      // The scratch marks are left clear for the next query.
      if (marked !== null) for (const p of all) SearchIndex.unmark(marked, p.docs);
    }
    this.visitDirty(query, visit);
  }

  private static unmark(marked: Uint8Array, docs: Int32Array): void {
    for (let c = 0; c < docs.length; c += 1) marked[docs[c] ?? 0] = 0;
  }

  private visitDirty(
    query: CompiledQuery,
    visit: (index: number, entries: DocEntries) => boolean,
  ): void {
    for (const [d, vector] of this.dirty) {
      if (!visit(d, entriesFromVector(vector, query))) return;
    }
  }

  /**
   * eachCandidate over the postings, one cursor per lexeme: the places `placeAt(0 .. count - 1)`
   * gives, ascending (-1: none there).
   */
  private visitEach(
    lists: readonly (readonly Postings[])[],
    count: number,
    placeAt: (k: number) => number,
    visit: (index: number, entries: DocEntries) => boolean,
  ): void {
    const { present, stale } = this;
    const cursors = lists.map((list) => new Int32Array(list.length));
    // One list object per operand and lexeme, reused from document to document: `visit` reads
    // them before the next document is read.
    const refs: PosList[][] = lists.map((list) =>
      list.map((p) => ({ packed: p.packed, from: 0, to: 0 })),
    );
    const entries: PosList[][] = lists.map(() => []);
    // An operand of one lexeme (all but prefixes) has its one list or none: two fixed arrays.
    const held: PosList[][] = refs.map((r) => (r.length === 1 ? r : []));
    const none: PosList[] = [];
    for (let at = 0; at < count; at += 1) {
      const d = placeAt(at);
      if (d < 0 || present[d] !== 1 || stale[d] === 1) continue;
      for (let id = 0; id < lists.length; id += 1) {
        const list = lists[id] as Postings[];
        const cursor = cursors[id] as Int32Array;
        if (list.length === 1) {
          const p = list[0] as Postings;
          let c = cursor[0] ?? 0;
          while (c < p.docs.length && (p.docs[c] ?? 0) < d) c += 1;
          cursor[0] = c;
          if (p.docs[c] === d) {
            const ref = (refs[id] as PosList[])[0] as PosList;
            ref.from = p.starts[c] ?? 0;
            ref.to = p.starts[c + 1] ?? 0;
            entries[id] = held[id] as PosList[];
          } else entries[id] = none;
          continue;
        }
        const out = entries[id] as PosList[];
        out.length = 0;
        for (let k = 0; k < list.length; k += 1) {
          const p = list[k] as Postings;
          let c = cursor[k] ?? 0;
          while (c < p.docs.length && (p.docs[c] ?? 0) < d) c += 1;
          cursor[k] = c;
          if (p.docs[c] === d) {
            const ref = (refs[id] as PosList[])[k] as PosList;
            ref.from = p.starts[c] ?? 0;
            ref.to = p.starts[c + 1] ?? 0;
            out.push(ref);
          }
        }
      }
      if (!visit(d, entries)) return;
    }
  }

  /**
   * Keywords match title, SKUs, category, brand, collection and finishes (weights A and B) when any
   * product has them there ('primary'); only otherwise the whole text ('all'). Remembered with the
   * keywords until a product's text changes.
   */
  private keywordMask(keywords: Keywords, compiled: CompiledQuery): WeightMask {
    if (keywords.mask?.at === this.textGeneration) return keywords.mask.mask;
    let mask: WeightMask = 'all';
    this.eachCandidate(compiled, (_d, entries) => {
      if (!matchesEntries(compiled.tree, entries, 'primary')) return true;
      mask = 'primary';
      return false;
    });
    keywords.mask = { at: this.textGeneration, mask };
    return mask;
  }

  /** Each master the keywords match, with its ts_rank: keywordSource + conditions of sql.ts. */
  private keywordMatches(
    query: SearchQuery,
    keywords: Keywords | null,
    needsScore: boolean,
  ): Map<number, number> | null {
    if (query.keywords === null || keywords === null) return null;
    const out = new Map<number, number>();
    const compiled = keywords.query;
    if (compiled === null) return out;
    // Keywords match title, SKUs, category, brand, collection and finishes (weights A and B) when
    // any product has them there; only otherwise the whole text.
    const mask = this.keywordMask(keywords, compiled);
    this.eachCandidate(compiled, (d, entries) => {
      if (matchesEntries(compiled.tree, entries, mask)) {
        out.set(d, needsScore ? tsRank(compiled, entries, this.masters[d]?.vectorText !== '') : 0);
      }
      return true;
    });
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

  /**
   * The masters of the categories a list filters on (`category_s:…`, not negated), when that filter
   * may decide which products are looked at: a list, not variants (whose category is their
   * master's anyway, but which are many), and no facet counting the products that filter refuses.
   */
  private byCategoryFilter(query: SearchQuery, wantFacets: boolean): number[] | null {
    const filter = SearchIndex.narrowingCategories(query, wantFacets);
    if (filter === null || filter.value.kind !== 'terms') return null;
    if (this.categories === null) {
      const built = new Map<string, number[]>();
      this.masters.forEach((m, i) => {
        if (m === null) return;
        const list = built.get(m.category);
        if (list === undefined) built.set(m.category, [i]);
        else list.push(i);
      });
      this.categories = built;
    }
    const values = new Set(filter.value.values.map(String));
    return [...values].flatMap((v) => this.categories?.get(v) ?? []);
  }

  /** The category filter that may decide which products are looked at (byCategoryFilter), if any. */
  private static narrowingCategories(query: SearchQuery, wantFacets: boolean): FilterQuery | null {
    if (query.noCollapse) return null;
    const filter = query.filters.find(
      (f) => f.field === 'category_s' && !f.negate && f.value.kind === 'terms',
    );
    if (filter === undefined || filter.value.kind !== 'terms') return null;
    if (
      wantFacets &&
      (query.facetFields.includes('category_s') || query.facetRange?.field === 'category_s')
    ) {
      return null;
    }
    return filter;
  }

  // ——— facet columns ———

  /** The facet values of `field` for every master, made on first use and patched after. */
  private columnOf(field: string): Column {
    let column = this.columns.get(field);
    if (column === undefined) {
      column = {
        values: [],
        ids: new Map(),
        perDoc: [],
        multi: fieldSpec(field)?.type === 'strings',
        type: 'none',
      };
      for (let i = 0; i < this.masters.length; i += 1) this.fillColumn(field, column, i);
      this.columns.set(field, column);
    }
    return column;
  }

  private fillColumn(field: string, column: Column, index: number): void {
    const master = this.masters[index];
    const idOf = (value: string | null): number => {
      let id = column.ids.get(value);
      if (id === undefined) {
        id = column.values.length;
        column.values.push(value);
        column.ids.set(value, id);
      }
      return id;
    };
    if (master === null || master === undefined || !Object.hasOwn(master.doc, field)) {
      column.perDoc[index] = undefined;
      return;
    }
    const value = master.doc[field];
    const typed = (held: unknown) => {
      if (held === null || held === undefined || column.type === 'mixed') return;
      const type = typeof held;
      if (type !== 'string' && type !== 'number' && type !== 'boolean') column.type = 'mixed';
      else if (column.type === 'none') column.type = type;
      else if (column.type !== type) column.type = 'mixed';
    };
    if (column.multi) {
      if (Array.isArray(value)) value.forEach(typed);
    } else typed(value);
    if (column.multi) {
      column.perDoc[index] = Array.isArray(value) ? value.map((v) => idOf(jsonText(v))) : [];
    } else {
      column.perDoc[index] = idOf(jsonText(value));
    }
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
    return searchAnswer(began, response, facetCounts, spellcheck);
  }

  /** GET /api/search/typeahead: products from the index, completions from the vocabulary. */
  async typeahead(
    keywords: string,
    rows: number,
    fields: readonly string[] | null,
  ): Promise<TypeaheadAnswer> {
    const query = typeaheadQuery(keywords, rows, fields);
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
    // ts_rank only where the answer shows it: the relevance order, a sort on score, `fl=score`.
    const needsScore =
      query.sort.length === 0 ||
      query.sort.some((c) => c.spec === null) ||
      (query.fields?.includes(SCORE_FIELD) ?? false);
    if (!query.noCollapse && !query.skuSearch) {
      const masters = this.computeMasters(query, keywords, wantFacets, needsScore);
      if (masters !== null) return masters;
    }
    const byKeywords = query.skuSearch ? null : this.keywordMatches(query, keywords, needsScore);
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
      byKeywords !== null
        ? byKeywords.keys()
        : (this.byCategoryFilter(query, wantFacets) ?? this.masters.keys());
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
          consider({ index: i, master, variant, score });
        }
      } else {
        const score = this.skuScore(master.skusText, skuMatch, skuExact) ?? keywordScore;
        if (score === 0 && skuMatch !== null) continue;
        consider({ index: i, master, variant: null, score });
      }
    }

    const page =
      query.rows === 0
        ? []
        : this.firstInOrder(matched, query, query.start + query.rows).slice(query.start);
    const docs = page.map((hit) =>
      projectDocument(this.documentOf(hit), query.fields, float4Number(hit.score)),
    );
    const response = { numFound: matched.length, start: query.start, docs };
    if (!wantFacets) return { response, facets: null };
    return { response, facets: () => this.facets(query, matched, nearly) };
  }

  // ——— a list of masters ———

  /**
   * compute for a list of master products (not variants, not a SKU search), over places and typed
   * columns only: the keyword matches' places with their ts_rank in `scores`, each filter a test of
   * a place, the page by the precomputed order of its sort, facets counted by value ids. Null when
   * the sort has no precomputed order (a score after another clause): compute's general pass then.
   */
  private computeMasters(
    query: SearchQuery,
    keywords: Keywords | null,
    wantFacets: boolean,
    needsScore: boolean,
  ): { response: SolrResponse; facets: (() => FacetCounts) | null } | null {
    const withKeywords = query.keywords !== null;
    const compare = this.masterComparer(query, withKeywords);
    if (compare === null) return null;
    const narrowing = SearchIndex.narrowingCategories(query, wantFacets);
    // The candidates: places[0 .. count) (null: every place 0 .. count).
    let places: ArrayLike<number> | null;
    let count: number;
    if (withKeywords) {
      const narrow = narrowing === null ? null : this.masterTest(narrowing);
      count = this.keywordPlaces(keywords, keywords?.query ?? null, needsScore, narrow);
      places = this.places;
    } else {
      places = this.byCategoryFilter(query, wantFacets);
      count = places === null ? this.masters.length : places.length;
    }
    const present = this.present;

    // Which filters' fields are counted by a facet: a product only their filters refuse counts.
    const counted = new Set(query.facetFields);
    if (query.facetRange !== null) counted.add(query.facetRange.field);
    const fields = [...new Set(query.filters.map((f) => f.field))];
    const tests = query.filters.map((f) => ({
      test: this.masterTest(f),
      field: fields.indexOf(f.field),
      counted: wantFacets && counted.has(f.field),
    }));
    const matched: number[] = [];
    const nearly: number[][] = fields.map(() => []);
    for (let k = 0; k < count; k += 1) {
      const i = places === null ? k : (places[k] ?? 0);
      if (present[i] !== 1) continue;
      let failed = -1;
      for (const t of tests) {
        if (t.test(i)) continue;
        if (!t.counted || (failed >= 0 && failed !== t.field)) {
          failed = -2;
          break;
        }
        failed = t.field;
      }
      if (failed === -1) matched.push(i);
      else if (failed >= 0) (nearly[failed] as number[]).push(i);
    }

    const scores = this.scores;
    const scoreOf = (i: number): number => (withKeywords ? (scores[i] ?? 0) : 1);
    const page = query.rows === 0 ? [] : firstOf(matched, query.start + query.rows, compare);
    const docs = page
      .slice(query.start)
      .map((i) =>
        projectDocument((this.masters[i] as Master).doc, query.fields, float4Number(scoreOf(i))),
      );
    const response = { numFound: matched.length, start: query.start, docs };
    if (!wantFacets) return { response, facets: null };
    const countedFor = (field: string): readonly number[][] => {
      const at = fields.indexOf(field);
      return at < 0 ? [matched] : [matched, nearly[at] as number[]];
    };
    return { response, facets: () => this.masterFacets(query, countedFor) };
  }

  /**
   * The order of a list of masters as one comparison of places: its score (when the sort starts
   * with it and there are keywords), then the precomputed order of the other clauses (the featured
   * order by default), which ends with the SKU. Null for a sort with no order made (SORTED_ORDERS):
   * a score after another clause, a sort on a field without a typed column.
   */
  private masterComparer(
    query: SearchQuery,
    withKeywords: boolean,
  ): ((a: number, b: number) => number) | null {
    let scoreDesc: boolean | null = null;
    let rest: readonly SortClause[] | null = null;
    if (query.sort.length === 0) {
      scoreDesc = withKeywords ? true : null;
    } else {
      const [first] = query.sort;
      if (first?.spec === null) scoreDesc = first.direction === 'desc';
      rest = scoreDesc === null ? query.sort : query.sort.slice(1);
      if (rest.some((c) => c.spec === null)) return null;
    }
    // Without keywords every score is 1: it orders nothing.
    if (!withKeywords) scoreDesc = null;
    const order = this.orders.get(SearchIndex.orderKey(rest));
    if (order === undefined) return null;
    const { rank } = order.order;
    const scores = this.scores;
    if (scoreDesc === null) return (a, b) => (rank[a] ?? 0) - (rank[b] ?? 0);
    if (scoreDesc) {
      return (a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || (rank[a] ?? 0) - (rank[b] ?? 0);
    }
    return (a, b) => (scores[a] ?? 0) - (scores[b] ?? 0) || (rank[a] ?? 0) - (rank[b] ?? 0);
  }

  private static orderKey(sort: readonly SortClause[] | null): string {
    return sort === null ? '#featured' : sort.map((c) => `${c.field} ${c.direction}`).join(',');
  }

  /**
   * The masters in the order of `sort` (then SKU), or the featured order (null), made when the
   * index is built (SORTED_ORDERS only, so their number is bounded); patches move it after.
   */
  private orderOf(sort: readonly SortClause[] | null): SortOrder {
    const key = SearchIndex.orderKey(sort);
    const known = this.orders.get(key);
    if (known !== undefined) return known.order;
    const clauses: OrderSource['clauses'] =
      sort === null
        ? [{ value: (i) => this.masters[i]?.featuredScore ?? null, desc: true }]
        : sort.map((c) => {
            const of = this.sortKey(c);
            const hit = { index: 0, master: null as unknown as Master, variant: null, score: 0 };
            return {
              value: (i: number): SortValue => {
                hit.index = i;
                hit.master = this.masters[i] as Master;
                return of(hit);
              },
              desc: c.direction === 'desc',
            };
          });
    const masters = () => this.masters;
    const present = () => this.present;
    const source: OrderSource = {
      get size() {
        return masters().length;
      },
      present: (i) => present()[i] === 1,
      clauses,
      sku: (i) => masters()[i]?.sku ?? '',
    };
    const order = SortOrder.build(source);
    this.orders.set(key, { order, source });
    return order;
  }

  /** A filter as a test of a master's place: on typed columns and value ids where it can be. */
  private masterTest(f: FilterQuery): MasterTest {
    const positive = this.positiveMasterTest(f);
    return f.negate ? (i) => !positive(i) : positive;
  }

  private positiveMasterTest(f: FilterQuery): MasterTest {
    const generic = (): MasterTest => {
      const asPositive: FilterQuery = { ...f, negate: false };
      const hit = { index: 0, master: null as unknown as Master, variant: null, score: 0 };
      return (i) => {
        hit.index = i;
        hit.master = this.masters[i] as Master;
        return SearchIndex.passes(hit, asPositive);
      };
    };
    const spec = f.spec;
    if (spec === null) return generic();
    const value = f.value;
    if (value.kind === 'terms' && spec.type === 'string' && spec.column === 'category') {
      const accepted = new Uint8Array(this.categoryIds.size);
      for (const v of value.values) {
        const id = this.categoryIds.get(String(v));
        if (id !== undefined) accepted[id] = 1;
      }
      const categoryOf = this.categoryOf;
      return (i) => accepted[categoryOf[i] ?? -1] === 1;
    }
    if (value.kind === 'range' && (value.from !== null || value.to !== null)) {
      const column = this.numbers.get(spec.column as NumberColumn);
      if (column === undefined || spec.column === 'featured') return generic();
      const from = value.from === null ? null : SearchIndex.boundValue(value.from, spec);
      const to = value.to === null ? null : SearchIndex.boundValue(value.to, spec);
      const fromInclusive = value.from?.inclusive === true;
      const toInclusive = value.to?.inclusive === true;
      return (i) => {
        const v = column[i] ?? Number.NaN;
        if (from !== null && !(fromInclusive ? v >= from : v > from)) return false;
        if (to !== null && !(toInclusive ? v <= to : v < to)) return false;
        return true;
      };
    }
    // `held === value` (or an element of it, for a multi-valued field), as value ids: exact when
    // every value the field holds is of one type.
    if (value.kind === 'terms' && spec.type !== 'date' && spec.column === undefined) {
      const column = this.columnOf(f.field);
      if (column.type === 'mixed') return generic();
      const ids = new Set<number>();
      for (const v of value.values) {
        if (typeof v !== column.type) continue;
        const id = column.ids.get(jsonText(v));
        if (id !== undefined) ids.add(id);
      }
      if (ids.size === 0) return () => false;
      const accepted = new Uint8Array(column.values.length);
      for (const id of ids) accepted[id] = 1;
      const { perDoc } = column;
      if (column.multi) {
        return (i) => {
          const held = perDoc[i];
          if (held === undefined || typeof held === 'number') return false;
          for (const id of held) if (accepted[id] === 1) return true;
          return false;
        };
      }
      return (i) => {
        const held = perDoc[i];
        return typeof held === 'number' && accepted[held] === 1;
      };
    }
    return generic();
  }

  /**
   * Each master the keywords match (keywordMatches), its ts_rank in `scores` when `needsScore`;
   * only those `narrow` keeps are matched and ranked.
   */
  private keywordPlaces(
    keywords: Keywords | null,
    compiled: CompiledQuery | null,
    needsScore: boolean,
    narrow: MasterTest | null,
  ): number {
    if (compiled === null) return 0;
    const mask = keywords === null ? 'all' : this.keywordMask(keywords, compiled);
    const { scores, places } = this;
    let count = 0;
    this.eachCandidate(compiled, (d, entries) => {
      if (narrow !== null && !narrow(d)) return true;
      if (matchesEntries(compiled.tree, entries, mask)) {
        places[count] = d;
        count += 1;
        scores[d] = needsScore ? tsRank(compiled, entries, this.masters[d]?.vectorText !== '') : 0;
      }
      return true;
    });
    return count;
  }

  /** facets for a list of masters: `countedFor(field)` are the places a facet on `field` counts. */
  private masterFacets(
    query: SearchQuery,
    countedFor: (field: string) => readonly (readonly number[])[],
  ): FacetCounts {
    const facet_fields: Record<string, (string | number)[]> = {};
    for (const field of query.facetFields) {
      const column = this.columnOf(field);
      const counts = new Int32Array(column.values.length);
      const { perDoc } = column;
      for (const places of countedFor(field)) {
        for (const i of places) {
          const held = perDoc[i];
          if (held === undefined) continue;
          if (typeof held === 'number') counts[held] = (counts[held] ?? 0) + 1;
          else for (const id of held) counts[id] = (counts[id] ?? 0) + 1;
        }
      }
      facet_fields[field] = facetList(column.values, counts);
    }
    const facet_ranges: Record<string, RangeFacet> = {};
    const range = query.facetRange;
    if (range !== null) {
      const column =
        range.spec.column === undefined || range.spec.column === 'featured'
          ? undefined
          : this.numbers.get(range.spec.column as NumberColumn);
      const hit = { index: 0, master: null as unknown as Master, variant: null, score: 0 };
      const buckets = new Map<number, number>();
      for (const places of countedFor(range.field)) {
        for (const i of places) {
          let value: number | null;
          if (column !== undefined) value = column[i] ?? null;
          else {
            hit.index = i;
            hit.master = this.masters[i] as Master;
            value = SearchIndex.typed(hit, range.field, range.spec);
          }
          if (value === null) continue;
          const bucket = Math.floor(centsOf(value) / range.gapCents);
          buckets.set(bucket, (buckets.get(bucket) ?? 0) + 1);
        }
      }
      const rows = [...buckets].sort((a, b) => a[0] - b[0]);
      facet_ranges[range.field] = rangeFacetOf(rows, range.gapCents);
    }
    return { facet_fields, facet_ranges };
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

  /**
   * The first `count` hits in orderBySql's order. Only a page is answered, so when it is small
   * beside the hits a bounded heap keeps the best `count` (n log count) instead of sorting all.
   */
  private firstInOrder(hits: readonly Hit[], query: SearchQuery, count: number): Hit[] {
    type Key = (hit: Hit) => number | string | boolean | null;
    interface Clause {
      readonly key: Key;
      readonly desc: boolean;
    }
    const clauses: Clause[] =
      query.sort.length > 0
        ? query.sort.map((c) => ({ key: this.sortKey(c), desc: c.direction === 'desc' }))
        : [
            ...(query.keywords !== null ? [{ key: (h: Hit) => h.score, desc: true }] : []),
            { key: (h: Hit) => (h.variant ?? h.master).featuredScore, desc: true },
          ];
    interface Keyed {
      readonly hit: Hit;
      readonly keys: (number | string | boolean | null)[];
      readonly sku: string;
    }
    const compare = (a: Keyed, b: Keyed): number => {
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
    };
    const keyed = (hit: Hit): Keyed => ({
      hit,
      keys: clauses.map((c) => c.key(hit)),
      sku: (hit.variant ?? hit.master).sku,
    });
    if (count <= 0) return [];
    if (count * 4 >= hits.length) {
      return hits
        .map(keyed)
        .sort(compare)
        .slice(0, count)
        .map((k) => k.hit);
    }
    // A max-heap (by order) of the best `count` so far: its root is the worst of them.
    const heap: Keyed[] = [];
    const up = (at: number) => {
      let i = at;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        const a = heap[i] as Keyed;
        const b = heap[parent] as Keyed;
        if (compare(a, b) <= 0) return;
        heap[i] = b;
        heap[parent] = a;
        i = parent;
      }
    };
    const down = () => {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let worst = i;
        if (l < heap.length && compare(heap[l] as Keyed, heap[worst] as Keyed) > 0) worst = l;
        if (r < heap.length && compare(heap[r] as Keyed, heap[worst] as Keyed) > 0) worst = r;
        if (worst === i) return;
        const t = heap[i] as Keyed;
        heap[i] = heap[worst] as Keyed;
        heap[worst] = t;
        i = worst;
      }
    };
    // Keys are read into one scratch record; only a hit that enters the heap is copied.
    const scratch = { hit: hits[0] as Hit, keys: clauses.map(() => null), sku: '' } as {
      hit: Hit;
      keys: (number | string | boolean | null)[];
      sku: string;
    };
    for (const hit of hits) {
      scratch.hit = hit;
      for (let i = 0; i < clauses.length; i += 1) scratch.keys[i] = (clauses[i] as Clause).key(hit);
      scratch.sku = (hit.variant ?? hit.master).sku;
      if (heap.length < count) {
        heap.push({ hit, keys: [...scratch.keys], sku: scratch.sku });
        up(heap.length - 1);
      } else if (compare(scratch, heap[0] as Keyed) < 0) {
        heap[0] = { hit, keys: [...scratch.keys], sku: scratch.sku };
        down();
      }
    }
    return heap.sort(compare).map((k) => k.hit);
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
      const column = this.columnOf(field);
      const counts = new Int32Array(column.values.length + 1024);
      const extra = new Map<string | null, number>();
      const addId = (id: number) => {
        counts[id] = (counts[id] ?? 0) + 1;
      };
      const addValue = (value: string | null) => {
        const id = column.ids.get(value);
        if (id !== undefined && id < counts.length) addId(id);
        else extra.set(value, (extra.get(value) ?? 0) + 1);
      };
      const count = (hit: Hit) => {
        if (hit.variant === null) {
          const held = column.perDoc[hit.index];
          if (held === undefined) return;
          if (typeof held === 'number') addId(held);
          else for (const id of held) addId(id);
          return;
        }
        const value = SearchIndex.field(hit, field);
        if (column.multi) {
          if (Array.isArray(value)) for (const element of value) addValue(jsonText(element));
        } else if (SearchIndex.has(hit, field)) addValue(jsonText(value));
      };
      for (const hit of matched) count(hit);
      for (const n of nearly) if (n.field === field) count(n.hit);
      facet_fields[field] = facetList(column.values, counts, extra);
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
