/**
 * Focus after a removal on the cart page: it never falls to <body>. A removed line hands focus to
 * the next line's Remove (the previous one's when it was last, the page heading when none is
 * left); a removed promo code to the next code's Remove, else the promo code field; emptying the
 * cart to the heading. A removal never takes focus from where the shopper has moved it meanwhile.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CartPage from '../../../ui/pages/cart-page';
import { makeCartSystem, renderCart, type CartSystem } from './harness';

afterEach(cleanup);

const show = async (system: CartSystem) => {
  renderCart({ system, routes: [{ path: '/en/cart', Component: CartPage }], url: '/en/cart' });
  await screen.findByRole('heading', { level: 1, name: /your cart/i });
};

/** A line's Remove button (at quantity 1 its stepper's − has the same name). */
const removeButton = (name: string) => {
  const button = screen
    .getAllByRole('button', { name: `Remove ${name}` })
    .find((b) => b.textContent === 'Remove');
  if (button === undefined) throw new Error(`no Remove button for ${name}`);
  return button;
};
const lineRemoveButtons = () =>
  within(screen.getByRole('region', { name: 'Items in your cart' }))
    .getAllByRole('button', { name: /^Remove / })
    .filter((b) => b.textContent === 'Remove');
const message = () => document.querySelector('.cart-page__message')?.textContent ?? '';

/** Clicks a control the way a keyboard user does: focused first, then pressed. */
const press = async (control: HTMLElement) => {
  control.focus();
  await act(async () => {
    fireEvent.click(control);
  });
};

/** Three lines, newest first on the page: K-3000, K-2000-CP, K-1000-BL. */
const threeLines = async () => {
  const system = makeCartSystem();
  await system.seed([
    ['K-1000-BL', 1],
    ['K-2000-CP', 1],
    ['K-3000', 1],
  ]);
  await show(system);
  await waitFor(() => expect(lineRemoveButtons()).toHaveLength(3));
  return system;
};

describe('cart page: focus after a line is removed', () => {
  it('goes to the next line’s Remove, then the previous one’s, then the page heading', async () => {
    await threeLines();
    await press(removeButton('Product K-2000-CP'));
    await waitFor(() => expect(lineRemoveButtons()).toHaveLength(2));
    expect(document.activeElement).toBe(removeButton('Product K-1000-BL'));
    expect(message()).toBe('Product K-2000-CP has been removed from your cart.');

    // The last line went: the one before it.
    await press(removeButton('Product K-1000-BL'));
    await waitFor(() => expect(lineRemoveButtons()).toHaveLength(1));
    expect(document.activeElement).toBe(removeButton('Product K-3000'));

    // None left: the page's heading, above the empty state.
    await press(removeButton('Product K-3000'));
    await screen.findByRole('heading', { name: 'Your cart is empty' });
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 1, name: /your cart/i }),
    );
    expect(message()).toBe('Product K-3000 has been removed from your cart.');
  });

  it('also when the line goes by its quantity stepper (− at quantity 1)', async () => {
    await threeLines();
    const minus = screen
      .getAllByRole('button', { name: 'Remove Product K-3000' })
      .find((b) => b.classList.contains('stepper__button'));
    expect(minus).toBeDefined();
    if (minus !== undefined) await press(minus);
    await waitFor(() => expect(lineRemoveButtons()).toHaveLength(2));
    expect(document.activeElement).toBe(removeButton('Product K-2000-CP'));
  });

  it('also when focus fell to <body> while the removal was on its way (a disabled button)', async () => {
    await threeLines();
    const button = removeButton('Product K-3000');
    button.focus();
    await act(async () => {
      fireEvent.click(button);
      button.blur(); // what the browser's focus fixup does to a control that gets disabled
    });
    await waitFor(() => expect(lineRemoveButtons()).toHaveLength(2));
    expect(document.activeElement).toBe(removeButton('Product K-2000-CP'));
  });

  it('leaves focus where the shopper moved it while the removal was on its way', async () => {
    await threeLines();
    const field = screen.getByRole('textbox', { name: 'Promo code' });
    const button = removeButton('Product K-3000');
    button.focus();
    await act(async () => {
      fireEvent.click(button);
      field.focus();
    });
    await waitFor(() => expect(lineRemoveButtons()).toHaveLength(2));
    expect(document.activeElement).toBe(field);
  });

  it('goes to the page heading after “Yes, empty my cart”', async () => {
    await threeLines();
    fireEvent.click(screen.getByRole('button', { name: 'Empty cart' }));
    await press(screen.getByRole('button', { name: 'Yes, empty my cart' }));
    await screen.findByRole('heading', { name: 'Your cart is empty' });
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 1, name: /your cart/i }),
    );
  });
});

describe('cart page: a change on its way', () => {
  it('keeps focus on the pressed button, marks it unavailable, and ignores a second press', async () => {
    const system = await threeLines();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const update = system.engine.updateCart.bind(system.engine);
    const spy = vi.spyOn(system.engine, 'updateCart').mockImplementation(async (...args) => {
      await gate;
      return update(...args);
    });
    const plus = screen.getByRole('button', { name: 'Increase quantity of Product K-3000' });
    await press(plus);
    expect(plus.getAttribute('aria-disabled')).toBe('true');
    expect(plus.hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(plus);
    await press(plus);
    await press(removeButton('Product K-3000'));
    await act(async () => {
      release();
      await gate;
    });
    const quantity = () =>
      (screen.getByRole('spinbutton', { name: 'Quantity of Product K-3000' }) as HTMLInputElement)
        .value;
    await waitFor(() => expect(quantity()).toBe('2'));
    expect(spy).toHaveBeenCalledTimes(1);
    expect(lineRemoveButtons()).toHaveLength(3);
    const after = screen.getByRole('button', { name: 'Increase quantity of Product K-3000' });
    expect(after.getAttribute('aria-disabled')).toBe('false');
    expect(document.activeElement).toBe(removeButton('Product K-3000'));
  });
});

describe('cart page: focus after a promo code is removed', () => {
  it('goes to the next code’s Remove, else to the promo code field', async () => {
    const system = makeCartSystem();
    await system.seed([['K-1000-BL', 1]]);
    await show(system);
    const field = await screen.findByRole('textbox', { name: 'Promo code' });
    for (const code of ['SAVE10', 'FREESHIP']) {
      fireEvent.change(field, { target: { value: code } });
      fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
      expect(await screen.findByText(`Promo code ${code} applied.`)).toBeTruthy();
    }
    const codes = () =>
      screen
        .queryAllByRole('button', { name: /^Remove promo code / })
        .map((b) => b.getAttribute('aria-label'));
    expect(codes()).toHaveLength(2);
    const [first, second] = codes();

    await press(screen.getByRole('button', { name: first ?? '' }));
    await waitFor(() => expect(codes()).toEqual([second]));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: second ?? '' }));

    await press(screen.getByRole('button', { name: second ?? '' }));
    await waitFor(() => expect(codes()).toEqual([]));
    expect(document.activeElement).toBe(field);
    expect(document.querySelector('.promo-form [role="status"]')?.textContent).toBe(
      `${second?.replace('Remove p', 'P') ?? ''} removed.`,
    );
  });
});
