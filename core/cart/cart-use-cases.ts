/**
 * Every cart use case over one set of ports, built once by the composition root and handed to the
 * cart screens as a bundle (core classes carry no decorators, so they are built here).
 */
import { AddToCart } from './add-to-cart';
import { ApplyDiscountCode } from './apply-discount-code';
import { ChangeLineItemQuantity } from './change-line-item-quantity';
import { DeleteCart } from './delete-cart';
import { GetSharedCart } from './get-shared-cart';
import { MergeGuestCart } from './merge-guest-cart';
import { PickActiveCart } from './pick-active-cart';
import type {
  ActiveCartStore,
  AnonymousIdStore,
  CartConfiguration,
  CartGateway,
  ShopperSession,
} from './ports';
import { RemoveDiscountCode } from './remove-discount-code';
import { RemoveLineItem } from './remove-line-item';
import { ShareCart } from './share-cart';

/** The cartType this storefront's carts carry among a shopper's active carts (FG: the FGCart of merge). */
export const DEFAULT_CART_TYPE = 'FG';

export interface CartPorts {
  readonly gateway: CartGateway;
  readonly store: ActiveCartStore;
  readonly anonymousIds: AnonymousIdStore;
  readonly config: CartConfiguration;
  readonly session: ShopperSession;
}

export interface CartUseCases {
  readonly pickActiveCart: PickActiveCart;
  readonly addToCart: AddToCart;
  readonly changeQuantity: ChangeLineItemQuantity;
  readonly removeLineItem: RemoveLineItem;
  readonly applyDiscountCode: ApplyDiscountCode;
  readonly removeDiscountCode: RemoveDiscountCode;
  readonly deleteCart: DeleteCart;
  readonly shareCart: ShareCart;
  readonly getSharedCart: GetSharedCart;
  readonly mergeGuestCart: MergeGuestCart;
  /** The anonymousId store, so a screen can remember the guest of a cart it was handed. */
  readonly anonymousIds: AnonymousIdStore;
  readonly store: ActiveCartStore;
}

export const createCartUseCases = ({
  gateway,
  store,
  anonymousIds,
  config,
  session,
}: CartPorts): CartUseCases => ({
  pickActiveCart: new PickActiveCart(gateway, store, anonymousIds, config, session),
  addToCart: new AddToCart(gateway, store, config, session),
  changeQuantity: new ChangeLineItemQuantity(gateway, store),
  removeLineItem: new RemoveLineItem(gateway, store),
  applyDiscountCode: new ApplyDiscountCode(gateway, store),
  removeDiscountCode: new RemoveDiscountCode(gateway, store),
  deleteCart: new DeleteCart(gateway, store),
  shareCart: new ShareCart(gateway, store),
  getSharedCart: new GetSharedCart(gateway, config),
  mergeGuestCart: new MergeGuestCart(gateway, store, anonymousIds),
  anonymousIds,
  store,
});
