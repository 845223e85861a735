import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import CartPage from '../../../ui/pages/cart-page';
import { item } from '../../adapters/cart/fixtures';
import { makeCartSystem, renderCart, type CartSystem } from './harness';

afterEach(cleanup);

const show = async (system: CartSystem) => {
  renderCart({ system, routes: [{ path: '/en/cart', Component: CartPage }], url: '/en/cart' });
  await screen.findByRole('heading', { level: 1, name: /your cart/i });
};

const lineNames = () =>
  within(screen.getByRole('region', { name: 'Items in your cart' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('cart page', () => {
  it('lists lines newest first with finish, quantity, line total, and the summary', async () => {
    const system = makeCartSystem();
    const cart = await system.seed([
      ['K-1000-BL', 1],
      ['K-2000-CP', 2],
    ]);
    system.store.save({ cartId: cart.id, version: cart.version });
    await show(system);
    await waitFor(() => expect(lineNames()).toEqual(['Product K-2000-CP', 'Product K-1000-BL']));
    expect(screen.getAllByText('Finish: Matte Black').length).toBeGreaterThan(0);
    expect(
      screen.getByRole('spinbutton', { name: 'Quantity of Product K-2000-CP' }),
    ).toHaveProperty('value', '2');
    expect(screen.getByText('Line total $400.00, was $500.00')).toBeTruthy();
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByText('$600.00')).toBeTruthy(); // subtotal at list prices
    expect(within(summary).getByText('Sale savings')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeTruthy();
  });

  it('shows the shipping method the cart ships by, at its price, in the summary and total', async () => {
    const system = makeCartSystem();
    const seeded = await system.seed([['K-1000-BL', 1]]);
    await show(system);
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    await waitFor(() => expect(within(summary).getByText('Estimated shipping')).toBeTruthy());
    expect(within(summary).getByText('$14.95')).toBeTruthy();
    cleanup();

    // Checkout chose expedited: the cart (and so its page) ships by it, at $29.95, never free.
    const chosen = await system.engine.updateCart(seeded.id, seeded.version, [
      { action: 'setShippingMethod', methodId: 'expedited' },
    ]);
    system.store.save({ cartId: chosen.id, version: chosen.version });
    await show(system);
    const after = screen.getByRole('complementary', { name: 'Order summary' });
    await waitFor(() =>
      expect(within(after).getByText('Estimated shipping (Expedited)')).toBeTruthy(),
    );
    expect(within(after).getByText('$29.95')).toBeTruthy();
    expect(within(after).getByText('$129.95')).toBeTruthy(); // $100.00 + $29.95, no tax yet
  });

  it('removes a line with the spec’s message and updates the header count', async () => {
    const system = makeCartSystem();
    await system.seed([
      ['K-1000-BL', 1],
      ['K-2000-CP', 2],
    ]);
    await show(system);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Product K-2000-CP' }));
    expect(
      await screen.findByText('Product K-2000-CP has been removed from your cart.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeTruthy();
    expect(lineNames()).toEqual(['Product K-1000-BL']);
  });

  it('says a failed removal once: in the page’s own region, with the toast shown but not announced', async () => {
    const system = makeCartSystem();
    await system.seed([['K-1000-BL', 2]]);
    await show(system);
    const remove = await screen.findByRole('button', { name: 'Remove Product K-1000-BL' });
    vi.spyOn(system.engine, 'updateCart').mockRejectedValue(new Error('Network Error'));
    fireEvent.click(remove);
    await waitFor(() =>
      expect(document.querySelector('.toast__message')?.textContent).toBe(
        'Failed to Remove from Cart',
      ),
    );
    const live = [...document.querySelectorAll('[aria-live], [role="status"], [role="alert"]')];
    const saying = live.filter((region) =>
      (region.textContent ?? '').includes('Failed to Remove from Cart'),
    );
    expect(saying).toHaveLength(1);
    expect(saying[0]?.classList.contains('cart-page__message')).toBe(true);
    expect(lineNames()).toEqual(['Product K-1000-BL']);
  });

  it('empties the whole cart after a confirmation, and keeps it when the shopper changes their mind', async () => {
    const system = makeCartSystem();
    await system.seed([
      ['K-1000-BL', 1],
      ['K-2000-CP', 2],
    ]);
    await show(system);
    fireEvent.click(await screen.findByRole('button', { name: 'Empty cart' }));
    const keep = screen.getByRole('button', { name: 'Keep my items' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes, empty my cart' }));
    fireEvent.click(keep);
    expect(lineNames()).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Empty cart' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, empty my cart' }));
    expect(await screen.findByText('Your cart is now empty.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeTruthy();
    // Spec §4: the pointer keeps the deleted cart's id; a later visit finds it gone and empty.
    cleanup();
    await show(system);
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeTruthy();
  });

  it('steps quantities, and resets a quantity it cannot take', async () => {
    const system = makeCartSystem();
    await system.seed([['K-3000', 1]]);
    await show(system);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Increase quantity of Product K-3000' }),
    );
    await screen.findByRole('link', { name: 'Cart, 2 items' });
    // Stock is 2: the stepper stops there, and a typed 5 is put back.
    expect(
      screen.getByRole('button', { name: 'Increase quantity of Product K-3000' }),
    ).toHaveProperty('disabled', true);
    const input = screen.getByRole('spinbutton', { name: 'Quantity of Product K-3000' });
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.blur(input);
    expect(
      await screen.findByText('Quantity has been reset to 2: only 2 of Product K-3000 in stock.'),
    ).toBeTruthy();
    expect(screen.getByRole('spinbutton', { name: 'Quantity of Product K-3000' })).toHaveProperty(
      'value',
      '2',
    );
  });

  it('resets the quantity when the server refuses it', async () => {
    const system = makeCartSystem();
    await system.seed([['K-1000-BL', 1]]);
    await show(system);
    await screen.findByRole('link', { name: 'Cart, 1 item' });
    // Someone bought the rest while the page was open.
    system.facts.set('K-1000-BL', item('K-1000-BL', { availableQty: 1 }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Product K-1000-BL' }));
    // The page reads the cart again, so it says how many are left now.
    expect(
      await screen.findByText(
        'Quantity has been reset to 1: only 1 of Product K-1000-BL in stock.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeTruthy();
  });

  it('applies and removes promo codes, one message at a time in one live region, no console error', async () => {
    const consoleError = vi.spyOn(console, 'error');
    try {
      const system = makeCartSystem();
      await system.seed([['K-1000-BL', 1]]);
      await show(system);
      const field = await screen.findByRole('textbox', { name: 'Promo code' });
      const apply = screen.getByRole('button', { name: 'Apply' });
      const form = field.closest('form');
      if (form === null) throw new Error('the promo code field is in a form');
      // One live region says every outcome; each replaces the one before.
      const regions = within(form).getAllByRole('status');
      expect(regions).toHaveLength(1);
      const region = regions[0] as HTMLElement;
      expect(region.getAttribute('aria-live')).toBe('polite');
      expect(within(form).queryByRole('alert')).toBeNull();
      const says = async (typed: string, text: string) => {
        fireEvent.change(field, { target: { value: typed } });
        fireEvent.click(apply);
        await waitFor(() => expect(region.textContent).toBe(text));
        // Nothing said before stands next to it, here or in the page's own message.
        expect(screen.getAllByText(text)).toHaveLength(1);
        expect(document.querySelector('.cart-page__message')?.textContent).toBe('');
      };

      await says('', 'Enter a promo code.');
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(field.getAttribute('aria-describedby')).toBe(region.id);
      await says('nope', 'We don’t recognise the promo code NOPE. Check it and try again.');
      await says('SAVE10', 'Promo code SAVE10 applied.');
      expect(field.getAttribute('aria-invalid')).toBe('false');
      const summary = screen.getByRole('complementary', { name: 'Order summary' });
      expect(within(summary).getByText('−$10.00')).toBeTruthy();
      await says('save10', 'SAVE10 is already applied to your cart.');
      expect(screen.queryByText('Promo code SAVE10 applied.')).toBeNull();
      await says('SPRING2020', 'The offer for SPRING2020 has ended, so it can no longer be used.');
      await says(
        'welcome20',
        'WELCOME20 needs qualifying items worth $200.00 or more in your cart.',
      );
      fireEvent.click(screen.getByRole('button', { name: 'Remove promo code SAVE10' }));
      await waitFor(() => expect(region.textContent).toBe('Promo code SAVE10 removed.'));
      expect(within(summary).queryByText('−$10.00')).toBeNull();
      // A refusal is an answer the shopper is given, not a fault to log.
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
    }
  });

  it('says FREESHIP has nothing to take off a cart that already ships free', async () => {
    const system = makeCartSystem();
    await system.seed([['K-1000-BL', 6]]);
    await show(system);
    const field = await screen.findByRole('textbox', { name: 'Promo code' });
    fireEvent.change(field, { target: { value: 'freeship' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText(
        'Your order already ships free, so FREESHIP has nothing to take off.',
      ),
    ).toBeTruthy();
  });

  it('says tax is calculated at checkout until the cart holds a shipping state, then its amount, $0.00 too', async () => {
    const system = makeCartSystem();
    const seeded = await system.seed([['K-1000-BL', 1]]);
    await show(system);
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    await waitFor(() => expect(within(summary).getByText('Calculated at checkout')).toBeTruthy());
    cleanup();
    // Oregon charges no sales tax: a known $0.00, not "calculated at checkout".
    await system.engine.updateCart(seeded.id, seeded.version, [
      {
        action: 'setShippingAddress',
        address: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          mobile: '5035550100',
          state: 'OR',
          country: 'US',
        },
      },
    ]);
    await show(system);
    const after = screen.getByRole('complementary', { name: 'Order summary' });
    await waitFor(() => expect(within(after).getByText('Estimated tax')).toBeTruthy());
    expect(within(after).queryByText('Calculated at checkout')).toBeNull();
    expect(within(after).getByText('$0.00')).toBeTruthy();
  });

  it('notes back-orders, out-of-stock and unshippable items, and holds checkout', async () => {
    const system = makeCartSystem();
    const cart = await system.seed([
      ['K-4000', 1],
      ['K-3000', 2],
      ['K-8000', 1],
    ]);
    await system.engine.updateCart(cart.id, cart.version, [
      {
        action: 'setShippingAddress',
        address: {
          firstName: 'A',
          lastName: 'B',
          email: 'a@b.co',
          mobile: '5551234567',
          state: 'CA',
        },
      },
    ]);
    system.facts.set('K-3000', item('K-3000', { availableQty: 1 }));
    await show(system);
    expect(await screen.findByText('Back-ordered — ships in 21 days.')).toBeTruthy();
    expect(
      screen.getByText('Out of stock — only 1 available. Lower the quantity to check out.'),
    ).toBeTruthy();
    expect(screen.getByText('Can’t be shipped to your address.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Checkout' })).toHaveProperty('disabled', true);
  });

  it('shows the empty state, and a retry when the cart cannot be read', async () => {
    const system = makeCartSystem();
    const spy = vi.spyOn(system.engine, 'getActiveCarts').mockRejectedValue(new Error('offline'));
    await show(system);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('heading', { name: 'We couldn’t load your cart' })).toBeTruthy();
    spy.mockRestore();
    fireEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toBeTruthy();
  });

  it('shares the cart as a copyable link', async () => {
    const system = makeCartSystem();
    await system.seed([['K-1000-BL', 1]]);
    await show(system);
    fireEvent.click(await screen.findByRole('button', { name: 'Share cart' }));
    const link = await screen.findByRole('textbox', { name: 'Shared cart link' });
    const url = (link as HTMLInputElement).value;
    expect(url).toMatch(/\/en\/cart\/shared\/shared-/);
    const id = decodeURIComponent(url.split('/').pop() ?? '');
    expect((await system.engine.getSharedCart(id)).lineItems).toHaveLength(1);
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(url);
  });
});
