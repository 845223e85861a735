/** The cart screens inside the app's cart provider, over the demo cart engine, in a memory router. */
import { render } from '@testing-library/react';
import type { Container } from 'inversify';
import type { ComponentType } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import type { ItemFacts } from '../../../core/cart/engine/model';
import { FakeCartGateway } from '../../../adapters/fake/cart/fake-cart-gateway';
import { LocalStorageActiveCartStore } from '../../../adapters/storage/local-storage-active-cart-store';
import { LocalStorageAnonymousIdStore } from '../../../adapters/storage/local-storage-anonymous-id-store';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import type { Cart } from '../../../core/cart/cart';
import { createCartUseCases } from '../../../core/cart/cart-use-cases';
import type { CartGateway, CartUpdateAction } from '../../../core/cart/ports';
import { ManualClock } from '../../../core/shared/clock';
import { ContainerProvider } from '../../../ui/app/container-context';
import { CartProvider } from '../../../ui/cart/cart-context';
import { CartLink } from '../../../ui/cart/cart-link';
import { Toaster } from '../../../ui/shell/toaster-view';
import { FACTS, guestTokens, MemoryTokenStore } from '../../adapters/cart/fixtures';
import { overriding, testContainer } from '../support/test-container';

export const NOW = Date.UTC(2026, 0, 15);

export const addLine = (sku: string, quantity = 1): CartUpdateAction => ({
  action: 'addLineItem',
  sku,
  quantity,
  lineItemShipping: { salesChannel: 'KOUS' },
});

export const makeCartSystem = (facts: Map<string, ItemFacts> = new Map(FACTS)) => {
  const storage = new MemoryStorage();
  const tokens = new MemoryTokenStore(guestTokens('guest-1'));
  const clock = new ManualClock(NOW);
  const engine = new FakeCartGateway(facts, tokens, clock, 'Storefront');
  const store = new LocalStorageActiveCartStore(storage);
  const anonymousIds = new LocalStorageAnonymousIdStore(storage);
  const gateway: CartGateway = engine;
  const useCases = createCartUseCases({
    gateway,
    store,
    anonymousIds,
    config: { currency: 'USD', cartType: 'Storefront', salesChannels: { Lavabo: 'KOUS' } },
    session: { signedInEmail: () => null, signedIn: () => true },
  });
  /** A cart already holding these lines, as if added on an earlier visit (time moves per add). */
  const seed = async (lines: readonly [string, number][]): Promise<Cart> => {
    let cart = await engine.createCart({ currency: 'USD', taxMode: 'Platform' });
    for (const [sku, qty] of lines) {
      clock.advance(60_000);
      cart = await engine.updateCart(cart.id, cart.version, [addLine(sku, qty)]);
    }
    return cart;
  };
  return { facts, storage, tokens, clock, engine, store, anonymousIds, useCases, seed };
};

export type CartSystem = ReturnType<typeof makeCartSystem>;

const LocationProbe = () => {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
};

const Layout = () => (
  <CartProvider>
    <CartLink />
    <Outlet />
    <Toaster />
    <LocationProbe />
  </CartProvider>
);

export const renderCart = ({
  system,
  routes,
  url,
  bind,
}: {
  system: CartSystem;
  routes: readonly { path: string; Component: ComponentType }[];
  url: string;
  /** Per-test bindings; they replace the demo container's. */
  bind?: (container: Container) => void;
}) => {
  const container = testContainer({ overrides: { CartUseCases: system.useCases } });
  bind?.(overriding(container));
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          ...routes.map((r) => ({ path: r.path, Component: r.Component })),
          { path: '*', Component: () => <p>elsewhere</p> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  return render(
    <ContainerProvider container={container}>
      <RouterProvider router={router} />
    </ContainerProvider>,
  );
};
