import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { isSecurePage } from '../../../core/auth/secure-pages';
import { GetProductTiles } from '../../../core/catalog/get-product-tiles';
import { DEFAULT_CONFIGURATION } from '../../../core/content/default-configuration';
import { routes } from '../../../core/content/routes';
import { LoadFavorites } from '../../../core/lists/load-favorites';
import { ToggleListItem } from '../../../core/lists/toggle-list-item';
import { ProductTile } from '../../../ui/components/product-tile';
import { FavoritesPageViewModel } from '../../../ui/lists/favorites-page-view-model';
import {
  FavoritesViewModel,
  FAVORITE_FAILED_MESSAGE,
} from '../../../ui/lists/favorites-view-model';
import FavoritesPage from '../../../ui/pages/favorites-page';
import ProductDetailsPage from '../../../ui/pages/product-details-page';
import { InMemoryCatalog, makeProduct } from '../../core/catalog/product-fixtures';
import { MemoryListGateway } from '../../core/lists/list-doubles';
import { announcement, deviceStorage, renderWithFavorites } from './harness';

afterEach(cleanup);

const one = makeProduct('K-1', { title: 'Faucet One', slug: 'faucet-one-k-1' });
const two = makeProduct('K-2', { title: 'Sink Two', slug: 'sink-two-k-2' });
const three = makeProduct('K-3', { title: 'Shower Three', slug: 'shower-three-k-3' });
const catalog = () => new InMemoryCatalog([one, two, three]);

const TileScreen = () => <ProductTile product={one} />;
const tileRoutes = [{ path: '/en/tile', Component: TileScreen }];
const favoritesRoutes = [{ path: '/en/account/favorites', Component: FavoritesPage }];

const heart = (scope: HTMLElement = document.body) =>
  within(scope).getByRole('button', { name: 'Add to favorites' });
/** The same heart once the product is a favorite: it now says what a press does. */
const saved = (scope: HTMLElement = document.body) =>
  within(scope).getByRole('button', { name: 'Remove from favorites' });

/** Holds every answer of the gateway back until released. */
const gated = (gateway: MemoryListGateway) => {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const getLists = gateway.getLists.bind(gateway);
  gateway.getLists = async (name) => {
    await gate;
    return getLists(name);
  };
  return () => release();
};

describe('the favorites heart', () => {
  it('asks a guest whose device never made favorites for none, until the first heart makes them', async () => {
    const lists = new MemoryListGateway(null);
    const storage = deviceStorage(false);
    const page = renderWithFavorites({
      catalog: catalog(),
      lists,
      routes: tileRoutes,
      url: '/en/tile',
      storage,
    });
    const button = heart();
    fireEvent.click(button);
    await waitFor(() => expect(saved()).toBe(button));
    // The press made the list without reading one first: there was none to read.
    expect(lists.calls.filter((c) => c.startsWith('get'))).toEqual([]);
    expect(lists.calls).toContain('create Favorites');
    // The next page on this device reads them.
    page.unmount();
    renderWithFavorites({
      catalog: catalog(),
      lists,
      routes: tileRoutes,
      url: '/en/tile',
      storage,
    });
    await waitFor(() => expect(saved()).toBeTruthy());
    expect(lists.calls.filter((c) => c.startsWith('get'))).toEqual(['get Favorites']);
  });

  it('on a product tile: “Add to favorites”, then “Remove from favorites” once it is one, and back', async () => {
    const lists = new MemoryListGateway(null);
    renderWithFavorites({ catalog: catalog(), lists, routes: tileRoutes, url: '/en/tile' });
    const button = heart();
    // A button whose name changes says no "pressed" as well.
    expect(button.hasAttribute('aria-pressed')).toBe(false);
    expect(button.getAttribute('aria-describedby')).toBe(
      screen.getByRole('heading', { name: 'Faucet One' }).id,
    );
    fireEvent.click(button);
    await waitFor(() => expect(saved()).toBe(button));
    expect(screen.queryByRole('button', { name: 'Add to favorites' })).toBeNull();
    expect(button.getAttribute('title')).toBe('Remove from favorites');
    expect(lists.skus()).toEqual(['K-1']);
    expect(announcement()).toContain('Faucet One added to favorites.');

    fireEvent.click(saved());
    await waitFor(() => expect(heart()).toBe(button));
    expect(screen.queryByRole('button', { name: 'Remove from favorites' })).toBeNull();
    expect(lists.skus()).toEqual([]);
    expect(announcement()).toContain('Faucet One removed from favorites.');
  });

  it('names a product that is already a favorite “Remove from favorites”', async () => {
    const lists = new MemoryListGateway(['K-1']);
    renderWithFavorites({ catalog: catalog(), lists, routes: tileRoutes, url: '/en/tile' });
    await waitFor(() => expect(saved()).toBeTruthy());
  });

  it('in the product page’s buy box: the words beside the heart change with the name', async () => {
    const lists = new MemoryListGateway(null);
    renderWithFavorites({
      catalog: catalog(),
      lists,
      routes: [{ path: '/en/products/:category/:slug', Component: ProductDetailsPage }],
      url: '/en/products/kitchen-faucets/sink-two-k-2.html',
    });
    const h1 = await screen.findByRole('heading', { level: 1, name: 'Sink Two' });
    const buyBox = h1.closest('.buy-box') as HTMLElement;
    expect(buyBox).toBeTruthy();
    expect(heart(buyBox).textContent).toBe('Add to favorites');
    fireEvent.click(heart(buyBox));
    await waitFor(() => expect(saved(buyBox).textContent).toBe('Remove from favorites'));
    expect(lists.skus()).toEqual(['K-2']);
    fireEvent.click(saved(buyBox));
    await waitFor(() => expect(heart(buyBox).textContent).toBe('Add to favorites'));
    expect(lists.skus()).toEqual([]);
  });

  it('says so when the change fails, and leaves the heart as it was', async () => {
    const lists = new MemoryListGateway(['K-3']);
    lists.addLineItem = () => Promise.reject(new Error('offline'));
    renderWithFavorites({ catalog: catalog(), lists, routes: tileRoutes, url: '/en/tile' });
    await waitFor(() => expect(lists.calls).toContain('get Favorites'));
    fireEvent.click(heart());
    await waitFor(() => expect(announcement()).toContain(FAVORITE_FAILED_MESSAGE));
    expect(heart()).toBeTruthy();
  });
});

describe('FavoritesViewModel', () => {
  it('after a sign-in, shows the new shopper’s list even when the old shopper’s read answers late', async () => {
    const guest = new MemoryListGateway(['K-1']);
    const customer = new MemoryListGateway(['K-2', 'K-3']);
    const releaseGuest = gated(guest);
    let gateway = guest;
    const load = new LoadFavorites({
      getLists: (name) => gateway.getLists(name),
    } as MemoryListGateway);
    const vm = new FavoritesViewModel({ load, toggle: new ToggleListItem(customer) });
    const guestRead = vm.load();
    // The shopper signs in while the guest's read is on its way.
    gateway = customer;
    await vm.reload();
    expect(vm.skus).toEqual(['K-2', 'K-3']);
    releaseGuest();
    await guestRead;
    expect(vm.skus).toEqual(['K-2', 'K-3']);
    expect(vm.status).toBe('succeeded');
  });

  it('runs quick clicks one after another, each against the list the last one left', async () => {
    const lists = new MemoryListGateway(null);
    const vm = new FavoritesViewModel({
      load: new LoadFavorites(lists),
      toggle: new ToggleListItem(lists),
    });
    const product = { sku: 'K-1', title: 'Faucet One' };
    await Promise.all([vm.toggle(product), vm.toggle(product), vm.toggle(product)]);
    expect(vm.isFavorite('K-1')).toBe(true);
    expect(lists.skus()).toEqual(['K-1']);
    expect(lists.calls.filter((c) => c.startsWith('create'))).toHaveLength(1);
    expect(vm.pending).toEqual([]);
  });
});

describe('favorites page', () => {
  it('shows the favorite products, newest first, and removes one', async () => {
    const lists = new MemoryListGateway(['K-1', 'K-2']);
    renderWithFavorites({
      catalog: catalog(),
      lists,
      routes: favoritesRoutes,
      url: '/en/account/favorites',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'My favorites' })).toBeTruthy();
    const grid = await screen.findByRole('list', { name: 'Favorite products' });
    expect(
      within(grid)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Sink Two', 'Faucet One']);
    expect(screen.getByText('2 products')).toBeTruthy();
    for (const item of within(grid).getAllByRole('listitem')) {
      expect(saved(item)).toBeTruthy();
    }

    fireEvent.click(screen.getByRole('button', { name: 'Remove Faucet One from favorites' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Faucet One' })).toBeNull());
    expect(lists.skus()).toEqual(['K-2']);
    expect(screen.getByText('1 product')).toBeTruthy();
  });

  it('drops a product whose heart is switched off on the page', async () => {
    const lists = new MemoryListGateway(['K-3']);
    renderWithFavorites({
      catalog: catalog(),
      lists,
      routes: favoritesRoutes,
      url: '/en/account/favorites',
    });
    const grid = await screen.findByRole('list', { name: 'Favorite products' });
    fireEvent.click(await waitFor(() => saved(grid)));
    await screen.findByRole('heading', { name: 'No favorites yet' });
    expect(lists.skus()).toEqual([]);
  });

  it('shows a loading skeleton, then an empty state for a shopper with no favorites', async () => {
    const lists = new MemoryListGateway(null);
    const release = gated(lists);
    renderWithFavorites({
      catalog: catalog(),
      lists,
      routes: favoritesRoutes,
      url: '/en/account/favorites',
    });
    expect(await screen.findByText('Loading products…')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'No favorites yet' })).toBeNull();
    release();
    expect(await screen.findByRole('heading', { name: 'No favorites yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start shopping' }).getAttribute('href')).toBe('/en');
    expect(screen.queryByText('Loading products…')).toBeNull();
  });

  it('offers a retry when the list cannot be read', async () => {
    const lists = new MemoryListGateway(['K-1']);
    const getLists = lists.getLists.bind(lists);
    let failing = true;
    lists.getLists = (name) => (failing ? Promise.reject(new Error('offline')) : getLists(name));
    renderWithFavorites({
      catalog: catalog(),
      lists,
      routes: favoritesRoutes,
      url: '/en/account/favorites',
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your favorites.');
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Faucet One' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers a retry when the products cannot be looked up', async () => {
    const lists = new MemoryListGateway(['K-2']);
    const products = catalog();
    products.fail = true;
    renderWithFavorites({
      catalog: products,
      lists,
      routes: favoritesRoutes,
      url: '/en/account/favorites',
    });
    const alert = await screen.findByRole('alert');
    products.fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Sink Two' })).toBeTruthy();
  });

  it('is open to guests: the shop’s secure pages leave it out, as the README promises', () => {
    const { securePagePathList, general } = DEFAULT_CONFIGURATION;
    expect(isSecurePage(routes.favorites, securePagePathList, general.shortendPagePath)).toBe(
      false,
    );
    // Orders and settings still ask for a session.
    expect(isSecurePage(routes.orderHistory, securePagePathList)).toBe(true);
    expect(isSecurePage(routes.accountSettings, securePagePathList)).toBe(true);
  });

  it('shows the products that join the list while it is open, as after a sign-in merge', async () => {
    const guest = new MemoryListGateway(['K-1']);
    const account = new MemoryListGateway(['K-1', 'K-3']);
    let gateway = guest;
    const load = new LoadFavorites({ getLists: (name) => gateway.getLists(name) });
    const favorites = new FavoritesViewModel({ load, toggle: new ToggleListItem(guest) });
    const page = new FavoritesPageViewModel(favorites, new GetProductTiles(catalog()));
    const stop = page.follow();
    await page.load();
    expect(page.products.map((p) => p.title)).toEqual(['Faucet One']);

    // The shopper signs in: the list is read again, and says "loading" meanwhile, not "empty".
    gateway = account;
    const reading = favorites.reload();
    expect(page.shownStatus).toBe('loading');
    expect(page.isEmpty).toBe(false);
    await reading;
    await waitFor(() =>
      expect(page.products.map((p) => p.title)).toEqual(['Shower Three', 'Faucet One']),
    );
    expect(page.shownStatus).toBe('succeeded');
    stop();
  });
});
