import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import TechnicalSpecsPage from '../../../ui/pages/technical-specs-page';
import { InMemoryCatalog, makeProduct } from '../../core/catalog/product-fixtures';
import { renderApp } from './harness';

afterEach(cleanup);

const routes = [{ path: '/en/technical-specs/:sku', Component: TechnicalSpecsPage }];
const faucet = makeProduct('K-4120', { title: 'Avelle Faucet' });

describe('technical specification page', () => {
  it('finds the product by a variant SKU and lays out its specs and documents', async () => {
    renderApp({
      catalog: new InMemoryCatalog([faucet]),
      routes,
      url: '/en/technical-specs/K-4120-BL',
    });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Technical specifications: Avelle Faucet',
      }),
    ).toBeTruthy();
    expect(screen.getByText('4120-BL')).toBeTruthy();
    expect(screen.getByText('Matte Black', { selector: 'dd' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Dimensions' });
    expect(within(table).getByRole('rowheader', { name: 'Height' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Spec sheet/ }).getAttribute('href')).toContain(
      'pdf-file-download',
    );
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  });

  it('shows a not-found state for an unknown SKU', async () => {
    renderApp({
      catalog: new InMemoryCatalog([faucet]),
      routes,
      url: '/en/technical-specs/K-0000',
    });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'We can’t find specifications for that model',
      }),
    ).toBeTruthy();
    expect(screen.getByText(/model number 0000/)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Technical specifications not found — Lavabo'));
    expect(screen.queryByRole('table')).toBeNull();
  });
});
