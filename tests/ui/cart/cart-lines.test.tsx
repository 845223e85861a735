/**
 * Issue 12 items 3 and 7 on screen: a sale line's unit price agrees with its total, the summary
 * names the shop's promotion, a refused quantity says why and what it is now, and a shared cart
 * shows its reader their own prices, not the sharer's promo code.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PROMOTIONS } from '../../../core/cart/engine/promotions';
import { MAX_CART_LINE_QUANTITY } from '../../../core/cart/line-quantity';
import CartPage from '../../../ui/pages/cart-page';
import SharedCartPage from '../../../ui/pages/shared-cart-page';
import { FACTS, guestTokens, item } from '../../adapters/cart/fixtures';
import { makeCartSystem, renderCart, type CartSystem } from './harness';

afterEach(cleanup);

const showCart = async (system: CartSystem) => {
  renderCart({ system, routes: [{ path: '/en/cart', Component: CartPage }], url: '/en/cart' });
  await screen.findByRole('heading', { level: 1, name: /your cart/i });
};

const lineOf = (name: string): HTMLElement => {
  const heading = screen.getByRole('heading', { level: 3, name });
  const line = heading.closest('li');
  if (line === null) throw new Error(`no line for ${name}`);
  return line;
};

describe('cart lines', () => {
  it('a sale line shows the sale unit price, the list price struck through, agreeing with its total', async () => {
    const system = makeCartSystem();
    await system.seed([['K-2000-CP', 2]]); // $250.00 list, $200.00 on sale
    await showCart(system);
    const line = await waitFor(() => lineOf('Product K-2000-CP'));
    const unit = line.querySelector('.cart-line__unit');
    expect(unit?.textContent).toContain('$200.00 each');
    expect(unit?.querySelector('s')?.textContent).toBe('$250.00');
    expect(within(line).getByText('$200.00 each, was $250.00')).toBeTruthy();
    expect(within(line).getByText('Line total $400.00, was $500.00')).toBeTruthy();
    // Not on sale: the list price alone, nothing struck through.
    cleanup();
    const plain = makeCartSystem();
    await plain.seed([['K-1000-BL', 1]]);
    await showCart(plain);
    const full = await waitFor(() => lineOf('Product K-1000-BL'));
    expect(full.querySelector('.cart-line__unit')?.textContent).toBe('$100.00 each');
    expect(full.querySelector('.cart-line__unit s')).toBeNull();
  });

  it('names the shop’s automatic promotion in the summary', async () => {
    const facts = new Map(FACTS);
    facts.set('K-PART', item('K-PART', { listCents: 500, department: 'parts' }));
    const system = makeCartSystem(facts);
    await system.seed([['K-PART', 1]]);
    await showCart(system);
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    const name = PROMOTIONS.find((p) => p.id === 'cd-parts15')?.name ?? 'missing';
    const row = await within(summary).findByText(name);
    expect(row.closest('div')?.textContent).toContain('−$0.75');
    expect(within(summary).queryByText('Promotion')).toBeNull();
  });

  it('says a quantity over the line maximum was reset, why, and to what', async () => {
    const system = makeCartSystem();
    await system.seed([['K-4000', 1]]); // back-orderable: stock does not limit it
    await showCart(system);
    const input = await screen.findByRole('spinbutton', { name: 'Quantity of Product K-4000' });
    fireEvent.change(input, { target: { value: String(MAX_CART_LINE_QUANTITY + 1) } });
    fireEvent.blur(input);
    const status = await screen.findByText(
      `Quantity has been reset to 1: a cart line holds at most ${MAX_CART_LINE_QUANTITY}.`,
    );
    expect(status.getAttribute('role')).toBe('status');
    expect(screen.getByRole('spinbutton', { name: 'Quantity of Product K-4000' })).toHaveProperty(
      'value',
      '1',
    );
  });
});

describe('a shared cart seen by someone else', () => {
  it('shows the reader’s own prices, without the sharer’s promo code, and says so', async () => {
    const system = makeCartSystem();
    const seeded = await system.seed([['K-1000-BL', 1]]); // $100.00
    const coded = await system.engine.applyDiscount(seeded.id, seeded.version, 'VIP25');
    expect(coded.lineItems[0]?.discountedPrice).toBe(7_500);
    const { sharedCartId } = await system.engine.shareCart(seeded.id);
    system.tokens.tokens = guestTokens('visitor');
    system.store.clear();
    renderCart({
      system,
      routes: [{ path: '/en/cart/shared/:id', Component: SharedCartPage }],
      url: `/en/cart/shared/${sharedCartId}`,
    });
    await screen.findByRole('heading', { name: 'Product K-1000-BL' });
    expect(screen.queryByText(/\$75\.00/)).toBeNull();
    expect(screen.getByText('$100.00 each')).toBeTruthy();
    const total = screen.getByRole('complementary', { name: 'Shared cart total' });
    expect(within(total).getByText('$100.00')).toBeTruthy();
    expect(
      screen.getByText(/Promo codes used by the person who shared the cart aren’t included/),
    ).toBeTruthy();
  });
});
