/**
 * Use cases of the product page, the technical specification page and the compare page: a product
 * by slug with the tiles it links to, and full details for SKUs (master or variant). Also the
 * page's pure rules: slug from the route, which layout a product gets, its availability line.
 */
import type { ProductCatalog } from './ports';
import type { FinishOption, ProductDetails, ProductSummary } from './product';
import { isDesignServices, isInstallServices } from './category';
import type { CancelSignal } from '../shared/cancel';

/** The route's slug: `…/faucet-k-4120.html` and `…/faucet-k-4120` name the same product. */
export const slugFromParam = (param: string): string => param.trim().replace(/\.html$/i, '');

export interface ProductPage {
  readonly product: ProductDetails;
  /** "Required to complete the installation" (e.g. the valve of a shower trim). */
  readonly requiredItems: readonly ProductSummary[];
  /** A super SKU's components ("Includes"). */
  readonly superSkuComponents: readonly ProductSummary[];
  readonly pairsWellWith: readonly ProductSummary[];
  /** For a service part: the models it fits. */
  readonly fitsModels: readonly ProductSummary[];
}

const pick = (
  found: ReadonlyMap<string, ProductSummary>,
  skus: readonly string[],
): readonly ProductSummary[] =>
  skus.flatMap((sku) => {
    const tile = found.get(sku);
    return tile === undefined ? [] : [tile];
  });

export class GetProductPage {
  constructor(private readonly catalog: ProductCatalog) {}

  /**
   * The product with that slug and the tiles it links to, or null when no product has that slug.
   * The linked tiles come in one `bySkus` call; a failure there leaves the page without them
   * rather than failing the whole page (they are secondary content).
   */
  async execute(slug: string, signal?: CancelSignal): Promise<ProductPage | null> {
    const product = await this.catalog.bySlug(slugFromParam(slug));
    if (product === null) return null;
    if (signal?.aborted === true) return empty(product);
    const linked = [
      ...new Set([
        ...product.requiredItems,
        ...product.superSkuComponents,
        ...product.pairsWellWith,
        ...product.fitsModels,
      ]),
    ];
    let tiles: readonly ProductSummary[] = [];
    if (linked.length > 0) {
      try {
        tiles = await this.catalog.bySkus(linked);
      } catch {
        tiles = [];
      }
    }
    const found = new Map(tiles.map((t) => [t.sku as string, t]));
    return {
      product,
      requiredItems: pick(found, product.requiredItems),
      superSkuComponents: pick(found, product.superSkuComponents),
      pairsWellWith: pick(found, product.pairsWellWith),
      fitsModels: pick(found, product.fitsModels),
    };
  }
}

const empty = (product: ProductDetails): ProductPage => ({
  product,
  requiredItems: [],
  superSkuComponents: [],
  pairsWellWith: [],
  fitsModels: [],
});

/**
 * The master SKU a SKU may belong to: `K-4120-BL` → `K-4120`. Variant SKUs are the master plus one
 * finish-code segment (CATALOGUE.md), so a SKU with a second hyphen may be a variant.
 */
export const possibleMasterSku = (sku: string): string | null => {
  const cut = sku.lastIndexOf('-');
  return cut > 0 && sku.indexOf('-') < cut ? sku.slice(0, cut) : null;
};

const normaliseSku = (sku: string): string => sku.trim().toUpperCase();

export class GetProductsBySku {
  constructor(private readonly catalog: ProductCatalog) {}

  /**
   * Full details for master or variant SKUs, in the order given, each product once; unknown SKUs
   * are left out. A variant SKU finds its product through its master SKU or its finish list. One
   * `detailsBySkus` call asks for every SKU and every possible master together.
   */
  async execute(
    skus: readonly string[],
    signal?: CancelSignal,
  ): Promise<readonly ProductDetails[]> {
    const wanted = [...new Set(skus.map(normaliseSku).filter((s) => s !== ''))];
    if (wanted.length === 0) return [];
    const masters = wanted.map((sku) => possibleMasterSku(sku));
    const lookups = [...new Set([...wanted, ...masters.filter((m): m is string => m !== null)])];
    const found = await this.catalog.detailsBySkus(lookups);
    if (signal?.aborted === true) return [];
    const productFor = (sku: string, master: string | null): ProductDetails | undefined =>
      found.find((p) => p.sku === sku) ??
      found.find((p) => p.finishes.some((f) => f.sku === sku)) ??
      (master === null ? undefined : found.find((p) => p.sku === master));
    const chosen: ProductDetails[] = [];
    wanted.forEach((sku, i) => {
      const product = productFor(sku, masters[i] ?? null);
      if (product !== undefined && !chosen.some((c) => c.sku === product.sku)) chosen.push(product);
    });
    return chosen;
  }
}

/**
 * Which product page a product gets (spec §2: product details, and an extended variant with
 * accordion, review and pairs-well-with sections). Our rule: the extended page for a product
 * that has reviews or "pairs well with" products — the sections only the extended page has would
 * be empty otherwise — and the standard page (tabs) for everything else.
 */
export type ProductPageLayout = 'standard' | 'extended';

export const productPageLayout = (
  product: Pick<ProductDetails, 'reviewCount' | 'pairsWellWith'>,
): ProductPageLayout =>
  product.reviewCount > 0 || product.pairsWellWith.length > 0 ? 'extended' : 'standard';

/** At or below this many units, the page says "Only N left". */
export const LOW_STOCK_THRESHOLD = 5;

export type Availability =
  | { readonly kind: 'discontinued' }
  | { readonly kind: 'retail-exclusive' }
  | { readonly kind: 'service' }
  | { readonly kind: 'in-stock' }
  | { readonly kind: 'low-stock'; readonly quantity: number }
  | { readonly kind: 'back-ordered'; readonly leadTimeDays: number | null }
  | { readonly kind: 'out-of-stock' };

export interface AvailabilityFacts {
  readonly product: Pick<
    ProductDetails,
    'discontinued' | 'retailExclusive' | 'category' | 'backorderable' | 'leadTimeDays'
  >;
  /** The shown finish; null when the product has no variants (the master is shown). */
  readonly finish: Pick<FinishOption, 'discontinued' | 'outOfStock'> | null;
  /** Units of the shown SKU when known (the stock call), else null. */
  readonly quantity: number | null;
}

/**
 * The availability line, first match wins: discontinued (the product or the shown finish) →
 * retail exclusive (sold in stores) → a design or install service (booked, never out of stock,
 * spec §4) → stock. With a known quantity: none left is back-ordered when the product is
 * back-orderable, else out of stock; up to LOW_STOCK_THRESHOLD is "only N left". With the quantity
 * unknown, the finish's out-of-stock flag decides, and in stock stays unqualified.
 */
export const availabilityOf = ({ product, finish, quantity }: AvailabilityFacts): Availability => {
  if (product.discontinued || finish?.discontinued === true) return { kind: 'discontinued' };
  if (product.retailExclusive) return { kind: 'retail-exclusive' };
  if (isDesignServices(product.category) || isInstallServices(product.category)) {
    return { kind: 'service' };
  }
  const none = quantity === null ? finish?.outOfStock === true : quantity <= 0;
  if (none) {
    return product.backorderable
      ? { kind: 'back-ordered', leadTimeDays: product.leadTimeDays }
      : { kind: 'out-of-stock' };
  }
  if (quantity !== null && quantity <= LOW_STOCK_THRESHOLD) return { kind: 'low-stock', quantity };
  return { kind: 'in-stock' };
};

export type ShippingNote =
  { readonly kind: 'freight' } | { readonly kind: 'no-ship'; readonly states: readonly string[] };

/** Notes beside the availability line: freight shipping, states it cannot ship to. */
export const shippingNotes = (
  product: Pick<ProductDetails, 'freight' | 'noShipStates'>,
): readonly ShippingNote[] => {
  const states = [...new Set(product.noShipStates.map((s) => s.trim()).filter((s) => s !== ''))];
  return [
    ...(product.freight ? [{ kind: 'freight' } as const] : []),
    ...(states.length > 0 ? [{ kind: 'no-ship', states } as const] : []),
  ];
};
