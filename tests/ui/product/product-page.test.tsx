import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import ProductDetailsPage from '../../../ui/pages/product-details-page';
import {
  InMemoryCatalog,
  finish,
  makeProduct,
  makeReviews,
  sku,
} from '../../core/catalog/product-fixtures';
import { renderApp } from './harness';

afterEach(cleanup);

const routes = [{ path: '/en/products/:category/:slug', Component: ProductDetailsPage }];

const faucet = makeProduct('K-4120', {
  slug: 'avelle-faucet-k-4120',
  title: 'Avelle Pull-Down Kitchen Faucet',
  finishes: [
    finish('K-4120', 'CP', 'Polished Chrome', { discontinued: true }),
    finish('K-4120', 'BL', 'Matte Black'),
    finish('K-4120', 'BN', 'Brushed Nickel', { outOfStock: true }),
  ],
  requiredItems: [sku('K-77')],
});
const valve = makeProduct('K-77', { slug: 'valve-k-77', title: 'Rough-In Valve' });
const reviewed = makeProduct('K-5', {
  slug: 'reviewed-k-5',
  title: 'Reviewed Sink',
  reviewCount: 2,
  rating: 4.5,
  pairsWellWith: [sku('K-4120')],
});

const location = () => screen.getByTestId('location').textContent ?? '';

describe('product details page', () => {
  it('shows the product with a Finish radio group; picking a finish updates ?skuid= and the SKU', async () => {
    const catalog = new InMemoryCatalog([faucet, valve]);
    renderApp({
      catalog,
      routes,
      url: '/en/products/kitchen-faucets/avelle-faucet-k-4120.html?skuid=K-4120-XX',
    });
    const h1 = await screen.findByRole('heading', { level: 1, name: faucet.title });
    expect(h1).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`${faucet.title} — Lavabo`));
    expect(screen.getByText('SKU 4120-BL')).toBeTruthy();

    const group = screen.getByRole('radiogroup', { name: 'Finish' });
    const chrome = within(group).getByRole('radio', {
      name: 'Polished Chrome',
    }) as HTMLInputElement;
    const black = within(group).getByRole('radio', { name: 'Matte Black' }) as HTMLInputElement;
    const nickel = within(group).getByRole('radio', { name: 'Brushed Nickel' }) as HTMLInputElement;
    expect(chrome.disabled).toBe(true);
    expect(chrome.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      document.getElementById(chrome.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('Discontinued');
    expect(
      document.getElementById(nickel.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('Out of stock');
    expect(black.checked).toBe(true);

    await act(async () => {
      fireEvent.click(nickel);
    });
    expect(nickel.checked).toBe(true);
    expect(location()).toContain('skuid=K-4120-BN');
    expect(screen.getByText('SKU 4120-BN')).toBeTruthy();
    const main = screen.getByRole('img', { name: `${faucet.title} in Brushed Nickel` });
    expect(main.getAttribute('src')).toBe('/images/products/K-4120-BN.svg');

    // Required items as small linked tiles; no dead "Add to cart" button.
    const required = screen.getByRole('region', { name: 'Required to complete the installation' });
    expect(within(required).getByRole('link', { name: 'Rough-In Valve' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add to cart/ })).toBeNull();
  });

  it('uses tabs on the standard page, with specs as row-headed tables', async () => {
    renderApp({
      catalog: new InMemoryCatalog([faucet, valve]),
      routes,
      url: '/en/products/kitchen-faucets/avelle-faucet-k-4120',
    });
    const tabs = await screen.findByRole('tablist', { name: 'Product information' });
    const specTab = within(tabs).getByRole('tab', { name: 'Specifications' });
    fireEvent.click(specTab);
    expect(specTab.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel', { name: 'Specifications' });
    expect(within(panel).getByRole('rowheader', { name: 'Height' })).toBeTruthy();
    fireEvent.keyDown(specTab, { key: 'ArrowRight' });
    expect(within(tabs).getByRole('tab', { name: 'Documents' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.queryByRole('heading', { name: 'Reviews' })).toBeNull();
  });

  it('uses an accordion, reviews and pairs-well-with on the extended page', async () => {
    const catalog = new InMemoryCatalog([faucet, reviewed], {
      'K-5': makeReviews('K-5', [5, 4]),
    });
    renderApp({ catalog, routes, url: '/en/products/bathroom-sinks/reviewed-k-5.html' });
    await screen.findByRole('heading', { level: 1, name: 'Reviewed Sink' });
    expect(screen.queryByRole('tablist')).toBeNull();
    const specs = screen.getByRole('button', { name: 'Specifications' });
    expect(specs.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(specs);
    expect(specs.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('region', { name: 'Specifications' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pairs well with' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Review 0' })).toBeTruthy();
    // The buy box's compare button comes before the tiles' ones.
    const compare = screen.getAllByRole('button', { name: 'Add to compare' });
    expect(compare[0]?.closest('.pdp__buy')).not.toBeNull();
  });

  it('toggles compare and shows the tray', async () => {
    renderApp({
      catalog: new InMemoryCatalog([faucet, valve]),
      routes,
      url: '/en/products/kitchen-faucets/avelle-faucet-k-4120',
    });
    const [button] = await screen.findAllByRole('button', { name: 'Add to compare' });
    if (button === undefined) throw new Error('no compare button');
    expect(screen.queryByRole('region', { name: 'Compare products' })).toBeNull();
    await act(async () => {
      fireEvent.click(button);
    });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    const tray = screen.getByRole('region', { name: 'Compare products' });
    expect(
      within(tray).getByRole('button', { name: `Remove ${faucet.title} from compare` }),
    ).toBeTruthy();
  });

  it('shows a not-found state whose title says so', async () => {
    renderApp({
      catalog: new InMemoryCatalog([faucet]),
      routes,
      url: '/en/products/kitchen-faucets/nothing-here.html',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We can’t find that product' }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Product not found — Lavabo'));
    expect(screen.getByRole('link', { name: 'Shop kitchen' })).toBeTruthy();
  });

  it('shows an error with "Try again" that reloads', async () => {
    const catalog = new InMemoryCatalog([faucet]);
    catalog.fail = true;
    renderApp({ catalog, routes, url: '/en/products/kitchen-faucets/avelle-faucet-k-4120' });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    catalog.fail = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: faucet.title })).toBeTruthy();
  });
});

describe('product page → registration', () => {
  it('offers "Register this product" for the finish on screen, its model filled in', async () => {
    renderApp({
      catalog: new InMemoryCatalog([faucet, valve]),
      routes,
      url: '/en/products/kitchen-faucets/avelle-faucet-k-4120.html?skuid=K-4120-BL',
    });
    await screen.findByRole('heading', { level: 1, name: faucet.title });
    fireEvent.click(screen.getByRole('tab', { name: 'Documents' }));
    expect(screen.getByRole('link', { name: 'Register this product' }).getAttribute('href')).toBe(
      '/en/register-product/offline?model=K-4120-BL',
    );
  });

  it('offers no registration for a design or install service', async () => {
    const service = makeProduct('K-DS1', {
      slug: 'kitchen-design-k-ds1',
      title: 'Kitchen Design Consultation',
      category: 'design-services',
    });
    renderApp({
      catalog: new InMemoryCatalog([service]),
      routes,
      url: '/en/products/design-services/kitchen-design-k-ds1.html',
    });
    await screen.findByRole('heading', { level: 1, name: service.title });
    fireEvent.click(screen.getByRole('tab', { name: 'Documents' }));
    expect(screen.getByRole('link', { name: 'Printable technical specifications' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Register this product' })).toBeNull();
  });
});
