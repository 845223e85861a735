import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GetProductsBySku } from '../../../core/catalog/get-product-page';
import {
  ComparePageViewModel,
  compareRows,
  MISSING_VALUE,
  type ComparedList,
} from '../../../ui/compare/compare-page-view-model';
import ComparePage from '../../../ui/pages/compare-page';
import { InMemoryCatalog, finish, makeProduct } from '../../core/catalog/product-fixtures';
import { comparing, MemoryCompareStore, renderApp, setViewportWidth } from '../product/harness';

const a = makeProduct('K-1', {
  title: 'Faucet One',
  specs: [
    { group: 'Dimensions', label: 'Height', value: '16 in' },
    { group: 'Performance', label: 'Flow rate', value: '1.5 gpm' },
  ],
});
const b = makeProduct('K-2', {
  title: 'Faucet Two',
  finishes: [finish('K-2', 'CP', 'Polished Chrome')],
  specs: [
    { group: 'Dimensions', label: 'Height', value: '16 in' },
    { group: 'Performance', label: 'Flow rate', value: '1.8 gpm' },
    { group: 'Materials', label: 'Body', value: 'Brass' },
  ],
});
const c = makeProduct('K-3', { title: 'Faucet Three' });

const routes = [{ path: '/en/compare', Component: ComparePage }];
const tray = () => screen.getByRole('region', { name: 'Compare products' });
const trayCount = () => tray().querySelector('.compare-tray__count')?.textContent;

/** A compared list on its own, as the app's compare view model keeps it. */
const comparedList = (initial: readonly string[] = []): ComparedList => {
  const list = {
    skus: initial,
    fromLink(products: readonly { sku: string }[]) {
      list.skus = products.map((p) => p.sku);
    },
  };
  return list;
};
const location = () => screen.getByTestId('location').textContent ?? '';

beforeEach(() => setViewportWidth(1280));
afterEach(cleanup);

describe('compare page', () => {
  it('shows the URL’s products side by side, marks differences, and filters to them', async () => {
    renderApp({
      catalog: new InMemoryCatalog([a, b, c]),
      routes,
      url: '/en/compare?compare=K-1,K-2-CP',
    });
    const table = await screen.findByRole('table');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => within(h).queryByRole('link')?.textContent).filter(Boolean)).toEqual([
      'Faucet One',
      'Faucet Two',
    ]);
    const flow = within(table).getByRole('rowheader', { name: /Flow rate/ });
    expect(flow.closest('tr')?.className).toContain('compare-row--differs');
    const height = within(table).getByRole('rowheader', { name: 'Height' });
    expect(height.closest('tr')?.className).not.toContain('compare-row--differs');
    expect(within(table).getAllByText(MISSING_VALUE).length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Show only differences' }));
    expect(within(table).queryByRole('rowheader', { name: 'Height' })).toBeNull();
    expect(within(table).getByRole('rowheader', { name: /Flow rate/ })).toBeTruthy();
  });

  it('loads every product the URL names in one catalogue call, not one per product', async () => {
    const catalog = new InMemoryCatalog([a, b, c]);
    renderApp({ catalog, routes, url: '/en/compare?compare=K-3,K-2-CP,K-1' });
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Faucet Three', 'Faucet Two', 'Faucet One']);
    expect(within(table).getByRole('rowheader', { name: /Body/ })).toBeTruthy();
    expect(catalog.calls.detailsBySkus).toBe(1);
    expect(catalog.calls.bySlug).toBe(0);
    // The variant's possible master is asked for in the same call.
    expect(catalog.detailsAsked).toEqual([['K-3', 'K-2-CP', 'K-1', 'K-2']]);
  });

  it('removes a product from the table, the URL and the compared list', async () => {
    const { compare } = renderApp({
      catalog: new InMemoryCatalog([a, b, c]),
      compare: new MemoryCompareStore(comparing(['K-1', 'K-2', 'K-3'])),
      routes,
      url: '/en/compare?compare=K-1,K-2,K-3',
    });
    const table = await screen.findByRole('table');
    await act(async () => {
      fireEvent.click(
        within(table).getByRole('button', { name: 'Remove Faucet Two from compare' }),
      );
    });
    await waitFor(() => expect(location()).toBe('/en/compare?compare=K-1,K-3'));
    expect(within(table).queryByText('Faucet Two')).toBeNull();
    expect(compare.state?.products.map((p) => p.compareSku)).toEqual(['K-1', 'K-3']);
  });

  it('falls back to the compared list without a compare parameter', async () => {
    renderApp({
      catalog: new InMemoryCatalog([a, b, c]),
      compare: new MemoryCompareStore(comparing(['K-3', 'K-1'])),
      routes,
      url: '/en/compare',
    });
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Faucet Three', 'Faucet One']);
  });

  it('shows an empty state with a way on when nothing is compared', async () => {
    renderApp({ catalog: new InMemoryCatalog([a]), routes, url: '/en/compare' });
    expect(await screen.findByText('Add products to compare from any product list.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shop bathroom' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Compare products' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('sizes its columns by width: 3, 5 or 7 before scrolling', async () => {
    for (const [width, columns] of [
      [600, '3'],
      [1000, '5'],
      [1440, '7'],
    ] as const) {
      setViewportWidth(width);
      const view = renderApp({
        catalog: new InMemoryCatalog([a, b]),
        routes,
        url: '/en/compare?compare=K-1,K-2',
      });
      const table = await screen.findByRole('table');
      expect(table.style.getPropertyValue('--columns')).toBe(columns);
      expect(table.style.getPropertyValue('--count')).toBe('2');
      view.unmount();
    }
  });
});

describe('ComparePageViewModel', () => {
  it('marks a row as differing exactly when its values are not all the same', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('1.5 gpm', '1.8 gpm', '2.0 gpm'), { minLength: 1, maxLength: 5 }),
        (flows) => {
          const products = flows.map((flow, i) =>
            makeProduct(`K-${i}`, {
              specs: [{ group: 'Performance', label: 'Flow rate', value: flow }],
            }),
          );
          const row = compareRows(products)
            .flatMap((g) => g.rows)
            .find((r) => r.label === 'Flow rate');
          expect(row?.values).toEqual(flows);
          expect(row?.differs).toBe(new Set(flows).size > 1);
        },
      ),
    );
  });

  it('filters in place when a product goes, and loads when a new one comes', async () => {
    const catalog = new InMemoryCatalog([a, b, c]);
    const vm = new ComparePageViewModel(new GetProductsBySku(catalog), comparedList());
    await vm.load(['K-1', 'K-2']);
    expect(catalog.calls.detailsBySkus).toBe(1);
    vm.show(['K-2']);
    expect(vm.products.map((p) => p.sku)).toEqual(['K-2']);
    expect(catalog.calls.detailsBySkus).toBe(1);
    vm.show(['K-2', 'K-3']);
    expect(vm.status).toBe('loading');
  });

  it('loads any SKUs (masters, variants, unknown, repeated) in at most one call, each product once in the order first named', async () => {
    const products = [a, b, c];
    const named = fc.oneof(
      fc.constantFrom('K-1', 'K-2', 'K-3', 'K-9', 'K-2-CP', 'K-1-BL', 'K-3-XX', 'k-3-bn', ' K-1 '),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(named, { maxLength: 8 }), async (skus) => {
        const catalog = new InMemoryCatalog(products);
        const vm = new ComparePageViewModel(new GetProductsBySku(catalog), comparedList());
        await vm.load(skus);
        expect(vm.status).toBe('succeeded');
        expect(catalog.calls.detailsBySkus).toBeLessThanOrEqual(1);
        expect(catalog.calls.bySlug + catalog.calls.bySkus).toBe(0);
        const shown = vm.products.map((p) => p.sku as string);
        expect(new Set(shown).size).toBe(shown.length);
        // The known masters named, directly or through a variant, in the order first named.
        const expected = [
          ...new Set(
            skus
              .map((s) => s.trim().toUpperCase())
              .map((s) => products.find((p) => s === p.sku || s.startsWith(`${p.sku}-`))?.sku)
              .filter((s): s is NonNullable<typeof s> => s !== undefined),
          ),
        ];
        expect(shown).toEqual(expected);
      }),
    );
  });

  it('fails and retries', async () => {
    const catalog = new InMemoryCatalog([a]);
    catalog.fail = true;
    const vm = new ComparePageViewModel(new GetProductsBySku(catalog), comparedList());
    await vm.load(['K-1']);
    expect(vm.status).toBe('failed');
    catalog.fail = false;
    await vm.retry();
    expect(vm.products).toHaveLength(1);
  });
});

describe('compare page: one list for page, tray and URL', () => {
  it('opened from a link, makes its products the compared ones: the tray counts them', async () => {
    const { compare } = renderApp({
      catalog: new InMemoryCatalog([a, b, c]),
      compare: new MemoryCompareStore(comparing(['K-3'])),
      routes,
      url: '/en/compare?compare=K-1,K-2',
    });
    await screen.findByRole('table');
    await waitFor(() => expect(trayCount()).toBe('2 of 5'));
    expect(compare.state?.products.map((p) => p.compareSku)).toEqual(['K-1', 'K-2']);
    expect(location()).toBe('/en/compare?compare=K-1,K-2');
  });

  it('keeps the compared SKUs in the URL when opened without them, so it can be shared', async () => {
    renderApp({
      catalog: new InMemoryCatalog([a, b, c]),
      compare: new MemoryCompareStore(comparing(['K-3', 'K-1'])),
      routes,
      url: '/en/compare',
    });
    await screen.findByRole('table');
    await waitFor(() => expect(location()).toBe('/en/compare?compare=K-3,K-1'));
  });

  it('drops from the URL a SKU the catalogue does not know, and names a finish by its product', async () => {
    const { compare } = renderApp({
      catalog: new InMemoryCatalog([a, b, c]),
      routes,
      url: '/en/compare?compare=K-9,K-2-CP,K-1',
    });
    await screen.findByRole('table');
    await waitFor(() => expect(location()).toBe('/en/compare?compare=K-2,K-1'));
    expect(compare.state?.products.map((p) => p.compareSku)).toEqual(['K-2', 'K-1']);
  });

  it('follows a removal in the tray: the table and the URL lose the product too', async () => {
    renderApp({
      catalog: new InMemoryCatalog([a, b, c]),
      compare: new MemoryCompareStore(comparing(['K-1', 'K-2', 'K-3'])),
      routes,
      url: '/en/compare?compare=K-1,K-2,K-3',
    });
    const table = await screen.findByRole('table');
    fireEvent.click(within(tray()).getByRole('button', { name: 'Show compared products' }));
    await act(async () => {
      fireEvent.click(
        within(tray()).getByRole('button', { name: 'Remove Faucet Two from compare' }),
      );
    });
    await waitFor(() => expect(location()).toBe('/en/compare?compare=K-1,K-3'));
    expect(within(table).queryByText('Faucet Two')).toBeNull();
    expect(trayCount()).toBe('2 of 5');

    await act(async () => {
      fireEvent.click(within(tray()).getByRole('button', { name: 'Clear all' }));
    });
    await screen.findByText('Add products to compare from any product list.');
    expect(location()).toBe('/en/compare');
  });

  it('takes on a new link while open (a link followed from the page)', async () => {
    const { router, compare } = renderApp({
      catalog: new InMemoryCatalog([a, b, c]),
      compare: new MemoryCompareStore(comparing(['K-1', 'K-2'])),
      routes,
      url: '/en/compare?compare=K-1,K-2',
    });
    await screen.findByRole('table');
    await act(async () => {
      await router.navigate('/en/compare?compare=K-3,K-1');
    });
    await waitFor(() =>
      expect(compare.state?.products.map((p) => p.compareSku)).toEqual(['K-3', 'K-1']),
    );
    expect(location()).toBe('/en/compare?compare=K-3,K-1');
    await waitFor(() =>
      expect(
        within(screen.getByRole('table'))
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(['Faucet Three', 'Faucet One']),
    );
  });

  it('folds the tray on the compare page and offers no “Compare” there', async () => {
    renderApp({
      catalog: new InMemoryCatalog([a, b]),
      compare: new MemoryCompareStore(comparing(['K-1', 'K-2'])),
      routes,
      url: '/en/compare?compare=K-1,K-2',
    });
    await screen.findByRole('table');
    const fold = within(tray()).getByRole('button', { name: 'Show compared products' });
    expect(fold.getAttribute('aria-expanded')).toBe('false');
    expect(within(tray()).queryByRole('link', { name: 'Compare' })).toBeNull();
    fireEvent.click(fold);
    expect(
      within(tray())
        .getByRole('button', { name: 'Hide compared products' })
        .getAttribute('aria-expanded'),
    ).toBe('true');
  });
});

describe('compare rows: each fact once, in the shopper’s words', () => {
  const toilet = (sku: string, shape: string, gpf: string) =>
    makeProduct(sku, {
      title: `Toilet ${sku}`,
      specs: [
        { group: 'General', label: 'Brand', value: 'Lavabo' },
        { group: 'General', label: 'Collection', value: 'Avelle' },
        { group: 'General', label: 'Warranty', value: 'Lifetime' },
        { group: 'Materials', label: 'Finishes', value: 'White, Biscuit' },
        { group: 'Performance', label: 'Gallons per flush', value: `${gpf} gpf` },
        { group: 'Performance', label: 'Flow rate', value: '1.2 gpm' },
      ],
      attributes: { shape, gpf, gpm: '1.2', roughin: '12', pieces: 'one' },
    });

  it('shows Brand, Collection and Finishes once, and no attribute a spec already shows', () => {
    const rows = compareRows([toilet('K-1', 'elongated', '1.28'), toilet('K-2', 'round', '1.6')]);
    const labels = rows.flatMap((g) => g.rows.map((r) => r.label));
    expect(new Set(labels.map((l) => l.toLowerCase())).size).toBe(labels.length);
    for (const once of ['Brand', 'Collection', 'Finishes', 'Flow rate', 'Gallons per flush']) {
      expect(labels.filter((l) => l === once)).toHaveLength(1);
    }
    expect(labels).not.toContain('Gpm');
    expect(labels).not.toContain('Gpf');
    const row = (label: string) => rows.flatMap((g) => g.rows).find((r) => r.label === label);
    expect(row('Bowl shape')?.values).toEqual(['Elongated', 'Round']);
    expect(row('Rough-in')?.values).toEqual(['12 in', '12 in']);
    expect(row('Pieces')?.values).toEqual(['One', 'One']);
    // The General group keeps what the overview does not say.
    expect(rows.find((g) => g.title === 'General')?.rows.map((r) => r.label)).toEqual(['Warranty']);
  });

  it('never repeats a label, whatever specs and attributes the products carry', () => {
    const label = fc.constantFrom(
      'Brand',
      'Collection',
      'Finishes',
      'Flow rate',
      'flow rate',
      'Height',
      'Mount',
      'Bowl shape',
    );
    const group = fc.constantFrom('General', 'Materials', 'Performance', 'Installation');
    const attribute = fc.constantFrom('gpm', 'shape', 'mount', 'height', 'bowlShape', 'sprays');
    const product = fc.record({
      specs: fc.array(fc.record({ group, label, value: fc.constantFrom('a', 'b') }), {
        maxLength: 6,
      }),
      attributes: fc.dictionary(attribute, fc.constantFrom('1', 'x'), { maxKeys: 4 }),
    });
    fc.assert(
      fc.property(fc.array(product, { minLength: 1, maxLength: 4 }), (made) => {
        const products = made.map((p, i) => makeProduct(`K-${i}`, p));
        const labels = compareRows(products).flatMap((g) => g.rows.map((r) => r.label));
        expect(new Set(labels.map((l) => l.trim().toLowerCase())).size).toBe(labels.length);
      }),
    );
  });
});
