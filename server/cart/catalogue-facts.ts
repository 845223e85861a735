/**
 * Catalogue facts for the cart engine, read from the catalogue tables (migration 002): for the SKUs
 * a cart or request names — variant or master SKUs — every variant of their products and of the
 * products those need (super SKU parts, required items), priced in the cart's currency.
 */
import type { Queryable } from '../db/database';
import type { CatalogueVersion } from '../catalog/catalogue-version';
import {
  CURRENCY_REGIONS,
  type CatalogueFacts,
  type ItemFacts,
  type ProductKind,
} from '../../core/cart/engine/model';

interface FactsRow {
  readonly sku: string;
  readonly product_sku: string;
  readonly finish_code: string;
  readonly available_qty: number;
  readonly image_url: string;
  readonly color: string;
  readonly title: string;
  readonly slug: string;
  readonly description: string;
  readonly category_slug: string;
  readonly category_name: string;
  readonly department: string;
  readonly brand: string;
  readonly kind: ProductKind;
  readonly backorderable: boolean;
  readonly lead_time_days: number | null;
  readonly freight: boolean;
  readonly no_ship_states: string[];
  readonly super_sku_components: string[];
  readonly required_items: string[];
  readonly list_cents: number;
  readonly sale_cents: number | null;
}

const MASTERS_SQL = `
  SELECT DISTINCT p.sku, p.super_sku_components, p.required_items
  FROM unnest($1::text[]) AS s(sku)
  LEFT JOIN product_variants v ON v.sku = s.sku
  JOIN products p ON p.sku = COALESCE(v.product_sku, s.sku)`;

const FACTS_SQL = `
  SELECT v.sku, v.product_sku, v.finish_code, v.available_qty, v.image_url, f.name AS color,
         p.title, p.slug, p.description, p.category_slug, c.name AS category_name, c.department,
         p.brand, p.kind, p.backorderable, p.lead_time_days, p.freight, p.no_ship_states,
         p.super_sku_components, p.required_items, pr.list_cents, pr.sale_cents
  FROM product_variants v
  JOIN products p ON p.sku = v.product_sku
  JOIN finishes f ON f.code = v.finish_code
  JOIN categories c ON c.slug = p.category_slug
  JOIN product_prices pr ON pr.product_sku = p.sku AND pr.region = $2
  WHERE v.product_sku = ANY($1::text[])
  ORDER BY v.product_sku, v.position`;

const toFacts = (r: FactsRow): ItemFacts => ({
  sku: r.sku,
  productSku: r.product_sku,
  finishCode: r.finish_code,
  title: r.title,
  slug: r.slug,
  description: r.description,
  categorySlug: r.category_slug,
  categoryName: r.category_name,
  department: r.department,
  brand: r.brand,
  color: r.color,
  image: r.image_url,
  kind: r.kind,
  listCents: Number(r.list_cents),
  saleCents: r.sale_cents === null ? null : Number(r.sale_cents),
  availableQty: Number(r.available_qty),
  backorderable: r.backorderable,
  leadTimeDays: r.lead_time_days === null ? null : Number(r.lead_time_days),
  freight: r.freight,
  noShipStates: r.no_ship_states,
  superSkuComponents: r.super_sku_components,
  requiredItems: r.required_items,
});

interface MasterRow {
  readonly sku: string;
  readonly super_sku_components: string[];
  readonly required_items: string[];
}

/** The products a cart naming these masters needs facts of: each, its parts, its required items. */
const productsOf = (masters: Iterable<MasterRow>): Set<string> => {
  const products = new Set<string>();
  for (const m of masters) {
    products.add(m.sku);
    m.super_sku_components.forEach((s) => products.add(s));
    m.required_items.forEach((s) => products.add(s));
  }
  return products;
};

/** Facts keyed by variant SKU, plus each master SKU for its first variant (rows in that order). */
const factsOf = (rows: Iterable<ItemFacts>): Map<string, ItemFacts> => {
  const facts = new Map<string, ItemFacts>();
  for (const item of rows) {
    facts.set(item.sku, item);
    if (!facts.has(item.productSku)) facts.set(item.productSku, item);
  }
  return facts;
};

/** Facts keyed by variant SKU, plus each master SKU for its first variant. */
export const loadCatalogueFacts = async (
  db: Queryable,
  skus: Iterable<string>,
  currency: string,
): Promise<CatalogueFacts> => {
  const wanted = [...new Set(skus)];
  const region = CURRENCY_REGIONS[currency];
  if (wanted.length === 0 || region === undefined) return new Map();
  const masters = await db.query<MasterRow>(MASTERS_SQL, [wanted]);
  const products = productsOf(masters.rows);
  if (products.size === 0) return new Map();
  const rows = await db.query<FactsRow>(FACTS_SQL, [[...products], region]);
  return factsOf(rows.rows.map(toFacts));
};

/** Products whose facts a CatalogueFactsCache keeps at most before starting again. */
export const CATALOGUE_FACTS_CACHE_PRODUCTS = 20_000;

/**
 * Catalogue facts kept in memory while the catalogue version (../catalog/catalogue-version.ts)
 * stays the one they were read at: every committed order (stock), price or catalogue change bumps
 * it, so the facts a cart is checked and priced with are never older than the last of them — the
 * same facts a read of the tables gives now. Adding to a cart then reads the cart row and writes
 * it, and nothing else: the two catalogue queries (SKUs to products, then products' variants and
 * prices) run once per product and version instead of once per request.
 *
 * A SKU's product (with its parts and required items) and each product's facts per price region
 * are kept; a SKU the catalogue does not have is not, and is asked again. The version is taken
 * before a read and the read kept only if it has not moved since, so a read overtaken by a change
 * is never kept. Only for a database this process alone writes (`isShared`): with a PostgreSQL
 * server other processes' orders do not move this version, and every call reads the tables.
 */
export class CatalogueFactsCache {
  private version: number | undefined;
  /** Requested SKU (variant or master) → its master's row. */
  private readonly masters = new Map<string, MasterRow>();
  /** `region product` → the product's variants' facts, in variant order. */
  private readonly products = new Map<string, readonly ItemFacts[]>();

  constructor(
    private readonly catalogueVersion: CatalogueVersion,
    private readonly maxProducts = CATALOGUE_FACTS_CACHE_PRODUCTS,
  ) {}

  /** As loadCatalogueFacts, from memory for what was read at the current version. */
  async load(db: Queryable, skus: Iterable<string>, currency: string): Promise<CatalogueFacts> {
    // Every writer of stock and prices moves a shared version: the order submit rewrites the search
    // documents with the stock it takes and bumps, the load rewrites them all (on a PostgreSQL
    // server the search_version row moves with those rewrites, server/catalog/catalogue-version.ts).
    if (!this.catalogueVersion.isShared) return loadCatalogueFacts(db, skus, currency);
    const wanted = [...new Set(skus)];
    const region = CURRENCY_REGIONS[currency];
    if (wanted.length === 0 || region === undefined) return new Map();
    const version = await this.catalogueVersion.current();
    if (version !== this.version || this.masters.size > this.maxProducts) {
      this.masters.clear();
      this.products.clear();
      this.version = version;
    }
    const masters: MasterRow[] = [];
    const unknown = wanted.filter((sku) => {
      const master = this.masters.get(sku);
      if (master !== undefined) masters.push(master);
      return master === undefined;
    });
    if (unknown.length > 0) {
      const read = await db.query<MasterRow & { readonly requested: string }>(
        `SELECT DISTINCT s.sku AS requested, p.sku, p.super_sku_components, p.required_items
           FROM unnest($1::text[]) AS s(sku)
           LEFT JOIN product_variants v ON v.sku = s.sku
           JOIN products p ON p.sku = COALESCE(v.product_sku, s.sku)`,
        [unknown],
      );
      const keep = (await this.catalogueVersion.current()) === version;
      for (const { requested, ...master } of read.rows) {
        masters.push(master);
        if (keep) this.masters.set(requested, master);
      }
    }
    const products = [...productsOf(masters)];
    const missing = products.filter((p) => !this.products.has(`${region} ${p}`));
    const fresh = new Map<string, ItemFacts[]>();
    if (missing.length > 0) {
      const rows = await db.query<FactsRow>(FACTS_SQL, [missing, region]);
      for (const row of rows.rows) {
        const item = toFacts(row);
        const list = fresh.get(item.productSku) ?? [];
        if (list.length === 0) fresh.set(item.productSku, list);
        list.push(item);
      }
      if ((await this.catalogueVersion.current()) === version) {
        if (this.products.size + missing.length > this.maxProducts) this.products.clear();
        // A product without variants in this region is kept as none, like one with.
        for (const p of missing) this.products.set(`${region} ${p}`, fresh.get(p) ?? []);
      }
    }
    const items: ItemFacts[] = [];
    for (const p of [...products].sort()) {
      items.push(...(fresh.get(p) ?? this.products.get(`${region} ${p}`) ?? []));
    }
    return factsOf(items);
  }
}
