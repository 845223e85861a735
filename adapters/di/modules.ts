/**
 * The composition root's building blocks that every build needs (core use cases, clock and ids,
 * browser storage) and the HTTP adapters of the catalogue, content, identity and lists. One
 * ContainerModule per adapter family (STYLE.md); the offline demo's fakes live in
 * ./fake-adapters.ts, so the shop's entry bundle, which imports this file, carries none of them.
 * Core classes are decorator-free and built with factories.
 */
import { ContainerModule } from 'inversify';
import type {
  ClaimsReader,
  CustomerAccounts,
  CustomerTokenGateway,
  IdentityProvider,
  IdGenerator,
  LocalCartState,
  TokenGateway,
  TokenStore,
} from '../../core/auth/ports';
import type { EnsureSession } from '../../core/auth/ensure-session';
import { HandleTokenError } from '../../core/auth/handle-token-error';
import { KeepSession } from '../../core/auth/keep-session';
import { SignIn } from '../../core/auth/sign-in';
import { SignOut } from '../../core/auth/sign-out';
import type {
  BrowsingHistoryStore,
  CatalogSearch,
  PerPageMemory,
  ProductCatalog,
} from '../../core/catalog/ports';
import type { CompareStore } from '../../core/compare/ports';
import type { ConfigurationGateway } from '../../core/content/configuration';
import type { HelpArticleSource } from '../../core/content/help-articles';
import type { ContentRepository } from '../../core/content/page-model';
import type { ShoppingListGateway } from '../../core/lists/ports';
import type { Clock } from '../../core/shared/clock';
import { ApiClient } from '../http/api-client';
import { HttpTokenGateway } from '../http/auth/http-token-gateway';
import { HttpCustomerAccounts } from '../http/identity/http-customer-accounts';
import { HttpCustomerTokenGateway } from '../http/identity/http-customer-token-gateway';
import { HttpIdentityProvider } from '../http/identity/http-identity-provider';
import { JwtClaimsReader } from '../http/identity/jwt-claims-reader';
import { HttpCatalogSearch } from '../http/catalog/http-catalog-search';
import { HttpProductCatalog } from '../http/catalog/http-product-catalog';
import { HttpConfigurationGateway } from '../http/content/http-configuration-gateway';
import { HttpContentRepository } from '../http/content/http-content-repository';
import { HttpHelpArticles } from '../http/content/http-help-articles';
import { HttpShoppingListGateway } from '../http/lists/http-shopping-list-gateway';
import { LocalStorageBrowsingHistory } from '../storage/local-storage-browsing-history';
import { LocalStorageCompareStore } from '../storage/local-storage-compare-store';
import { LocalStorageTokenStore } from '../storage/local-storage-token-store';
import { SessionStoragePerPageMemory } from '../storage/session-storage-per-page-memory';
import { RandomIdGenerator } from '../system/random-id-generator';
import { SystemClock } from '../system/system-clock';
import { TYPES, type AppConfig } from './types';

/** Core use cases, wired to whatever ports the other modules bind. */
export const coreModule = new ContainerModule(({ bind }) => {
  // KeepSession is EnsureSession plus the customer's token (refresh with rotation, revalidate,
  // token error → sign out). Its token-error handler is resolved on first use: sign-out needs the
  // identity provider, which needs the API client, which needs this session.
  bind<EnsureSession>(TYPES.EnsureSession)
    .toDynamicValue((ctx) => {
      const config = ctx.get<AppConfig>(TYPES.AppConfig);
      return new KeepSession(
        ctx.get<TokenGateway>(TYPES.TokenGateway),
        ctx.get<TokenStore>(TYPES.TokenStore),
        ctx.get<Clock>(TYPES.Clock),
        ctx.get<IdGenerator>(TYPES.IdGenerator),
        config.channel,
        ctx.get<CustomerTokenGateway>(TYPES.CustomerTokenGateway),
        (error) => ctx.get<HandleTokenError>(TYPES.HandleTokenError).execute(error),
      );
    })
    .inSingletonScope();
  bind<SignIn>(TYPES.SignIn)
    .toResolvedValue(
      (identity: IdentityProvider, store: TokenStore, clock: Clock) =>
        new SignIn(identity, store, clock),
      [TYPES.IdentityProvider, TYPES.TokenStore, TYPES.Clock],
    )
    .inSingletonScope();
  bind<SignOut>(TYPES.SignOut)
    .toDynamicValue((ctx) => {
      const cart = ctx.get<LocalCartState>(TYPES.LocalCartState, { optional: true });
      return new SignOut(
        ctx.get<IdentityProvider>(TYPES.IdentityProvider),
        ctx.get<TokenStore>(TYPES.TokenStore),
        cart ?? { clearCart: () => undefined, clearCustomerCartId: () => undefined },
      );
    })
    .inSingletonScope();
  bind<HandleTokenError>(TYPES.HandleTokenError)
    .toResolvedValue((signOut: SignOut) => new HandleTokenError(signOut), [TYPES.SignOut])
    .inSingletonScope();
});

/** Clock and ids from the platform. */
export const systemModule = new ContainerModule(({ bind }) => {
  bind<Clock>(TYPES.Clock).toConstantValue(new SystemClock());
  bind<IdGenerator>(TYPES.IdGenerator).toConstantValue(new RandomIdGenerator());
});

/**
 * The persisted slices on Web Storage: auth, compare and browsing history on TYPES.Storage
 * (localStorage in the browser), products per page on TYPES.SessionStorage (sessionStorage).
 */
export const browserStorageModule = new ContainerModule(({ bind }) => {
  bind<TokenStore>(TYPES.TokenStore)
    .toResolvedValue((storage: Storage) => new LocalStorageTokenStore(storage), [TYPES.Storage])
    .inSingletonScope();
  bind<CompareStore>(TYPES.CompareStore)
    .toResolvedValue((storage: Storage) => new LocalStorageCompareStore(storage), [TYPES.Storage])
    .inSingletonScope();
  bind<BrowsingHistoryStore>(TYPES.BrowsingHistoryStore)
    .toResolvedValue(
      (storage: Storage) => new LocalStorageBrowsingHistory(storage),
      [TYPES.Storage],
    )
    .inSingletonScope();
  bind<PerPageMemory>(TYPES.PerPageMemory)
    .toResolvedValue(
      (storage: Storage) => new SessionStoragePerPageMemory(storage),
      [TYPES.SessionStorage],
    )
    .inSingletonScope();
});

/** The real API over HTTP. */
export const httpModule = new ContainerModule(({ bind }) => {
  bind<TokenGateway>(TYPES.TokenGateway)
    .toResolvedValue((config: AppConfig) => new HttpTokenGateway(config), [TYPES.AppConfig])
    .inSingletonScope();
  bind<ApiClient>(TYPES.ApiClient)
    .toResolvedValue(
      (config: AppConfig, session: EnsureSession) => new ApiClient(config, session),
      [TYPES.AppConfig, TYPES.EnsureSession],
    )
    .inSingletonScope();
  bind<IdentityProvider>(TYPES.IdentityProvider)
    .toResolvedValue(
      (api: ApiClient, store: TokenStore, config: AppConfig) =>
        new HttpIdentityProvider(api, store, config),
      [TYPES.ApiClient, TYPES.TokenStore, TYPES.AppConfig],
    )
    .inSingletonScope();
  bind<CustomerAccounts>(TYPES.CustomerAccounts)
    .toResolvedValue((api: ApiClient) => new HttpCustomerAccounts(api), [TYPES.ApiClient])
    .inSingletonScope();
  bind<CustomerTokenGateway>(TYPES.CustomerTokenGateway)
    .toResolvedValue((config: AppConfig) => new HttpCustomerTokenGateway(config), [TYPES.AppConfig])
    .inSingletonScope();
  bind<ClaimsReader>(TYPES.ClaimsReader).toConstantValue(new JwtClaimsReader());
  bind<CatalogSearch>(TYPES.CatalogSearch)
    .toResolvedValue(
      (api: ApiClient, clock: Clock) => new HttpCatalogSearch(api, clock),
      [TYPES.ApiClient, TYPES.Clock],
    )
    .inSingletonScope();
  bind<ProductCatalog>(TYPES.ProductCatalog)
    .toResolvedValue(
      (api: ApiClient, clock: Clock) => new HttpProductCatalog(api, clock),
      [TYPES.ApiClient, TYPES.Clock],
    )
    .inSingletonScope();
  bind<ContentRepository>(TYPES.ContentRepository)
    .toResolvedValue((api: ApiClient) => new HttpContentRepository(api), [TYPES.ApiClient])
    .inSingletonScope();
  bind<HelpArticleSource>(TYPES.HelpArticles)
    .toResolvedValue((api: ApiClient) => new HttpHelpArticles(api), [TYPES.ApiClient])
    .inSingletonScope();
  bind<ShoppingListGateway>(TYPES.ShoppingListGateway)
    .toResolvedValue((api: ApiClient) => new HttpShoppingListGateway(api), [TYPES.ApiClient])
    .inSingletonScope();
  bind<ConfigurationGateway>(TYPES.ConfigurationGateway)
    .toResolvedValue(
      (config: AppConfig, session: EnsureSession, clock: Clock, storage: Storage) =>
        new HttpConfigurationGateway(
          // Spec §7: the configuration client has its own, shorter timeout.
          new ApiClient({ ...config, apiTimeoutMs: config.configTimeoutMs }, session),
          clock,
          storage,
        ),
      [TYPES.AppConfig, TYPES.EnsureSession, TYPES.Clock, TYPES.Storage],
    )
    .inSingletonScope();
});
