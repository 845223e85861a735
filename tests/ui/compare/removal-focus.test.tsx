/**
 * Focus after a product leaves the compare tray or the compare page: never <body>. The next
 * product's remove takes it (the previous one's when the last went); with none left, the tray's
 * heading while the tray stays, the page's h1 when it closes, the compare page's h1 on that page.
 * Every removal is announced politely, also one of a product only the URL named.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ComparePage from '../../../ui/pages/compare-page';
import { InMemoryCatalog, makeProduct } from '../../core/catalog/product-fixtures';
import { comparing, MemoryCompareStore, renderApp, setViewportWidth } from '../product/harness';

const Listing = () => (
  <main id="main">
    <h1>Kitchen Faucets</h1>
  </main>
);
const routes = [
  { path: '/en/products/:category', Component: Listing },
  { path: '/en/compare', Component: ComparePage },
];

const products = ['K-1', 'K-2', 'K-3'].map((s) => makeProduct(s, { title: `Faucet ${s}` }));
const catalog = () => new InMemoryCatalog(products);

beforeEach(() => setViewportWidth(1280));
afterEach(cleanup);

const tray = () => screen.getByRole('region', { name: 'Compare products' });
const trayRemove = (sku: string) =>
  within(tray()).getByRole('button', { name: `Remove Faucet ${sku} from compare` });
const trayRemoves = () =>
  within(tray()).queryAllByRole('button', { name: /^Remove .* from compare$/ });
/** What the tray's polite live region says. */
const announced = () => document.querySelector('p[aria-live="polite"]')?.textContent ?? '';

const press = async (control: HTMLElement) => {
  control.focus();
  await act(async () => {
    fireEvent.click(control);
  });
};

describe('compare tray: focus after a removal', () => {
  it('goes to the next product’s remove, then the previous one’s, then the page’s h1 as the tray closes', async () => {
    renderApp({
      catalog: catalog(),
      compare: new MemoryCompareStore(comparing(['K-1', 'K-2', 'K-3'])),
      routes,
      url: '/en/products/kitchen-faucets',
    });
    await waitFor(() => expect(trayRemoves()).toHaveLength(3));
    await press(trayRemove('K-2'));
    expect(trayRemoves()).toHaveLength(2);
    expect(document.activeElement).toBe(trayRemove('K-3'));
    expect(announced()).toBe('Faucet K-2 removed from compare.');

    await press(trayRemove('K-3'));
    expect(document.activeElement).toBe(trayRemove('K-1'));

    await press(trayRemove('K-1'));
    expect(screen.queryByRole('region', { name: 'Compare products' })).toBeNull();
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 1, name: 'Kitchen Faucets' }),
    );
  });

  it('goes to the tray’s heading when it stays open empty (a compare parameter), also after “Clear all”', async () => {
    renderApp({
      catalog: catalog(),
      compare: new MemoryCompareStore(comparing(['K-1', 'K-2'])),
      routes,
      url: '/en/products/kitchen-faucets?compare=',
    });
    await waitFor(() => expect(trayRemoves()).toHaveLength(2));
    await press(within(tray()).getByRole('button', { name: 'Clear all' }));
    expect(trayRemoves()).toHaveLength(0);
    expect(document.activeElement).toBe(
      within(tray()).getByRole('heading', { name: /^Compare products/ }),
    );
    expect(announced()).toBe('Compare list cleared.');
  });
});

describe('compare page: focus after a removal', () => {
  it('goes to the next product’s Remove, then the previous one’s, then the page heading', async () => {
    renderApp({
      catalog: catalog(),
      compare: new MemoryCompareStore(comparing(['K-1', 'K-2', 'K-3'])),
      routes,
      url: '/en/compare?compare=K-1,K-2,K-3',
    });
    const table = await screen.findByRole('table');
    const pageRemove = (sku: string) =>
      within(table).getByRole('button', { name: `Remove Faucet ${sku} from compare` });
    const columns = () => within(table).getAllByRole('columnheader').length;

    await press(pageRemove('K-1'));
    await waitFor(() => expect(columns()).toBe(2));
    expect(document.activeElement).toBe(pageRemove('K-2'));
    expect(announced()).toBe('Faucet K-1 removed from compare.');

    await press(pageRemove('K-3'));
    await waitFor(() => expect(columns()).toBe(1));
    expect(document.activeElement).toBe(pageRemove('K-2'));

    await press(pageRemove('K-2'));
    await screen.findByRole('heading', { name: 'Nothing to compare yet' });
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 1, name: 'Compare products' }),
    );
  });

  it('announces removing a product a link named (the link’s products became the compared ones)', async () => {
    const { compare } = renderApp({
      catalog: catalog(),
      routes,
      url: '/en/compare?compare=K-1,K-2',
    });
    const table = await screen.findByRole('table');
    await press(within(table).getByRole('button', { name: 'Remove Faucet K-1 from compare' }));
    await waitFor(() => expect(within(table).getAllByRole('columnheader')).toHaveLength(1));
    expect(announced()).toBe('Faucet K-1 removed from compare.');
    expect(document.activeElement).toBe(
      within(table).getByRole('button', { name: 'Remove Faucet K-2 from compare' }),
    );
    expect(compare.state?.products.map((p) => p.compareSku)).toEqual(['K-2']);
  });
});
