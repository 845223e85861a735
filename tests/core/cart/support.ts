/** Wiring of the cart use cases over the in-memory gateway, shared by the use-case tests. */
import type { AddToCartSelection } from '../../../core/cart/add-to-cart-selection';
import { AddToCart } from '../../../core/cart/add-to-cart';
import { ApplyDiscountCode } from '../../../core/cart/apply-discount-code';
import type { ActiveCartRef } from '../../../core/cart/cart';
import { ChangeLineItemQuantity } from '../../../core/cart/change-line-item-quantity';
import { DeleteCart } from '../../../core/cart/delete-cart';
import { MergeGuestCart } from '../../../core/cart/merge-guest-cart';
import { PickActiveCart } from '../../../core/cart/pick-active-cart';
import type { CartConfiguration } from '../../../core/cart/ports';
import { RemoveDiscountCode } from '../../../core/cart/remove-discount-code';
import { RemoveLineItem } from '../../../core/cart/remove-line-item';
import { ShareCart } from '../../../core/cart/share-cart';
import { InMemoryCartGateway, MemoryStore } from './in-memory-cart-gateway';

export const CART_TYPE = 'storefront';

export const config: CartConfiguration = {
  currency: 'USD',
  cartType: CART_TYPE,
  salesChannels: { Lavabo: 'KOUS' },
};

export const inStock = (sku: string, quantity = 1): AddToCartSelection => ({
  skuid: sku,
  brandName: 'Lavabo',
  backorder: false,
  quantity,
  colorsData: [{ id: sku, isOutOfStock: false }],
  priceData: [],
});

export const makeSystem = (
  options: {
    email?: string | null;
    anonymousId?: string | null;
    gateway?: InMemoryCartGateway;
  } = {},
) => {
  const gateway = options.gateway ?? new InMemoryCartGateway(CART_TYPE);
  const store = new MemoryStore<ActiveCartRef>();
  const anonymousIds = new MemoryStore<string>(options.anonymousId ?? null);
  const session = { signedInEmail: () => options.email ?? null, signedIn: () => true };
  return {
    gateway,
    store,
    anonymousIds,
    addToCart: new AddToCart(gateway, store, config, session),
    changeQuantity: new ChangeLineItemQuantity(gateway, store),
    removeLine: new RemoveLineItem(gateway, store),
    applyCode: new ApplyDiscountCode(gateway, store),
    removeCode: new RemoveDiscountCode(gateway, store),
    deleteCart: new DeleteCart(gateway, store),
    mergeGuestCart: new MergeGuestCart(gateway, store, anonymousIds),
    shareCart: new ShareCart(gateway, store),
    pickActiveCart: new PickActiveCart(gateway, store, anonymousIds, config, session),
  };
};

export type CartSystem = ReturnType<typeof makeSystem>;
