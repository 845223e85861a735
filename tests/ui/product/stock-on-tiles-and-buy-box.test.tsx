/**
 * Issue 12: a product opens on a finish the shopper can buy, a disabled "Add to cart" says why,
 * and tiles say when stock matters (out of stock, only N left, ships later).
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { GetProductPage } from '../../../core/catalog/get-product-page';
import { AddToCartPanel } from '../../../ui/cart/add-to-cart-panel';
import { FinishPicker } from '../../../ui/catalog/product/finish-picker';
import { ProductViewModel } from '../../../ui/catalog/product/product-view-model';
import { ProductTile } from '../../../ui/components/product-tile';
import { makeCartSystem, renderCart } from '../cart/harness';
import {
  finish,
  InMemoryCatalog,
  makeProduct,
  summaryOf,
} from '../../core/catalog/product-fixtures';
import { renderApp } from './harness';

afterEach(cleanup);

const buyBox = (product: ReturnType<typeof makeProduct>) => {
  const catalog = new InMemoryCatalog([product]);
  for (const f of product.finishes) catalog.stockBySku.set(f.sku, f.availableQty ?? 10);
  return observer(() => {
    const [vm] = useState(() => {
      const model = new ProductViewModel(new GetProductPage(catalog), catalog);
      void model.load(product.slug, undefined);
      return model;
    });
    return (
      <main>
        <h1>{vm.product?.title ?? 'Loading'}</h1>
        <FinishPicker
          finishes={vm.finishes}
          selectedSku={vm.selectedSku}
          onSelect={(s) => vm.selectFinish(s)}
        />
        <AddToCartPanel vm={vm} />
      </main>
    );
  });
};

describe('the buy box of a product opened without ?skuid=', () => {
  it('opens on the first finish in stock, with Add to cart enabled, when the first finish is out', async () => {
    const product = makeProduct('K-4120', {
      finishes: [
        finish('K-4120', 'CP', 'Polished Chrome', { outOfStock: true, availableQty: 0 }),
        finish('K-4120', 'BN', 'Brushed Nickel', { availableQty: 12 }),
        finish('K-4120', 'BL', 'Matte Black', { availableQty: 30 }),
      ],
    });
    renderCart({
      system: makeCartSystem(),
      routes: [{ path: '/en/p', Component: buyBox(product) }],
      url: '/en/p',
    });
    await screen.findByRole('heading', { name: 'Product K-4120' });
    const group = screen.getByRole('radiogroup', { name: 'Finish' });
    expect(
      (within(group).getByRole('radio', { name: 'Brushed Nickel' }) as HTMLInputElement).checked,
    ).toBe(true);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add to cart' })).toHaveProperty('disabled', false),
    );
  });

  it('disables Add to cart for an out-of-stock finish and gives the reason as its description', async () => {
    const product = makeProduct('K-4121', {
      finishes: [
        finish('K-4121', 'CP', 'Polished Chrome', { availableQty: 12 }),
        finish('K-4121', 'BL', 'Matte Black', { outOfStock: true, availableQty: 0 }),
      ],
    });
    renderCart({
      system: makeCartSystem(),
      routes: [{ path: '/en/p', Component: buyBox(product) }],
      url: '/en/p',
    });
    await screen.findByRole('heading', { name: 'Product K-4121' });
    fireEvent.click(screen.getByRole('radio', { name: 'Matte Black' }));
    const button = screen.getByRole('button', { name: 'Add to cart' });
    await waitFor(() => expect(button).toHaveProperty('disabled', true));
    const described = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('This finish is out of stock.');
    expect(button.classList.contains('add-to-cart__button')).toBe(true);
  });
});

describe('the stock line of a product tile', () => {
  const tiles = [
    makeProduct('K-1', {
      title: 'Plenty',
      finishes: [finish('K-1', 'CP', 'Polished Chrome', { availableQty: 40 })],
    }),
    makeProduct('K-2', {
      title: 'Nearly gone',
      finishes: [
        finish('K-2', 'CP', 'Polished Chrome', { outOfStock: true, availableQty: 0 }),
        finish('K-2', 'BL', 'Matte Black', { availableQty: 3 }),
      ],
    }),
    makeProduct('K-3', {
      title: 'Sold out',
      finishes: [
        finish('K-3', 'CP', 'Polished Chrome', { outOfStock: true, availableQty: 0 }),
        finish('K-3', 'BL', 'Matte Black', { outOfStock: true, availableQty: 0 }),
      ],
    }),
    makeProduct('K-4', {
      title: 'Made to order',
      backorderable: true,
      leadTimeDays: 21,
      finishes: [finish('K-4', 'CP', 'Polished Chrome', { availableQty: 0 })],
    }),
    makeProduct('K-5', {
      title: 'One left, no finishes',
      finishes: [],
      availableQty: 1,
    }),
  ];
  const Tiles = () => (
    <main>
      {tiles.map((p) => (
        <ProductTile key={p.sku} product={summaryOf(p)} />
      ))}
    </main>
  );

  const lineOf = (title: string): string | null => {
    const tile = screen.getByRole('heading', { name: title }).closest('article') as HTMLElement;
    return tile.querySelector('.product-tile__stock')?.textContent ?? null;
  };

  it('says out of stock, only N left or ships in N weeks, and nothing when stock is plenty', async () => {
    renderApp({
      catalog: new InMemoryCatalog(tiles),
      routes: [{ path: '/en/t', Component: Tiles }],
      url: '/en/t',
    });
    await screen.findByRole('heading', { name: 'Plenty' });
    expect(lineOf('Plenty')).toBeNull();
    expect(lineOf('Nearly gone')).toBe('Only 3 left');
    expect(lineOf('Sold out')).toBe('Out of stock');
    expect(lineOf('Made to order')).toBe('Ships in 3 weeks');
    expect(lineOf('One left, no finishes')).toBe('Only 1 left');
  });
});
