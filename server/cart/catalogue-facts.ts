/**
 * Catalogue facts for the cart engine, read from the catalogue tables (migration 002): for the SKUs
 * a cart or request names — variant or master SKUs — every variant of their products and of the
 * products those need (super SKU parts, required items), priced in the cart's currency.
 */
import type { Queryable } from '../db/database';
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

/** Facts keyed by variant SKU, plus each master SKU for its first variant. */
export const loadCatalogueFacts = async (
  db: Queryable,
  skus: Iterable<string>,
  currency: string,
): Promise<CatalogueFacts> => {
  const wanted = [...new Set(skus)];
  const facts = new Map<string, ItemFacts>();
  const region = CURRENCY_REGIONS[currency];
  if (wanted.length === 0 || region === undefined) return facts;
  const masters = await db.query<{
    sku: string;
    super_sku_components: string[];
    required_items: string[];
  }>(MASTERS_SQL, [wanted]);
  const products = new Set<string>();
  for (const m of masters.rows) {
    products.add(m.sku);
    m.super_sku_components.forEach((s) => products.add(s));
    m.required_items.forEach((s) => products.add(s));
  }
  if (products.size === 0) return facts;
  const rows = await db.query<FactsRow>(FACTS_SQL, [[...products], region]);
  for (const row of rows.rows) {
    const item = toFacts(row);
    facts.set(item.sku, item);
    if (!facts.has(item.productSku)) facts.set(item.productSku, item);
  }
  return facts;
};
