/**
 * From the product page to an add-to-cart selection (spec §3 Add-to-cart selection): which
 * variant, its stock flag and prices as the page showed them, and whether it can be bought online
 * at all. A variant that is out of stock but back-orderable goes in as a back-order (quantity 1,
 * spec §4); retail-exclusive and discontinued products are not sold online.
 */
import type { AddToCartSelection } from '../../core/cart/add-to-cart-selection';
import type { Availability } from '../../core/catalog/get-product-page';
import type { ProductDetails, ProductSummary } from '../../core/catalog/product';
import { centsToAmount } from '../../core/shared/money';

/** The most units one add may ask for. */
export const MAX_ADD_QUANTITY = 99;

export type Purchasability =
  | { readonly kind: 'buyable'; readonly backorder: boolean; readonly maxQuantity: number }
  | { readonly kind: 'out-of-stock' }
  | { readonly kind: 'discontinued' }
  | { readonly kind: 'in-stores-only' };

export const purchasability = (availability: Availability | null): Purchasability => {
  switch (availability?.kind) {
    case undefined:
    case 'out-of-stock':
      return { kind: 'out-of-stock' };
    case 'discontinued':
      return { kind: 'discontinued' };
    case 'retail-exclusive':
      return { kind: 'in-stores-only' };
    case 'back-ordered':
      return { kind: 'buyable', backorder: true, maxQuantity: 1 };
    case 'low-stock':
      return {
        kind: 'buyable',
        backorder: false,
        maxQuantity: Math.max(1, Math.min(MAX_ADD_QUANTITY, availability.quantity)),
      };
    case 'in-stock':
    case 'service':
      return { kind: 'buyable', backorder: false, maxQuantity: MAX_ADD_QUANTITY };
  }
};

/** A whole number of units within 1…max; anything else (typing, pasting) is brought in range. */
export const clampQuantity = (value: number, max: number): number => {
  if (!Number.isFinite(value)) return 1;
  return Math.min(Math.max(1, Math.floor(value)), Math.max(1, max));
};

export const productSelection = (
  product: ProductDetails,
  selectedSku: string | null,
  availability: Availability | null,
  quantity: number,
): AddToCartSelection => {
  const sku = selectedSku ?? product.sku;
  const buy = purchasability(availability);
  const backorder = buy.kind === 'buyable' && buy.backorder;
  const price = product.price;
  return {
    skuid: sku,
    brandName: product.brand,
    backorder,
    colorsData: [{ id: sku, isOutOfStock: buy.kind !== 'buyable' }],
    priceData: [
      {
        id: sku,
        price: centsToAmount(price.listCents),
        ...(price.saleCents === null ? {} : { discountedPrice: centsToAmount(price.saleCents) }),
      },
    ],
    quantity: backorder ? 1 : quantity,
    ...(product.superSkuComponents.length > 0 ? { isSuperSku: true } : {}),
  };
};

/**
 * From a product in a list (favorites) to an add-to-cart selection: the first finish in stock (the
 * product's own SKU when it has no finishes), one unit. Null when it cannot be bought online here:
 * retail exclusive, discontinued, or no finish in stock (the product page offers back-orders).
 */
export const summarySelection = (product: ProductSummary): AddToCartSelection | null => {
  if (product.retailExclusive || product.discontinued) return null;
  const finish = product.finishes.find((f) => !f.outOfStock && !f.discontinued);
  if (finish === undefined && (product.finishes.length > 0 || !product.inStock)) return null;
  const sku = finish?.sku ?? product.sku;
  const price = product.price;
  return {
    skuid: sku,
    brandName: product.brand,
    backorder: false,
    colorsData: [{ id: sku, isOutOfStock: false }],
    priceData: [
      {
        id: sku,
        price: centsToAmount(price.listCents),
        ...(price.saleCents === null ? {} : { discountedPrice: centsToAmount(price.saleCents) }),
      },
    ],
    quantity: 1,
  };
};
