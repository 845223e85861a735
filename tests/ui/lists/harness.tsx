/** Renders screens inside the app's compare and favorites providers with in-memory ports. */
import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import type { ProductCatalog } from '../../../core/catalog/ports';
import { LIST_PRESENCE_STORAGE_KEY } from '../../../adapters/storage/local-storage-list-presence';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import type { ShoppingListGateway } from '../../../core/lists/ports';
import { FAVORITES } from '../../../core/lists/shopping-list';
import { ManualClock } from '../../../core/shared/clock';
import { ContainerProvider } from '../../../ui/app/container-context';
import { CompareProvider } from '../../../ui/compare/compare-context';
import { FavoritesProvider } from '../../../ui/lists/favorites-context';
import { MemoryCompareStore, NOW } from '../product/harness';
import { testContainer } from '../support/test-container';

const LocationProbe = () => {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
};

const Layout = () => (
  <CompareProvider>
    <FavoritesProvider>
      <Outlet />
      <LocationProbe />
    </FavoritesProvider>
  </CompareProvider>
);

/**
 * The device's local storage: by default it knows its guest's favorites (this device made them),
 * so the list the test's gateway holds is read as it would be for them.
 */
export const deviceStorage = (knowsFavorites = true): Storage => {
  const storage = new MemoryStorage();
  if (knowsFavorites) storage.setItem(LIST_PRESENCE_STORAGE_KEY, JSON.stringify([FAVORITES]));
  return storage;
};

export const renderWithFavorites = ({
  catalog,
  lists,
  routes,
  url,
  storage = deviceStorage(),
}: {
  catalog: ProductCatalog;
  lists: ShoppingListGateway;
  routes: readonly { path: string; Component: ComponentType }[];
  url: string;
  storage?: Storage;
}) => {
  const container = testContainer({
    storage,
    overrides: {
      ProductCatalog: catalog,
      CompareStore: new MemoryCompareStore(),
      ShoppingListGateway: lists,
      Clock: new ManualClock(NOW),
    },
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
  return render(
    <ContainerProvider container={container}>
      <RouterProvider router={router} />
    </ContainerProvider>,
  );
};

/** The polite announcement of the last favorites change. */
export const announcement = () =>
  screen
    .getAllByRole('status')
    .map((s) => s.textContent ?? '')
    .join(' ');
