/**
 * The product page's product (POST /api/search/pdp): the search document of the product with a
 * slug, with its stock as it is now, and the answer kept for the next shopper.
 *
 * Stock: the document is written when the catalogue is loaded, and an order takes stock from
 * product_variants, not from the document. So each read lays the variants' units as they are now
 * over the document (`withLiveStock`): the colour details' quantities, `inStock_b` and
 * `availableQty_i`, computed as the catalogue load computes them (server/search/documents.ts).
 *
 * The answer cache: keyed by slug and `fl` (the answer depends on nothing else: not on the caller,
 * the currency or the persona), holding the answer's JSON as UTF-8 bytes (sent as they are, never
 * measured or encoded again per request), valid while the catalogue version
 * (./catalogue-version.ts) is the one it was read at — every committed order, price or catalogue
 * change bumps it, so no cached answer is older than the last of them. The version is taken
 * before the read, so a read overtaken by an order is stored under a version already gone. On a
 * PostgreSQL server the version is the database's (search_version, read afresh for each request),
 * so an order another process committed is seen too.
 */
import type { Database } from '../db/database';
import type { SearchDocument } from '../search/documents';
import { projectDocument } from '../search/search-service';
import { catalogueVersionOf, type CatalogueVersion } from './catalogue-version';

/** `{numFound, docs}`, the `response` member of the pdp answer. */
export type FoundDocuments = {
  readonly numFound: number;
  readonly docs: SearchDocument[];
};

/** Units per variant SKU, as product_variants holds them now. */
export type VariantUnits = ReadonlyMap<string, number>;

const COLOUR_DETAILS = 'Color.SKU.Details_ss';
/** The quantity's place in `sku|date|finishName|#hex|finishCode|availableQty|imageUrl`. */
const COLOUR_DETAIL_QTY = 5;

/**
 * The document with the variants' units as given: each colour detail's quantity, whether any
 * variant has a unit (`inStock_b`) and how many all have (`availableQty_i`). A variant the map
 * does not name keeps what the document says.
 */
export const withLiveStock = (doc: SearchDocument, units: VariantUnits): SearchDocument => {
  if (units.size === 0) return doc;
  const out: SearchDocument = { ...doc };
  const details = doc[COLOUR_DETAILS];
  if (Array.isArray(details)) {
    out[COLOUR_DETAILS] = details.map((entry) => {
      const parts = entry.split('|');
      const qty = units.get(parts[0] ?? '');
      if (qty === undefined || parts.length <= COLOUR_DETAIL_QTY) return entry;
      parts[COLOUR_DETAIL_QTY] = String(qty);
      return parts.join('|');
    });
  }
  let total = 0;
  for (const qty of units.values()) total += qty;
  out.inStock_b = total > 0;
  out.availableQty_i = total;
  return out;
};

interface Row {
  readonly doc: SearchDocument;
  readonly stock: readonly (readonly [string, number])[] | null;
}

/** The most answers kept (FIFO): every product with a few `fl` lists at the demo's size. */
export const PRODUCT_PAGE_CACHE_ENTRIES = 4000;

export interface ProductPageOptions {
  /** Answers kept at most; 0 keeps none. */
  readonly maxEntries?: number;
}

export class ProductPages {
  private readonly version: CatalogueVersion;
  private readonly maxEntries: number;
  private readonly cache = new Map<string, { readonly version: number; readonly bytes: Buffer }>();
  private readonly reading = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly db: Database,
    options: ProductPageOptions = {},
  ) {
    this.version = catalogueVersionOf(db);
    this.maxEntries = this.version.isShared
      ? (options.maxEntries ?? PRODUCT_PAGE_CACHE_ENTRIES)
      : 0;
  }

  /**
   * The answer for `key` at `version`: from the cache, from a read of it already running, or read
   * now and kept when the version has not moved meanwhile.
   */
  private answer(
    key: string,
    version: number,
    read: () => Promise<Buffer>,
  ): Buffer | Promise<Buffer> {
    const kept = this.cache.get(key);
    if (kept !== undefined && kept.version === version) return kept.bytes;
    const readingKey = `${version} ${key}`;
    const pending = this.reading.get(readingKey);
    if (pending !== undefined) return pending;
    const reading = read()
      .then(async (bytes) => {
        if ((await this.version.current()) === version) this.keep(key, version, bytes);
        return bytes;
      })
      .finally(() => this.reading.delete(readingKey));
    this.reading.set(readingKey, reading);
    return reading;
  }

  /** The product with the slug (none when no product has it), with its stock as it is now. */
  async found(slug: string, fields: readonly string[] | null): Promise<FoundDocuments> {
    const r = await this.db.query<Row>(
      `SELECT d.doc,
              (SELECT json_agg(json_build_array(v.sku, v.available_qty))
                 FROM product_variants v WHERE v.product_sku = d.sku) AS stock
         FROM search_documents d WHERE d.slug = $1`,
      [slug],
    );
    return {
      numFound: r.rows.length,
      docs: r.rows.map((row) =>
        projectDocument(
          withLiveStock(row.doc, new Map((row.stock ?? []).map(([sku, qty]) => [sku, qty]))),
          fields,
        ),
      ),
    };
  }

  /**
   * `found` as the UTF-8 bytes of its JSON text (written by `serialize`, the route's serializer),
   * from the cache while the catalogue version has not moved since it was read. Requests for the
   * same answer arriving while it is read share that one read.
   */
  bytes(
    slug: string,
    fields: readonly string[] | null,
    serialize: (found: FoundDocuments) => string,
  ): Promise<Buffer> {
    const read = () =>
      this.found(slug, fields).then((found) => Buffer.from(serialize(found), 'utf8'));
    if (this.maxEntries === 0) return read();
    const key = `${fields === null ? '*' : fields.join(',')} ${slug}`;
    const version = this.version.current();
    // The embedded database's version is at hand: a cached answer costs no promise of its own.
    if (typeof version === 'number') return Promise.resolve(this.answer(key, version, read));
    return version.then((at) => this.answer(key, at, read));
  }

  private keep(key: string, version: number, bytes: Buffer): void {
    this.cache.delete(key);
    if (this.cache.size >= this.maxEntries) {
      const oldest = this.cache.keys().next();
      if (oldest.done !== true) this.cache.delete(oldest.value);
    }
    this.cache.set(key, { version, bytes });
  }
}
