/**
 * The composition root's building blocks: one ContainerModule per adapter family (STYLE.md), so the
 * offline demo swaps a single module. Core classes are decorator-free and built with factories.
 */
import { ContainerModule } from 'inversify';
import type { IdGenerator, TokenGateway, TokenStore } from '../../core/auth/ports';
import { EnsureSession } from '../../core/auth/ensure-session';
import type { Clock } from '../../core/shared/clock';
import { FakeTokenGateway } from '../fake/fake-token-gateway';
import { ApiClient } from '../http/api-client';
import { HttpTokenGateway } from '../http/auth/http-token-gateway';
import { LocalStorageTokenStore } from '../storage/local-storage-token-store';
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

/** The persisted auth slice on a Web Storage (bind TYPES.Storage to localStorage in the browser). */
export const browserStorageModule = new ContainerModule(({ bind }) => {
  bind<TokenStore>(TYPES.TokenStore)
    .toResolvedValue((storage: Storage) => new LocalStorageTokenStore(storage), [TYPES.Storage])
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
});

/** In-memory fakes with seeded data: the whole shop in the tab, no server (npm run demo). */
export const fakeModule = new ContainerModule(({ bind }) => {
  bind<TokenGateway>(TYPES.TokenGateway).toConstantValue(new FakeTokenGateway());
});
