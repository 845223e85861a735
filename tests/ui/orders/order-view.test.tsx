/**
 * How an order reads (ui/orders/order-view.tsx): every amount in the order's currency, dollars for
 * orders that name none, and the shipping address line by line as the shared formatter writes it.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { formatOrderAmount, OrderView } from '../../../ui/orders/order-view';
import { order } from './fixtures';

afterEach(cleanup);

const amounts = () =>
  within(screen.getByRole('article'))
    .getAllByText(/\d\.\d{2}$/)
    .map((el) => el.textContent ?? '');

describe('OrderView', () => {
  it('shows every amount of a Canadian-dollar order in CA$', () => {
    render(<OrderView order={order('LV-100001', { currency: 'CAD' })} />);
    const shown = amounts();
    // The line, subtotal, shipping, tax and total.
    expect(shown).toHaveLength(5);
    for (const text of shown) expect(text).toMatch(/^CA\$\d[\d,]*\.\d{2}$/);
    expect(shown.at(-1)).toBe('CA$211.00');
  });

  it('shows an order that names no currency in dollars', () => {
    render(<OrderView order={order('LV-100001')} />);
    for (const text of amounts()) expect(text).toMatch(/^\$\d[\d,]*\.\d{2}$/);
  });

  it('writes the shipping address line by line, state and postal code together', () => {
    const { container } = render(<OrderView order={order('LV-100001')} />);
    const lines = [...(container.querySelector('address')?.children ?? [])].map(
      (el) => el.textContent,
    );
    expect(lines).toEqual(['Ada Lovelace', '1 Analytical Way', 'Kohler, WI 53044']);
  });
});

describe('formatOrderAmount', () => {
  it('uses the order’s currency for any amount, and dollars without one', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (cents) => {
        const cad = formatOrderAmount({ currency: 'CAD' }, cents);
        const usd = formatOrderAmount({}, cents);
        expect(cad.replace('CA$', '')).toBe(usd.replace('$', ''));
        expect(cad).toContain('CA$');
        expect(usd).not.toContain('CA$');
      }),
    );
  });
});
