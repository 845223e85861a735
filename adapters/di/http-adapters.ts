/**
 * The shop's adapters: the real API over HTTP, one module per family. The shop's entry imports
 * this file statically, so nothing here may reach adapters/fake/ (.dependency-cruiser.cjs,
 * shop-entry-carries-no-fakes); the offline demo's list is ./fake-adapters.ts.
 *
 * httpAdapters serves the first screen of every page (catalogue, content, identity, lists, cart);
 * httpAreas fetches the other areas (./areas.ts) with their use cases when a route first needs
 * them, so their gateways and io-ts codecs are not in the entry bundle.
 */
import type { AreaModules } from './areas';
import { cartHttpModule } from './cart-modules';
import type { AdapterModules } from './container-base';
import { httpModule } from './modules';

export const httpAdapters: AdapterModules = [httpModule, cartHttpModule];

export const httpAreas: AreaModules = {
  account: async () => {
    const { accountModule, accountHttpModule } = await import('./account-modules');
    return [accountModule, accountHttpModule];
  },
  analytics: async () => {
    const { analyticsModule, analyticsReadinessModule, analyticsBrowserModule } =
      await import('./analytics-modules');
    return [analyticsModule, analyticsReadinessModule, analyticsBrowserModule];
  },
  checkout: async () => {
    const { checkoutModule, checkoutHttpModule } = await import('./checkout-modules');
    return [checkoutModule, checkoutHttpModule];
  },
  orders: async () => {
    const { ordersModule, ordersHttpModule } = await import('./orders-modules');
    return [ordersModule, ordersHttpModule];
  },
  newsletter: async () => {
    const { newsletterModule, newsletterHttpModule } = await import('./newsletter-modules');
    return [newsletterModule, newsletterHttpModule];
  },
  registration: async () => {
    const { registrationModule, registrationHttpModule } = await import('./registration-modules');
    return [registrationModule, registrationHttpModule];
  },
  stores: async () => {
    const { storesModule, storesHttpModule } = await import('./stores-modules');
    return [storesModule, storesHttpModule];
  },
  literature: async () => {
    const { literatureHttpModule } = await import('./literature-modules');
    return [literatureHttpModule];
  },
};
