/**
 * Builds the whole object graph at once from the shared modules (./container-base.ts), the use
 * cases of every other area, and one list of adapter modules: ./fake-adapters.ts for the offline
 * demo, the HTTP list for the tests (./container.ts). The shop does not use it: its entry would
 * carry every area; ./shop-container.ts loads the areas when routes need them.
 */
import type { Container } from 'inversify';
import { accountModule } from './account-modules';
import { analyticsModule, analyticsReadinessModule } from './analytics-modules';
import { areasLoaded, type LoadAreas } from './areas';
import { checkoutModule } from './checkout-modules';
import { baseContainer, type AdapterModules, type ContainerEnvironment } from './container-base';
import { newsletterModule } from './newsletter-modules';
import { ordersModule } from './orders-modules';
import { registrationModule } from './registration-modules';
import { storesModule } from './stores-modules';
import { TYPES } from './types';

export type { AdapterModules, ContainerEnvironment } from './container-base';

/** Every area's use cases bound now; only the gateways under them differ between builds. */
export const buildContainer = (
  environment: ContainerEnvironment,
  adapters: AdapterModules,
): Container => {
  const container = baseContainer(environment, [
    ordersModule,
    accountModule,
    checkoutModule,
    newsletterModule,
    registrationModule,
    storesModule,
    analyticsModule,
    analyticsReadinessModule,
    ...adapters,
  ]);
  container.bind<LoadAreas>(TYPES.LoadAreas).toConstantValue(areasLoaded);
  return container;
};
