/** Renders a page inside the app's providers with in-memory ports and a memory router. */
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import type { ProductCatalog } from '../../../core/catalog/ports';
import { EMPTY_COMPARE, type CompareState } from '../../../core/compare/compare-state';
import type { CompareStore } from '../../../core/compare/ports';
import { ManualClock } from '../../../core/shared/clock';
import { ContainerProvider } from '../../../ui/app/container-context';
import { CompareProvider } from '../../../ui/compare/compare-context';
import { CompareTray } from '../../../ui/compare/compare-tray';
import { testContainer } from '../support/test-container';

export class MemoryCompareStore implements CompareStore {
  constructor(public state: CompareState | null = null) {}
  load(): CompareState | null {
    return this.state;
  }
  save(state: CompareState): void {
    this.state = state;
  }
}

export const NOW = Date.UTC(2026, 0, 15);

/** A compare slice holding these master SKUs, added a day ago. */
export const comparing = (skus: readonly string[]): CompareState =>
  skus.length === 0
    ? EMPTY_COMPARE
    : {
        products: skus.map((compareSku) => ({
          compareSku,
          expiry: NOW + 59 * 86_400_000,
          backorder: false,
          category: 'kitchen-faucets',
          masterVariant: { sku: compareSku, attributes: [] },
        })),
        category: 'kitchen-faucets',
        enabled: false,
      };

const LocationProbe = () => {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
};

const Layout = () => (
  <CompareProvider>
    <Outlet />
    <CompareTray />
    <LocationProbe />
  </CompareProvider>
);

export interface RenderOptions {
  readonly catalog: ProductCatalog;
  readonly compare?: MemoryCompareStore;
  readonly routes: readonly { path: string; Component: ComponentType }[];
  readonly url: string;
}

export const renderApp = ({
  catalog,
  compare = new MemoryCompareStore(),
  routes,
  url,
}: RenderOptions) => {
  const container = testContainer({
    overrides: { ProductCatalog: catalog, CompareStore: compare, Clock: new ManualClock(NOW) },
  });
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: routes.map((r) => ({ path: r.path, Component: r.Component })),
      },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <ContainerProvider container={container}>
      <RouterProvider router={router} />
    </ContainerProvider>,
  );
  return { ...view, router, compare };
};

export const setViewportWidth = (width: number) => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width, writable: true });
};
