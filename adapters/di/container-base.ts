/**
 * What every composition root starts from: the environment (configuration and Web Storage), clock
 * and ids, the persisted slices, and the use cases of the areas the first screen of any page needs
 * (auth, cart, catalogue, compare, content, lists). It imports no area of ./areas.ts, so the shop's
 * entry bundle, which imports this file, carries none of them.
 */
import { Container, type ContainerModule } from 'inversify';
import { authModule } from './auth-modules';
import { cartModule } from './cart-modules';
import { catalogModule } from './catalog-modules';
import { compareModule } from './compare-modules';
import { contentModule } from './content-modules';
import { listsModule } from './lists-modules';
import { browserStorageModule, systemModule } from './modules';
import { TYPES, type AppConfig } from './types';

/** The use cases the header, footer and every route's first screen need. */
export const firstScreenModules: readonly ContainerModule[] = [
  authModule,
  cartModule,
  catalogModule,
  compareModule,
  contentModule,
  listsModule,
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

/** A container with the environment, platform, storage and first-screen modules, plus `more`. */
export const baseContainer = (
  { config, storage, sessionStorage }: ContainerEnvironment,
  more: readonly ContainerModule[],
): Container => {
  const container = new Container();
  container.bind<AppConfig>(TYPES.AppConfig).toConstantValue(config);
  container.bind<Storage>(TYPES.Storage).toConstantValue(storage);
  container.bind<Storage>(TYPES.SessionStorage).toConstantValue(sessionStorage);
  container.load(systemModule, browserStorageModule, ...firstScreenModules, ...more);
  return container;
};
