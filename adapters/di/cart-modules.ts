/**
 * Cart bindings: the stores and session on browser storage, the use-case bundle, and the gateway
 * over HTTP. The offline demo's in-tab gateway is cartFakeModule in ./fake-adapters.ts, kept out of
 * this file so the shop's entry bundle carries no fake code.
 */
import { ContainerModule } from 'inversify';
import type { LocalCartState, TokenStore } from '../../core/auth/ports';
import {
  createCartUseCases,
  DEFAULT_CART_TYPE,
  type CartUseCases,
} from '../../core/cart/cart-use-cases';
import type { GetSharedCart } from '../../core/cart/get-shared-cart';
import type { MergeGuestCart } from '../../core/cart/merge-guest-cart';
import type {
  ActiveCartStore,
  AnonymousIdStore,
  CartConfiguration,
  CartGateway,
  ShopperSession,
} from '../../core/cart/ports';
import { DEFAULT_CONFIGURATION } from '../../core/content/default-configuration';
import type { ApiClient } from '../http/api-client';
import { HttpCartGateway } from '../http/cart/http-cart-gateway';
import { StoredLocalCartState } from '../storage/local-cart-state';
import { LocalStorageActiveCartStore } from '../storage/local-storage-active-cart-store';
import { LocalStorageAnonymousIdStore } from '../storage/local-storage-anonymous-id-store';
import { TokenShopperSession } from '../storage/token-shopper-session';
import { TYPES, type AppConfig } from './types';

/** Stores, session, configuration and use cases: the same in both modes. */
export const cartModule = new ContainerModule(({ bind }) => {
  bind<LocalStorageActiveCartStore>(TYPES.ActiveCartStore)
    .toResolvedValue(
      (storage: Storage) => new LocalStorageActiveCartStore(storage),
      [TYPES.Storage],
    )
    .inSingletonScope();
  bind<AnonymousIdStore>(TYPES.AnonymousIdStore)
    .toResolvedValue(
      (storage: Storage) => new LocalStorageAnonymousIdStore(storage),
      [TYPES.Storage],
    )
    .inSingletonScope();
  bind<ShopperSession>(TYPES.ShopperSession)
    .toResolvedValue((tokens: TokenStore) => new TokenShopperSession(tokens), [TYPES.TokenStore])
    .inSingletonScope();
  bind<LocalCartState>(TYPES.LocalCartState)
    .toResolvedValue(
      (store: ActiveCartStore, ids: AnonymousIdStore) => new StoredLocalCartState(store, ids),
      [TYPES.ActiveCartStore, TYPES.AnonymousIdStore],
    )
    .inSingletonScope();
  bind<CartConfiguration>(TYPES.CartConfiguration).toResolvedValue(
    (config: AppConfig): CartConfiguration => ({
      currency: config.currency,
      cartType: DEFAULT_CART_TYPE,
      salesChannels: DEFAULT_CONFIGURATION.salesChannels,
      defaultSalesChannel: config.channel,
    }),
    [TYPES.AppConfig],
  );
  bind<CartUseCases>(TYPES.CartUseCases)
    .toResolvedValue(
      (
        gateway: CartGateway,
        store: ActiveCartStore,
        anonymousIds: AnonymousIdStore,
        config: CartConfiguration,
        session: ShopperSession,
      ) => createCartUseCases({ gateway, store, anonymousIds, config, session }),
      [
        TYPES.CartGateway,
        TYPES.ActiveCartStore,
        TYPES.AnonymousIdStore,
        TYPES.CartConfiguration,
        TYPES.ShopperSession,
      ],
    )
    .inSingletonScope();
  bind<MergeGuestCart>(TYPES.MergeGuestCart)
    .toResolvedValue((useCases: CartUseCases) => useCases.mergeGuestCart, [TYPES.CartUseCases])
    .inSingletonScope();
  bind<GetSharedCart>(TYPES.GetSharedCart)
    .toResolvedValue((useCases: CartUseCases) => useCases.getSharedCart, [TYPES.CartUseCases])
    .inSingletonScope();
});

export const cartHttpModule = new ContainerModule(({ bind }) => {
  bind<CartGateway>(TYPES.CartGateway)
    .toResolvedValue(
      (api: ApiClient) => new HttpCartGateway(api, { defaultCartType: DEFAULT_CART_TYPE }),
      [TYPES.ApiClient],
    )
    .inSingletonScope();
});
