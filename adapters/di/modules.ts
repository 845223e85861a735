/**
 * The composition root's building blocks: one ContainerModule per adapter family (STYLE.md), so the
 * offline demo swaps a single module. Core classes are decorator-free and built with factories.
 */
import { ContainerModule } from 'inversify';
import type { IdGenerator, TokenGateway, TokenStore } from '../../core/auth/ports';
import { EnsureSession } from '../../core/auth/ensure-session';
import type {
  BrowsingHistoryStore,
  CatalogSearch,
  ProductCatalog,
} from '../../core/catalog/catalogue-ports';
import type { PerPageMemory } from '../../core/catalog/ports';
import type { CompareStore } from '../../core/compare/ports';
import type { ConfigurationGateway } from '../../core/content/configuration';
import type { HelpArticleSource } from '../../core/content/help-articles';
import type { ContentRepository } from '../../core/content/page-model';
import type { Clock } from '../../core/shared/clock';
import { FakeCatalogSearch } from '../fake/catalog/fake-catalog-search';
import { FakeProductCatalog } from '../fake/catalog/fake-product-catalog';
import { FakeConfigurationGateway } from '../fake/content/fake-configuration-gateway';
import { FakeContentRepository } from '../fake/content/fake-content-repository';
import { FakeHelpArticles } from '../fake/content/fake-help-articles';
import type { DemoData } from '../fake/demo-data';
import { FakeTokenGateway } from '../fake/fake-token-gateway';
import { ApiClient } from '../http/api-client';
import { HttpTokenGateway } from '../http/auth/http-token-gateway';
import { HttpCatalogSearch } from '../http/catalog/http-catalog-search';
import { HttpProductCatalog } from '../http/catalog/http-product-catalog';
import { HttpConfigurationGateway } from '../http/content/http-configuration-gateway';
import { HttpContentRepository } from '../http/content/http-content-repository';
import { HttpHelpArticles } from '../http/content/http-help-articles';
import { LocalStorageBrowsingHistory } from '../storage/local-storage-browsing-history';
import { LocalStorageCompareStore } from '../storage/local-storage-compare-store';
import { LocalStorageTokenStore } from '../storage/local-storage-token-store';
import { SessionStoragePerPageMemory } from '../storage/session-storage-per-page-memory';
import { RandomIdGenerator } from '../system/random-id-generator';
import { SystemClock } from '../system/system-clock';
import { TYPES, type AppConfig } from './types';

/** Core use cases, wired to whatever ports the other modules bind. */
export const coreModule = new ContainerModule(({ bind }) => {
  bind<EnsureSession>(TYPES.EnsureSession)
    .toResolvedValue(
      (
        gateway: TokenGateway,
        store: TokenStore,
        clock: Clock,
        ids: IdGenerator,
        config: AppConfig,
      ) => new EnsureSession(gateway, store, clock, ids, config.channel),
      [TYPES.TokenGateway, TYPES.TokenStore, TYPES.Clock, TYPES.IdGenerator, TYPES.AppConfig],
    )
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

/**
 * In-memory fakes with seeded data: the whole shop in the tab, no server (npm run demo). The
 * catalogue comes from TYPES.DemoData, bound by createContainer.
 */
export const fakeModule = new ContainerModule(({ bind }) => {
  bind<TokenGateway>(TYPES.TokenGateway).toConstantValue(new FakeTokenGateway());
  bind<CatalogSearch>(TYPES.CatalogSearch)
    .toResolvedValue(
      (data: DemoData, clock: Clock) => new FakeCatalogSearch(data, clock),
      [TYPES.DemoData, TYPES.Clock],
    )
    .inSingletonScope();
  bind<ProductCatalog>(TYPES.ProductCatalog)
    .toResolvedValue(
      (data: DemoData, clock: Clock) => new FakeProductCatalog(data, clock),
      [TYPES.DemoData, TYPES.Clock],
    )
    .inSingletonScope();
  bind<ContentRepository>(TYPES.ContentRepository)
    .toResolvedValue((data: DemoData) => new FakeContentRepository(data), [TYPES.DemoData])
    .inSingletonScope();
  bind<HelpArticleSource>(TYPES.HelpArticles)
    .toResolvedValue((data: DemoData) => new FakeHelpArticles(data), [TYPES.DemoData])
    .inSingletonScope();
  bind<ConfigurationGateway>(TYPES.ConfigurationGateway)
    .toResolvedValue((data: DemoData) => new FakeConfigurationGateway(data), [TYPES.DemoData])
    .inSingletonScope();
});
