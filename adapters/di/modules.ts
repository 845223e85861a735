/**
 * The composition root's building blocks that every build needs (clock and ids, browser storage)
 * and the HTTP adapters of the catalogue, content, identity and lists. One
 * ContainerModule per adapter family (STYLE.md); the offline demo's fakes live in
 * ./fake-adapters.ts, so the shop's entry bundle, which imports this file, carries none of them.
 * The use cases have one module per core area (./auth-modules.ts, ./catalog-modules.ts, …).
 * Core classes are decorator-free and built with factories.
 */
import { ContainerModule } from 'inversify';
import type { CampaignStore } from '../../core/newsletter/ports';
import type { SeenNoticesStore } from '../../core/content/ports';
import { SessionStorageSeenNotices } from '../storage/session-storage-seen-notices';
import { WebStorageCampaignStore } from '../storage/web-storage-campaign-store';
import type {
  ClaimsReader,
  CustomerAccounts,
  CustomerTokenGateway,
  IdentityProvider,
  IdGenerator,
  TokenGateway,
  TokenStore,
} from '../../core/auth/ports';
import type { EnsureSession } from '../../core/auth/ensure-session';
import type {
  BrowsingHistoryStore,
  CatalogSearch,
  PerPageMemory,
  ProductCatalog,
} from '../../core/catalog/ports';
import type { CompareStore } from '../../core/compare/ports';
import type {
  ConfigurationGateway,
  ContentRepository,
  HelpArticleSource,
} from '../../core/content/ports';
import type { ShoppingListGateway } from '../../core/lists/ports';
import type { Clock } from '../../core/shared/clock';
import { productLinkConfigOf, type ProductLinkConfig } from '../../core/catalog/product-link';
import { DEFAULT_CONFIGURATION } from '../../core/content/default-configuration';
import { ApiClient } from '../http/api-client';
import { HttpTokenGateway } from '../http/auth/http-token-gateway';
import { HttpCustomerAccounts } from '../http/identity/http-customer-accounts';
import { HttpCustomerTokenGateway } from '../http/identity/http-customer-token-gateway';
import { HttpIdentityProvider } from '../http/identity/http-identity-provider';
import { HttpSecondStepProvider } from '../http/identity/http-second-step-provider';
import type { SecondStepProvider } from '../../core/auth/second-step';
import { JwtClaimsReader } from '../http/identity/jwt-claims-reader';
import { HttpCatalogSearch } from '../http/catalog/http-catalog-search';
import { HttpProductCatalog } from '../http/catalog/http-product-catalog';
import { HttpConfigurationGateway } from '../http/content/http-configuration-gateway';
import { HttpContentRepository } from '../http/content/http-content-repository';
import { HttpAuthorPreview } from '../http/content/http-author-preview';
import type { AuthorPreviewGateway } from '../../core/content/author-preview';
import { HttpHelpArticles } from '../http/content/http-help-articles';
import { HttpShoppingListGateway } from '../http/lists/http-shopping-list-gateway';
import { LocalStorageBrowsingHistory } from '../storage/local-storage-browsing-history';
import { LocalStorageCompareStore } from '../storage/local-storage-compare-store';
import { LocalStorageTokenStore } from '../storage/local-storage-token-store';
import { SessionStoragePerPageMemory } from '../storage/session-storage-per-page-memory';
import { RandomIdGenerator } from '../system/random-id-generator';
import { SystemClock } from '../system/system-clock';
import { TYPES, type AppConfig } from './types';

/** Clock and ids from the platform. */
/** The product links as the configuration has them now (spec §2 pdpUrlMapping), per answer. */
const configuredLinks = (configuration: ConfigurationGateway) => (): ProductLinkConfig =>
  productLinkConfigOf(configuration.current?.() ?? DEFAULT_CONFIGURATION);

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
  bind<SeenNoticesStore>(TYPES.SeenNotices)
    .toResolvedValue(
      (session: Storage) => new SessionStorageSeenNotices(session),
      [TYPES.SessionStorage],
    )
    .inSingletonScope();
  bind<CampaignStore>(TYPES.CampaignStore)
    .toResolvedValue(
      (local: Storage, session: Storage) => new WebStorageCampaignStore(local, session),
      [TYPES.Storage, TYPES.SessionStorage],
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
  bind<SecondStepProvider>(TYPES.SecondStepProvider)
    .toResolvedValue((api: ApiClient) => new HttpSecondStepProvider(api), [TYPES.ApiClient])
    .inSingletonScope();
  bind<CustomerTokenGateway>(TYPES.CustomerTokenGateway)
    .toResolvedValue((config: AppConfig) => new HttpCustomerTokenGateway(config), [TYPES.AppConfig])
    .inSingletonScope();
  bind<ClaimsReader>(TYPES.ClaimsReader).toConstantValue(new JwtClaimsReader());
  bind<CatalogSearch>(TYPES.CatalogSearch)
    .toResolvedValue(
      (api: ApiClient, clock: Clock, configuration: ConfigurationGateway) =>
        new HttpCatalogSearch(api, clock, { links: configuredLinks(configuration) }),
      [TYPES.ApiClient, TYPES.Clock, TYPES.ConfigurationGateway],
    )
    .inSingletonScope();
  bind<ProductCatalog>(TYPES.ProductCatalog)
    .toResolvedValue(
      (api: ApiClient, clock: Clock, configuration: ConfigurationGateway) =>
        new HttpProductCatalog(api, clock, { links: configuredLinks(configuration) }),
      [TYPES.ApiClient, TYPES.Clock, TYPES.ConfigurationGateway],
    )
    .inSingletonScope();
  bind<AuthorPreviewGateway>(TYPES.AuthorPreview)
    .toResolvedValue((api: ApiClient) => new HttpAuthorPreview(api), [TYPES.ApiClient])
    .inSingletonScope();
  bind<ContentRepository>(TYPES.ContentRepository)
    .toResolvedValue(
      (api: ApiClient, preview: AuthorPreviewGateway) =>
        new HttpContentRepository(api, () => preview.current().active),
      [TYPES.ApiClient, TYPES.AuthorPreview],
    )
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
          config.inlineConfiguration === undefined ? {} : { inline: config.inlineConfiguration },
        ),
      [TYPES.AppConfig, TYPES.EnsureSession, TYPES.Clock, TYPES.Storage],
    )
    .inSingletonScope();
});
