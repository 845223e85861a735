/**
 * Literature bindings (./areas.ts area `literature`): the gateway over HTTP. The offline demo's
 * fake is literatureFakeModule in ./fake-adapters.ts. Loaded by the literature list when it first
 * shows, so it is not in the entry bundle.
 */
import { ContainerModule } from 'inversify';
import type { LiteratureGateway } from '../../core/literature/ports';
import type { ApiClient } from '../http/api-client';
import { HttpLiteratureGateway } from '../http/literature/http-literature-gateway';
import { TYPES, type AppConfig } from './types';

export const literatureHttpModule = new ContainerModule(({ bind }) => {
  bind<LiteratureGateway>(TYPES.LiteratureGateway)
    .toResolvedValue(
      (api: ApiClient, config: AppConfig) => new HttpLiteratureGateway(api, config),
      [TYPES.ApiClient, TYPES.AppConfig],
    )
    .inSingletonScope();
});
