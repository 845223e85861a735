/**
 * The shop's container binds the first screen's areas now and the checkout, orders and account
 * areas when a route asks for them (adapters/di/areas.ts): each is fetched once however many
 * routes ask at the same time, and a fetch that fails is tried again by the next route.
 */
import { Container, ContainerModule } from 'inversify';
import { describe, expect, it } from 'vitest';
import { bindAreaLoader, type AreaModules, type LoadAreas } from '../../../adapters/di/areas';
import { buildShopContainer } from '../../../adapters/di/shop-container';
import { defaultAppConfig, TYPES } from '../../../adapters/di/types';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import { AnalyticsUseCases } from '../../../core/analytics/analytics-use-cases';
import { ChangePassword } from '../../../core/account/change-password';
import { SearchProducts } from '../../../core/catalog/search-products';
import { SubscribeToNewsletter } from '../../../core/newsletter/subscribe';
import type { ConfigurationGateway } from '../../../core/content/ports';
import { globalConfiguration } from '../../../server/api/configuration';
import { SubmitProductRegistration } from '../../../core/registration/submit-product-registration';
import { FindOrder } from '../../../core/orders/find-order';
import { FindNearbyStores } from '../../../core/stores/find-nearby-stores';
import { ValidatePostalCode } from '../../../core/validation/validate-postal-code';

const shop = () =>
  buildShopContainer({
    config: defaultAppConfig,
    storage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
  });

describe("the shop's container", () => {
  it('binds the first screen now and the other areas once a route loads them', async () => {
    const container = shop();
    expect(container.get(TYPES.SearchProducts)).toBeInstanceOf(SearchProducts);
    for (const id of [
      'FindOrder',
      'ChangePassword',
      'CheckoutUseCases',
      'LoadMyProducts',
      'AnalyticsUseCases',
    ] as const) {
      expect(container.isBound(TYPES[id]), id).toBe(false);
    }
    await container.get<LoadAreas>(TYPES.LoadAreas)([
      'orders',
      'account',
      'checkout',
      'newsletter',
      'registration',
      'stores',
      'analytics',
    ]);
    expect(container.get(TYPES.FindOrder)).toBeInstanceOf(FindOrder);
    expect(container.get(TYPES.AnalyticsUseCases)).toBeInstanceOf(AnalyticsUseCases);
    expect(container.get(TYPES.SubscribeToNewsletter)).toBeInstanceOf(SubscribeToNewsletter);
    expect(container.get(TYPES.SubmitProductRegistration)).toBeInstanceOf(
      SubmitProductRegistration,
    );
    expect(container.get(TYPES.FindNearbyStores)).toBeInstanceOf(FindNearbyStores);
    expect(container.get(TYPES.ValidatePostalCode)).toBeInstanceOf(ValidatePostalCode);
    expect(container.get(TYPES.ChangePassword)).toBeInstanceOf(ChangePassword);
    expect(container.get(TYPES.CheckoutUseCases)).toBeDefined();
    // Asking again binds nothing twice (a second binding would make get() ambiguous).
    await container.get<LoadAreas>(TYPES.LoadAreas)([
      'orders',
      'account',
      'checkout',
      'newsletter',
      'stores',
    ]);
    expect(container.get(TYPES.FindOrder)).toBeInstanceOf(FindOrder);
    expect(container.get(TYPES.SubscribeToNewsletter)).toBeInstanceOf(SubscribeToNewsletter);
  });
});

describe('bindAreaLoader', () => {
  const ORDERS = Symbol('orders');
  const module = new ContainerModule(({ bind }) => {
    bind(ORDERS).toConstantValue('orders');
  });
  const modules = (fetchOrders: () => Promise<readonly ContainerModule[]>): AreaModules => ({
    orders: fetchOrders,
    account: async () => [],
    analytics: async () => [],
    checkout: async () => [],
    newsletter: async () => [],
    registration: async () => [],
    stores: async () => [],
    literature: async () => [],
  });

  it('fetches an area once for routes that ask at the same time', async () => {
    let fetches = 0;
    const container = new Container();
    bindAreaLoader(
      container,
      modules(async () => {
        fetches += 1;
        return [module];
      }),
    );
    const load = container.get<LoadAreas>(TYPES.LoadAreas);
    await Promise.all([load(['orders']), load(['orders', 'account']), load(['orders'])]);
    expect(fetches).toBe(1);
    expect(container.get(ORDERS)).toBe('orders');
  });

  it('tries a failed fetch again on the next request', async () => {
    let fetches = 0;
    const container = new Container();
    bindAreaLoader(
      container,
      modules(async () => {
        fetches += 1;
        if (fetches === 1) throw new Error('Failed to fetch dynamically imported module');
        return [module];
      }),
    );
    const load = container.get<LoadAreas>(TYPES.LoadAreas);
    await expect(load(['orders'])).rejects.toThrow('Failed to fetch');
    expect(container.isBound(ORDERS)).toBe(false);
    await load(['orders']);
    expect(fetches).toBe(2);
    expect(container.get(ORDERS)).toBe('orders');
  });
});

describe('the configuration a renderer hands the container', () => {
  it('is the one its gateway knows at once, so a first view draws with the served links', () => {
    const served = {
      ...globalConfiguration(),
      pdpUrlMapping: { 'kitchen-faucets': '/en/faucets/{slug}' },
    };
    const container = buildShopContainer({
      config: { ...defaultAppConfig, inlineConfiguration: () => JSON.stringify(served) },
      storage: new MemoryStorage(),
      sessionStorage: new MemoryStorage(),
    });
    const gateway = container.get<ConfigurationGateway>(TYPES.ConfigurationGateway);
    expect(gateway.current?.().pdpUrlMapping).toEqual(served.pdpUrlMapping);
    // Without one, the built-in configuration (no document here).
    const plain = buildShopContainer({
      config: defaultAppConfig,
      storage: new MemoryStorage(),
      sessionStorage: new MemoryStorage(),
    });
    expect(
      plain.get<ConfigurationGateway>(TYPES.ConfigurationGateway).current?.().pdpUrlMapping,
    ).not.toEqual(served.pdpUrlMapping);
  });
});
