/**
 * The cart engine's catalogue facts (core/cart/engine/model.ts ItemFacts) for the offline demo,
 * read from the seeded demo data as the server reads them from its catalogue tables
 * (server/cart/catalogue-facts.ts): one entry per variant SKU, plus each master SKU standing for its
 * first variant, priced from the price list of the cart's currency (USD → US, CAD → CA; a product
 * without that price list is not sold in it). Every variant is there, discontinued or not, exactly
 * as the server has them; the engine and core's stock rule decide what may be added.
 */
import { parseSkuDetails } from '../../../core/catalog/sku-details';
import { parseStockQuantity } from '../../../core/catalog/variant-stock';
import {
  CURRENCY_REGIONS,
  MAX_LINE_QUANTITY,
  type CatalogueFacts,
  type ItemFacts,
  type ProductKind,
} from '../../../core/cart/engine/model';
import { amountToCents } from '../../../core/shared/money';
import type { SearchDocument } from '../../http/catalog/search-document.codec';
import type { DemoData, DemoPrice } from '../demo-data';

/**
 * The units of a variant whose colour details state none: unknown stock is not out of stock
 * (core/catalog/variant-stock.ts), so it stands for as many as a cart line may hold.
 */
export const UNKNOWN_STOCK = MAX_LINE_QUANTITY;

const KINDS: readonly ProductKind[] = [
  'finished-good',
  'part',
  'design-service',
  'install-service',
];

const kindOf = (doc: SearchDocument): ProductKind =>
  KINDS.find((k) => k === doc.productKind_s) ?? 'finished-good';

const cents = (dollars: number | undefined): number | null =>
  dollars === undefined ? null : amountToCents(dollars);

/**
 * The product's price list for `region`: the demo data's (the server's own rows); without them,
 * the US list and sale price a document carries. null: not sold in that region.
 */
const priceOf = (
  doc: SearchDocument,
  prices: readonly DemoPrice[] | undefined,
  region: string,
): Pick<ItemFacts, 'listCents' | 'saleCents'> | null => {
  if (prices !== undefined) {
    const row = prices.find((p) => p.region === region);
    return row === undefined ? null : { listCents: row.listCents, saleCents: row.saleCents };
  }
  if (region !== 'US') return null;
  const list = cents(doc['priceList.US.price_d'] ?? doc.finalPrice_d);
  return list === null ? null : { listCents: list, saleCents: cents(doc.discountedPrice_d) };
};

/** The facts of every variant of one document, in the document's variant order. */
const documentFacts = (
  doc: SearchDocument,
  price: Pick<ItemFacts, 'listCents' | 'saleCents'>,
): ItemFacts[] => {
  const details = parseSkuDetails(doc['Color.SKU.Details_ss'] ?? []).details;
  const lead = doc.leadTimeDays_i;
  const product = {
    productSku: doc.sku_s,
    title: doc.Product_Title_s,
    slug: doc.slug_s,
    description: doc.Product_Description_s ?? '',
    categorySlug: doc.category_s ?? '',
    categoryName: doc.ProductLocalCategory_s ?? '',
    department: doc.department_s ?? '',
    brand: doc.brand_s ?? '',
    kind: kindOf(doc),
    ...price,
    backorderable: doc.backorderable_b ?? false,
    leadTimeDays: lead === undefined ? null : lead,
    freight: doc.freight_b ?? false,
    noShipStates: doc.noShipStates_ss ?? [],
    superSkuComponents: doc.superSkuComponents_ss ?? [],
    requiredItems: doc.requiredItems_ss ?? [],
  };
  // Colour details: sku|discontinued|finishName|#hex|finishCode|availableQty|imageUrl.
  return details.map((d) => {
    const [color = '', , finishCode = '', qty, image = ''] = d.extra;
    return {
      ...product,
      sku: d.sku,
      finishCode,
      color,
      image,
      availableQty: parseStockQuantity(qty) ?? UNKNOWN_STOCK,
    };
  });
};

/** The facts of every SKU of the demo catalogue in `currency` (none for a currency not sold in). */
export const demoCatalogueFacts = (
  data: Pick<DemoData, 'documents'> & Partial<Pick<DemoData, 'prices'>>,
  currency: string,
): CatalogueFacts => {
  const facts = new Map<string, ItemFacts>();
  const region = CURRENCY_REGIONS[currency];
  if (region === undefined) return facts;
  for (const doc of data.documents) {
    const price = priceOf(doc, data.prices?.[doc.sku_s], region);
    if (price === null) continue;
    for (const item of documentFacts(doc, price)) {
      facts.set(item.sku, item);
      if (!facts.has(item.productSku)) facts.set(item.productSku, item);
    }
  }
  return facts;
};

/** The catalogue facts by currency, each built once: what the fake cart prices from. */
export const demoCatalogue = (
  data: Pick<DemoData, 'documents'> & Partial<Pick<DemoData, 'prices'>>,
): ((currency: string) => CatalogueFacts) => {
  const byCurrency = new Map<string, CatalogueFacts>();
  return (currency) => {
    let facts = byCurrency.get(currency);
    if (facts === undefined) {
      facts = demoCatalogueFacts(data, currency);
      byCurrency.set(currency, facts);
    }
    return facts;
  };
};
