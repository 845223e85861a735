import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProductTile } from '../../../ui/components/product-tile';
import { InMemoryCatalog, makeProduct } from '../../core/catalog/product-fixtures';
import { comparing, MemoryCompareStore, renderApp, setViewportWidth } from '../product/harness';

const products = ['K-1', 'K-2', 'K-3', 'K-4'].map((s) => makeProduct(s, { title: `Faucet ${s}` }));
const Tiles = () => (
  <main id="main">
    {products.map((p) => (
      <ProductTile key={p.sku} product={p} />
    ))}
  </main>
);
const Blank = () => <main id="main">page</main>;
const routes = [
  { path: '/en/products/:category', Component: Blank },
  { path: '/en/compare', Component: Blank },
  { path: '/en/search', Component: Tiles },
];

const tray = () => screen.getByRole('region', { name: 'Compare products' });
const removeButtons = () =>
  within(tray()).queryAllByRole('button', { name: /^Remove .* from compare$/ });

beforeEach(() => setViewportWidth(1280));
afterEach(cleanup);

const open = (skus: readonly string[], url = '/en/products/kitchen-faucets') =>
  renderApp({
    catalog: new InMemoryCatalog(products),
    compare: new MemoryCompareStore(comparing(skus)),
    routes,
    url,
  });

describe('compare tray', () => {
  it('is absent when nothing is compared and the URL has no compare parameter', async () => {
    open([]);
    await screen.findByText('page');
    expect(screen.queryByRole('region', { name: 'Compare products' })).toBeNull();
  });

  it('opens for a compare parameter even with nothing compared, with a hint', async () => {
    open([], '/en/products/kitchen-faucets?compare=');
    expect(await screen.findByText('Add products to compare from any product list.')).toBeTruthy();
    expect(within(tray()).getByRole('button', { name: 'Compare' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('survives a reload: shows the persisted products with remove buttons and a Compare link', async () => {
    open(['K-1', 'K-2']);
    await waitFor(() => expect(removeButtons()).toHaveLength(2));
    expect(
      within(tray()).getByRole('button', { name: 'Remove Faucet K-1 from compare' }),
    ).toBeTruthy();
    const link = within(tray()).getByRole('link', { name: 'Compare' });
    expect(link.getAttribute('href')).toBe('/en/compare?compare=K-1,K-2');
  });

  it('removes one product, then clears all', async () => {
    const { compare } = open(['K-1', 'K-2', 'K-3']);
    await waitFor(() => expect(removeButtons()).toHaveLength(3));
    await act(async () => {
      fireEvent.click(
        within(tray()).getByRole('button', { name: 'Remove Faucet K-2 from compare' }),
      );
    });
    expect(removeButtons()).toHaveLength(2);
    expect(compare.state?.products.map((p) => p.compareSku)).toEqual(['K-1', 'K-3']);
    await act(async () => {
      fireEvent.click(within(tray()).getByRole('button', { name: 'Clear all' }));
    });
    expect(compare.state?.products).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Compare products' })).toBeNull();
    // The announcement outlives the tray.
    expect(screen.getByText('Compare list cleared.')).toBeTruthy();
  });

  it.each([
    [375, 3],
    [812, 5],
    [1329, 5],
    [1330, 7],
  ])('at %i px wide it has %i slots', async (width, slots) => {
    setViewportWidth(width);
    open(['K-1']);
    await waitFor(() => expect(removeButtons()).toHaveLength(1));
    expect(within(tray()).getByText(`1 of ${slots}`)).toBeTruthy();
    const list = tray().querySelector('ul');
    expect(list?.children).toHaveLength(slots);
  });

  it('folds away and back', async () => {
    open(['K-1', 'K-2']);
    await waitFor(() => expect(removeButtons()).toHaveLength(2));
    const fold = within(tray()).getByRole('button', { name: 'Hide compared products' });
    fireEvent.click(fold);
    expect(fold.getAttribute('aria-expanded')).toBe('false');
    expect(removeButtons()).toHaveLength(0);
    fireEvent.click(within(tray()).getByRole('button', { name: 'Show compared products' }));
    expect(removeButtons()).toHaveLength(2);
  });

  it('forgets a message on the next page: no stale “Remove one to add …” over the compare page', async () => {
    setViewportWidth(600);
    const { router } = open(['K-1', 'K-2', 'K-3'], '/en/search');
    await waitFor(() => expect(removeButtons()).toHaveLength(3));
    const [, , , fourth] = screen.getAllByRole('button', { name: 'Add to compare' });
    fireEvent.click(fourth!);
    const message = () => tray().querySelector('.compare-tray__message')?.textContent ?? null;
    expect(message()).toBe(
      'You can compare up to 3 products at a time. Remove one to add Faucet K-4.',
    );
    await act(async () => {
      await router.navigate('/en/compare?compare=K-1,K-2,K-3');
    });
    expect(message()).toBeNull();
    // Folded on the compare page, with the count of what the page shows.
    expect(tray().querySelector('.compare-tray__count')?.textContent).toBe('3 of 3');
    expect(
      within(tray())
        .getByRole('button', { name: 'Show compared products' })
        .getAttribute('aria-expanded'),
    ).toBe('false');
  });
});
