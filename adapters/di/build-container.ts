/**
 * Builds the object graph from the modules every build shares (clock and ids, browser storage, the
 * use cases of every core area) plus one list of adapter modules:
 * ./http-adapters.ts for the shop, ./fake-adapters.ts for the offline demo. It imports neither
 * list, so the shop's entry bundle pulls in only the list it passes (ui/main.tsx).
 */
import { Container, type ContainerModule } from 'inversify';
import { accountModule } from './account-modules';
import { authModule } from './auth-modules';
import { cartModule } from './cart-modules';
import { catalogModule } from './catalog-modules';
import { checkoutModule } from './checkout-modules';
import { compareModule } from './compare-modules';
import { contentModule } from './content-modules';
import { listsModule } from './lists-modules';
import { browserStorageModule, systemModule } from './modules';
import { ordersModule } from './orders-modules';
import { TYPES, type AppConfig } from './types';

/**
 * The use cases, one module per core area: the same in the shop and the offline demo (only the
 * gateways under them differ), so both builds load them here.
 */
export const useCaseModules: readonly ContainerModule[] = [
  authModule,
  cartModule,
  catalogModule,
  compareModule,
  contentModule,
  listsModule,
  ordersModule,
  accountModule,
  checkoutModule,
];

/** The adapters of one environment: every port the shared modules leave unbound. */
export type AdapterModules = readonly ContainerModule[];

export interface ContainerEnvironment {
  readonly config: AppConfig;
  /** localStorage in the browser: auth, compare, browsing history, configuration cache. */
  readonly storage: Storage;
  /** sessionStorage in the browser: products per page. */
  readonly sessionStorage: Storage;
}

export const buildContainer = (
  { config, storage, sessionStorage }: ContainerEnvironment,
  adapters: AdapterModules,
): Container => {
  const container = new Container();
  container.bind<AppConfig>(TYPES.AppConfig).toConstantValue(config);
  container.bind<Storage>(TYPES.Storage).toConstantValue(storage);
  container.bind<Storage>(TYPES.SessionStorage).toConstantValue(sessionStorage);
  container.load(systemModule, browserStorageModule, ...useCaseModules, ...adapters);
  return container;
};
