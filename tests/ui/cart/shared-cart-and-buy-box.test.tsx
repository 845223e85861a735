import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { GetProductPage } from '../../../core/catalog/get-product-page';
import { AddToCartPanel } from '../../../ui/cart/add-to-cart-panel';
import { ProductViewModel } from '../../../ui/catalog/product/product-view-model';
import SharedCartPage from '../../../ui/pages/shared-cart-page';
import { guestTokens, item } from '../../adapters/cart/fixtures';
import { finish, InMemoryCatalog, makeProduct } from '../../core/catalog/product-fixtures';
import { addLine, makeCartSystem, renderCart } from './harness';

afterEach(cleanup);

describe('shared cart page', () => {
  it('shows what was shared to anyone with the link and adds it all to their own cart', async () => {
    const system = makeCartSystem();
    system.facts.set('K-5000', item('K-5000', { availableQty: 5 }));
    const cart = await system.seed([
      ['K-1000-BL', 2],
      ['K-5000', 1],
    ]);
    // K-5000 ran out before the cart was shared: it is shown, and left out of "Add all to cart".
    system.facts.set('K-5000', item('K-5000', { availableQty: 0 }));
    const { sharedCartId } = await system.engine.shareCart(cart.id);
    // Someone else opens the link.
    system.tokens.tokens = guestTokens('visitor');
    system.store.clear();
    renderCart({
      system,
      routes: [{ path: '/en/cart/shared/:id', Component: SharedCartPage }],
      url: `/en/cart/shared/${sharedCartId}`,
    });
    expect(await screen.findByRole('heading', { level: 1, name: /shared cart/i })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Product K-1000-BL' })).toBeTruthy();
    expect(screen.getByText('Out of stock — it won’t be added.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add all to cart' }));
    await screen.findByRole('link', { name: 'Cart, 2 items' });
    expect(
      screen.getByText(/Added 1 item to your cart\. 1 out-of-stock item was left out\./),
    ).toBeTruthy();
    const mine = await system.engine.getActiveCarts();
    expect(mine.map((c) => c.anonymousId)).toEqual(['visitor']);
  });

  it('adds the rest when an item runs out after the cart was shared', async () => {
    const system = makeCartSystem();
    const cart = await system.seed([
      ['K-1000-BL', 1],
      ['K-3000', 2],
    ]);
    const { sharedCartId } = await system.engine.shareCart(cart.id);
    system.tokens.tokens = guestTokens('visitor');
    system.store.clear();
    system.facts.set('K-3000', item('K-3000', { availableQty: 1 }));
    renderCart({
      system,
      routes: [{ path: '/en/cart/shared/:id', Component: SharedCartPage }],
      url: `/en/cart/shared/${sharedCartId}`,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add all to cart' }));
    await screen.findByRole('link', { name: 'Cart, 1 item' });
    expect(screen.getByText(/1 out-of-stock item was left out\./)).toBeTruthy();
  });

  it('says so when the link leads nowhere', async () => {
    const system = makeCartSystem();
    renderCart({
      system,
      routes: [{ path: '/en/cart/shared/:id', Component: SharedCartPage }],
      url: '/en/cart/shared/nope',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This shared cart link doesn’t work' }),
    ).toBeTruthy();
  });
});

const productPage = (product: ReturnType<typeof makeProduct>, stock: Record<string, number>) => {
  const catalog = new InMemoryCatalog([product]);
  for (const [sku, qty] of Object.entries(stock)) catalog.stockBySku.set(sku, qty);
  const Page = observer(() => {
    const [vm] = useState(() => {
      const model = new ProductViewModel(new GetProductPage(catalog), catalog);
      void model.load(product.slug, undefined);
      return model;
    });
    return (
      <main>
        <h1>{vm.product?.title ?? 'Loading'}</h1>
        <AddToCartPanel vm={vm} />
      </main>
    );
  });
  return Page;
};

describe('Add to cart in the buy box', () => {
  it('adds the selected finish with the chosen quantity, with a toast and the header count', async () => {
    const system = makeCartSystem();
    const product = makeProduct('K-1000', { finishes: [finish('K-1000', 'BL', 'Matte Black')] });
    renderCart({
      system,
      routes: [{ path: '/en/p', Component: productPage(product, { 'K-1000-BL': 30 }) }],
      url: '/en/p',
    });
    await screen.findByRole('heading', { name: 'Product K-1000' });
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });
    fireEvent.change(quantity, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await screen.findByRole('link', { name: 'Cart, 3 items' });
    const toast = screen.getByText('3 × Product K-1000 added to your cart.');
    expect(
      within(toast.parentElement as HTMLElement).getByRole('link', { name: 'View cart' }),
    ).toBeTruthy();
    const [cart] = await system.engine.getActiveCarts();
    expect(cart?.lineItems.map((l) => [l.sku, l.quantity])).toEqual([['K-1000-BL', 3]]);
  });

  it('holds the button for an out-of-stock finish, and has none for store-only products', async () => {
    const system = makeCartSystem();
    const product = makeProduct('K-5000', {
      finishes: [finish('K-5000', 'BL', 'Matte Black', { outOfStock: true })],
    });
    renderCart({
      system,
      routes: [{ path: '/en/p', Component: productPage(product, { 'K-5000-BL': 0 }) }],
      url: '/en/p',
    });
    await screen.findByRole('heading', { name: 'Product K-5000' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add to cart' })).toHaveProperty('disabled', true),
    );
    expect(screen.getByText('This finish is out of stock.')).toBeTruthy();
    cleanup();
    const storeOnly = makeProduct('K-7000', { retailExclusive: true });
    renderCart({
      system,
      routes: [{ path: '/en/p', Component: productPage(storeOnly, {}) }],
      url: '/en/p',
    });
    await screen.findByRole('heading', { name: 'Product K-7000' });
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
  });

  it('adds a back-ordered finish one at a time', async () => {
    const system = makeCartSystem();
    const product = makeProduct('K-4000', {
      backorderable: true,
      leadTimeDays: 21,
      finishes: [],
      availableQty: 0,
    });
    renderCart({
      system,
      routes: [{ path: '/en/p', Component: productPage(product, {}) }],
      url: '/en/p',
    });
    await screen.findByRole('heading', { name: 'Product K-4000' });
    expect(
      screen.getByText('Back-ordered items are added one at a time and ship when back in stock.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await screen.findByRole('link', { name: 'Cart, 1 item' });
    const [cart] = await system.engine.getActiveCarts();
    expect(cart?.lineItems[0]).toMatchObject({ sku: 'K-4000', quantity: 1 });
  });
});

describe('mini cart preview', () => {
  it('opens from the cart link on desktop with the newest lines and the subtotal', async () => {
    Object.defineProperty(window, 'innerWidth', {
      configurable: true,
      value: 1440,
      writable: true,
    });
    const system = makeCartSystem();
    const cart = await system.seed([
      ['K-1000-BL', 1],
      ['K-2000-CP', 1],
    ]);
    // Added a minute later: lines are stamped with the time they were added, as on the server.
    system.clock.advance(60_000);
    await system.engine.updateCart(cart.id, cart.version, [addLine('K-3000', 1)]);
    renderCart({ system, routes: [{ path: '/en', Component: () => <h1>Home</h1> }], url: '/en' });
    const link = await screen.findByRole('link', { name: 'Cart, 3 items' });
    fireEvent.mouseEnter(link.parentElement as HTMLElement);
    const preview = await screen.findByRole('region', { name: 'Cart preview' });
    expect(within(preview).getByText('$400.00')).toBeTruthy();
    expect(within(preview).getAllByRole('listitem')[0]?.textContent).toContain('Product K-3000');
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Cart preview' })).toBeNull();
  });
});
