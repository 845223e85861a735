/**
 * Writes a catalogue (server/seed/catalogue/model.ts) into the catalogue tables and the search
 * tables of migration 002, in one transaction and in batches: rows travel as one JSON parameter
 * per batch and PostgreSQL unpacks them (jsonb_to_recordset), so a thousand products cost a few
 * statements. It loads only into empty tables: a second start does nothing. The tables' own indexes
 * (those no constraint needs) are dropped for the load and built again from their definitions once
 * the rows are in: one bulk build of a GIN index costs a fraction of keeping it up to date row by
 * row, and the search tables carry seven of them. The migrations stay the only place they are
 * defined.
 */
import type { Database, Transaction } from '../db/database';
import {
  commerceId,
  featuredScore,
  skusText,
  toSearchDocument,
  toVariantDocuments,
  variantOverrides,
  type DocumentOptions,
  type SearchDocument,
} from '../search/documents';
import { searchRow, type SearchRow } from '../search/search-rows';
import { vocabulary } from '../search/terms';
import type { Catalogue } from '../seed/catalogue/model';
import { catalogueVersionOf } from './catalogue-version';

const LOAD_LOCK = 7_256_140_002;
const BATCH = 500;

export interface LoadReport {
  /** False when the catalogue was already there and nothing was written. */
  readonly loaded: boolean;
  readonly products: number;
  readonly variants: number;
  readonly reviews: number;
  readonly ms: number;
}

const batches = <T>(rows: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
};

/** INSERT … SELECT from one JSON parameter per batch; columns as `name type` pairs. */
const insertJson = async (
  tx: Transaction,
  table: string,
  columns: readonly (readonly [string, string])[],
  rows: readonly object[],
): Promise<void> => {
  const names = columns.map(([name]) => name).join(', ');
  const record = columns.map(([name, type]) => `${name} ${type}`).join(', ');
  const sql = `INSERT INTO ${table} (${names}) SELECT ${names} FROM jsonb_to_recordset($1::jsonb) AS r(${record})`;
  for (const batch of batches(rows)) await tx.query(sql, [JSON.stringify(batch)]);
};

const SEARCH_COLUMNS = [
  ['sku', 'text'],
  ['slug', 'text'],
  ['ct_id', 'text'],
  ['category', 'text'],
  ['doc', 'jsonb'],
  ['title', 'text'],
  ['title_sort', 'text'],
  ['final_price', 'numeric'],
  ['units_sold', 'integer'],
  ['launch_date', 'timestamptz'],
  ['rating', 'numeric'],
  ['featured_score', 'integer'],
  ['skus_text', 'text'],
] as const;

const insertSearchRows = async (tx: Transaction, rows: readonly SearchRow[]): Promise<void> => {
  const names = SEARCH_COLUMNS.map(([name]) => name).join(', ');
  const record = [...SEARCH_COLUMNS, ['text_a', 'text'], ['text_b', 'text'], ['text_c', 'text']]
    .map(([name, type]) => `${name} ${type}`)
    .join(', ');
  const sql = `INSERT INTO search_documents (${names}, search_vector, primary_vector)
    SELECT ${names}, v, ts_filter(v, '{a,b}')
    FROM (
      SELECT ${names},
        setweight(to_tsvector('english', text_a), 'A')
          || setweight(to_tsvector('english', text_b), 'B')
          || setweight(to_tsvector('english', text_c), 'C') AS v
      FROM jsonb_to_recordset($1::jsonb) AS r(${record})
    ) AS s`;
  for (const batch of batches(rows)) await tx.query(sql, [JSON.stringify(batch)]);
};

/** Every table the load fills: each gets fresh planner statistics once the load has committed. */
export const CATALOGUE_TABLES = [
  'categories',
  'collections',
  'finishes',
  'products',
  'product_variants',
  'product_prices',
  'product_reviews',
  'help_articles',
  'top_searches',
  'search_documents',
  'search_variant_documents',
  'search_terms',
] as const;

/** Tables the load fills whose secondary indexes are built after their rows are in. */
const DEFERRED_INDEX_TABLES = [
  'products',
  'product_reviews',
  'search_documents',
  'search_variant_documents',
  'search_terms',
] as const;

interface IndexDefinition {
  readonly name: string;
  readonly definition: string;
}

/**
 * Drops the indexes of `tables` that back no constraint (primary keys, unique and foreign keys
 * keep theirs, so the load is still checked row by row) and answers their definitions, for
 * {@link rebuildIndexes}. Inside the load's transaction: nobody sees the tables without them.
 */
const dropSecondaryIndexes = async (
  tx: Transaction,
  tables: readonly string[],
): Promise<IndexDefinition[]> => {
  const found = await tx.query<IndexDefinition>(
    `SELECT quote_ident(n.nspname) || '.' || quote_ident(ix.relname) AS name,
            pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
       JOIN pg_class ix ON ix.oid = i.indexrelid
       JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = current_schema()
        AND t.relname = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
      ORDER BY ix.relname`,
    [tables],
  );
  if (found.rows.length > 0) {
    await tx.exec(found.rows.map((index) => `DROP INDEX ${index.name};`).join('\n'));
  }
  return found.rows;
};

const rebuildIndexes = async (tx: Transaction, indexes: readonly IndexDefinition[]) => {
  if (indexes.length > 0) await tx.exec(indexes.map((index) => `${index.definition};`).join('\n'));
};

const documentAt = (docs: readonly SearchDocument[], i: number): SearchDocument => {
  const doc = docs[i];
  if (doc === undefined) throw new Error(`No search document at ${i}`);
  return doc;
};

export const isCatalogueLoaded = async (db: Pick<Database, 'query'>): Promise<boolean> => {
  const r = await db.query<{ loaded: boolean }>('SELECT EXISTS (SELECT 1 FROM products) AS loaded');
  return r.rows[0]?.loaded === true;
};

export const loadCatalogue = async (
  db: Database,
  catalogue: Catalogue,
  options: DocumentOptions = {},
): Promise<LoadReport> => {
  const began = performance.now();
  const counts = {
    products: catalogue.products.length,
    variants: catalogue.products.reduce((n, p) => n + p.variants.length, 0),
    reviews: catalogue.reviews.length,
  };
  const loaded = await db.transaction(async (tx) => {
    // Two servers starting on one PostgreSQL: the second waits, then finds the tables full.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOAD_LOCK]);
    if (await isCatalogueLoaded(tx)) return false;
    const deferred = await dropSecondaryIndexes(tx, DEFERRED_INDEX_TABLES);

    await insertJson(
      tx,
      'categories',
      [
        ['slug', 'text'],
        ['name', 'text'],
        ['department', 'text'],
        ['description', 'text'],
        ['facet_attributes', 'text[]'],
        ['position', 'integer'],
      ],
      catalogue.categories.map((c, position) => ({
        slug: c.slug,
        name: c.name,
        department: c.department,
        description: c.description,
        facet_attributes: c.facetAttributes,
        position,
      })),
    );
    await insertJson(
      tx,
      'collections',
      [
        ['slug', 'text'],
        ['name', 'text'],
        ['brand', 'text'],
        ['story', 'text'],
      ],
      catalogue.collections,
    );
    await insertJson(
      tx,
      'finishes',
      [
        ['code', 'text'],
        ['name', 'text'],
        ['hex', 'text'],
        ['kind', 'text'],
      ],
      catalogue.finishes,
    );
    await insertJson(
      tx,
      'products',
      [
        ['sku', 'text'],
        ['ct_id', 'text'],
        ['slug', 'text'],
        ['title', 'text'],
        ['description', 'text'],
        ['category_slug', 'text'],
        ['brand', 'text'],
        ['collection_slug', 'text'],
        ['kind', 'text'],
        ['attributes', 'jsonb'],
        ['specs', 'jsonb'],
        ['sale_offer', 'text'],
        ['retail_exclusive', 'boolean'],
        ['backorderable', 'boolean'],
        ['lead_time_days', 'integer'],
        ['freight', 'boolean'],
        ['no_ship_states', 'text[]'],
        ['super_sku_components', 'text[]'],
        ['required_items', 'text[]'],
        ['pairs_well_with', 'text[]'],
        ['fits_models', 'text[]'],
        ['documents', 'jsonb'],
        ['rating', 'numeric'],
        ['review_count', 'integer'],
        ['units_sold', 'integer'],
        ['launch_date', 'date'],
      ],
      catalogue.products.map((p) => ({
        sku: p.sku,
        ct_id: commerceId(p.sku),
        slug: p.slug,
        title: p.title,
        description: p.description,
        category_slug: p.categorySlug,
        brand: p.brand,
        collection_slug: p.collectionSlug,
        kind: p.kind,
        attributes: p.attributes,
        specs: p.specs,
        sale_offer: p.saleOffer,
        retail_exclusive: p.retailExclusive,
        backorderable: p.backorderable,
        lead_time_days: p.leadTimeDays,
        freight: p.freight,
        no_ship_states: p.noShipStates,
        super_sku_components: p.superSkuComponents,
        required_items: p.requiredItems,
        pairs_well_with: p.pairsWellWith,
        fits_models: p.fitsModels,
        documents: p.documents,
        rating: p.rating,
        review_count: p.reviewCount,
        units_sold: p.unitsSold,
        launch_date: p.launchDate,
      })),
    );
    await insertJson(
      tx,
      'product_variants',
      [
        ['sku', 'text'],
        ['product_sku', 'text'],
        ['position', 'integer'],
        ['finish_code', 'text'],
        ['discontinued_at', 'date'],
        ['available_qty', 'integer'],
        ['image_url', 'text'],
      ],
      catalogue.products.flatMap((p) =>
        p.variants.map((v, position) => ({
          sku: v.sku,
          product_sku: p.sku,
          position,
          finish_code: v.finishCode,
          discontinued_at: v.discontinuedAt,
          available_qty: v.availableQty,
          image_url: v.imageUrl,
        })),
      ),
    );
    await insertJson(
      tx,
      'product_prices',
      [
        ['product_sku', 'text'],
        ['region', 'text'],
        ['currency', 'text'],
        ['list_cents', 'integer'],
        ['sale_cents', 'integer'],
      ],
      catalogue.products.flatMap((p) =>
        p.prices.map((price) => ({
          product_sku: p.sku,
          region: price.region,
          currency: price.currency,
          list_cents: price.listCents,
          sale_cents: price.saleCents,
        })),
      ),
    );
    await insertJson(
      tx,
      'product_reviews',
      [
        ['id', 'text'],
        ['product_sku', 'text'],
        ['author', 'text'],
        ['rating', 'smallint'],
        ['title', 'text'],
        ['body', 'text'],
        ['created_at', 'timestamptz'],
        ['verified_purchase', 'boolean'],
      ],
      catalogue.reviews.map((r) => ({
        id: r.id,
        product_sku: r.sku,
        author: r.author,
        rating: r.rating,
        title: r.title,
        body: r.body,
        created_at: r.createdAt,
        verified_purchase: r.verifiedPurchase,
      })),
    );
    await insertJson(
      tx,
      'help_articles',
      [
        ['slug', 'text'],
        ['title', 'text'],
        ['category', 'text'],
        ['paragraphs', 'text[]'],
        ['position', 'integer'],
      ],
      catalogue.helpArticles.map((a, position) => ({ ...a, position })),
    );
    await insertJson(
      tx,
      'top_searches',
      [
        ['position', 'integer'],
        ['term', 'text'],
      ],
      catalogue.topSearches.map((term, position) => ({ position, term })),
    );

    const docs = catalogue.products.map((p) => toSearchDocument(p, catalogue, options));
    await insertSearchRows(
      tx,
      catalogue.products.map((p, i) =>
        searchRow(documentAt(docs, i), [p.sku, ...p.variants.map((v) => v.sku)]),
      ),
    );
    await insertJson(
      tx,
      'search_variant_documents',
      [
        ['sku', 'text'],
        ['master_sku', 'text'],
        ['position', 'integer'],
        ['doc', 'jsonb'],
        ['drop_keys', 'text[]'],
        ['featured_score', 'integer'],
        ['skus_text', 'text'],
      ],
      catalogue.products.flatMap((p, i) => {
        const master = documentAt(docs, i);
        return toVariantDocuments(p, catalogue, options).map((doc, position) => {
          const overrides = variantOverrides(master, doc);
          return {
            sku: doc.sku_s,
            master_sku: p.sku,
            position,
            doc: overrides.doc,
            drop_keys: overrides.dropKeys,
            featured_score: featuredScore(doc),
            skus_text: skusText([String(doc.sku_s)]),
          };
        });
      }),
    );
    await insertJson(
      tx,
      'search_terms',
      [
        ['term', 'text'],
        ['frequency', 'integer'],
      ],
      vocabulary(docs),
    );
    await rebuildIndexes(tx, deferred);
    return true;
  });
  if (loaded) {
    catalogueVersionOf(db).bump('catalogue');
    // Fresh statistics for every table the load wrote, so the planner picks the search indexes from
    // the first query on — and joins on real sizes: without them, product_prices looked like 5 rows
    // and a cart's catalogue facts scanned every price through a nested loop.
    await db.exec(CATALOGUE_TABLES.map((table) => `ANALYZE ${table};`).join(' '));
  }
  return { loaded, ...counts, ms: Math.round(performance.now() - began) };
};
