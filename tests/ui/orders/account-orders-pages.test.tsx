/**
 * `/en/account/orders` and `/en/account/orders/{id}`: the customer's open and past orders in tabs,
 * each linking to its details; another shopper's order is "not found"; failures offer a retry.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeOrdersGateway } from '../../../adapters/fake/orders/fake-orders-gateway';
import { order } from './fixtures';
import { renderOrders } from './harness';

afterEach(cleanup);

const shop = () => {
  const fake = new FakeOrdersGateway(() => 'ada');
  fake.add(order('LV-100001', { status: 'Completed', createdAt: '2026-01-05T10:00:00.000Z' }));
  fake.add(order('LV-100002', { status: 'Open', createdAt: '2026-03-01T10:00:00.000Z' }));
  fake.add(order('LV-100003', { status: 'Shipped', createdAt: '2026-03-09T10:00:00.000Z' }));
  fake.add(order('LV-100004', { status: 'Cancelled', createdAt: '2026-02-01T10:00:00.000Z' }));
  fake.add(order('LV-200001', { email: 'bob@example.com' }), 'bob');
  return fake;
};

const orderLinks = async (listName: string) =>
  within(await screen.findByRole('list', { name: listName }))
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);

describe('Order history page', () => {
  it('shows open orders first, newest first, and past orders in their own tab', async () => {
    const fake = shop();
    const listOrders = vi.spyOn(fake, 'listOrders');
    renderOrders(fake, '/en/account/orders');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Order history');
    expect(screen.getByRole('tab', { name: 'Open orders' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await orderLinks('Open orders')).toEqual([
      ['Order LV-100003', '/en/account/orders/LV-100003'],
      ['Order LV-100002', '/en/account/orders/LV-100002'],
    ]);

    fireEvent.click(screen.getByRole('tab', { name: 'Past orders' }));
    expect(await orderLinks('Past orders')).toEqual([
      ['Order LV-100004', '/en/account/orders/LV-100004'],
      ['Order LV-100001', '/en/account/orders/LV-100001'],
    ]);
    // Back to a tab already read: no second call.
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Past orders' }), { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'Open orders' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(listOrders.mock.calls).toEqual([['open'], ['past']]);
  });

  it('moves between the tabs with Home and End too, focus following', async () => {
    renderOrders(shop(), '/en/account/orders');
    await orderLinks('Open orders');
    const open = screen.getByRole('tab', { name: 'Open orders' });
    const past = screen.getByRole('tab', { name: 'Past orders' });
    open.focus();
    fireEvent.keyDown(open, { key: 'End' });
    expect(document.activeElement).toBe(past);
    expect(past.getAttribute('aria-selected')).toBe('true');
    expect([open.tabIndex, past.tabIndex]).toEqual([-1, 0]);
    expect(await orderLinks('Past orders')).toHaveLength(2);
    fireEvent.keyDown(past, { key: 'Home' });
    expect(document.activeElement).toBe(open);
    expect(open.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Open orders' })).toBeTruthy();
  });

  it('says when there are no orders', async () => {
    renderOrders(new FakeOrdersGateway(() => 'new-customer'), '/en/account/orders');
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('No open orders');
  });

  it('offers a retry when the orders could not be read', async () => {
    const fake = shop();
    vi.spyOn(fake, 'listOrders').mockRejectedValueOnce(new Error('offline'));
    renderOrders(fake, '/en/account/orders');
    const alert = await screen.findByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await orderLinks('Open orders')).toHaveLength(2);
  });

  it('opens an order’s details from the list', async () => {
    renderOrders(shop(), '/en/account/orders');
    fireEvent.click(await screen.findByRole('link', { name: 'Order LV-100002' }));
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Order LV-100002');
    expect(screen.getByTestId('location').textContent).toBe('/en/account/orders/LV-100002');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Order details');
  });
});

describe('Order details page', () => {
  it('shows the order with its lines, address, payment and totals', async () => {
    renderOrders(shop(), '/en/account/orders/lv-100003');
    const article = await screen.findByRole('article');
    expect(within(article).getByRole('heading', { level: 2 }).textContent).toBe('Order LV-100003');
    within(article).getByText('Shipped');
    within(article).getByText('March 9, 2026');
    within(article).getByText('Product K-1000-BL');
    within(article).getByText('Qty 2');
    expect(within(article).getAllByText('$200.00')).toHaveLength(2); // the line and the subtotal
    within(article).getByText('$211.00');
    expect(article.querySelector('address')?.textContent).toContain('1 Analytical Way');
  });

  it("says not found for another shopper's order, as for one that does not exist", async () => {
    renderOrders(shop(), '/en/account/orders/LV-200001');
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Order not found');
    expect(screen.queryByText('LV-200001')).toBeNull();
    cleanup();
    renderOrders(shop(), '/en/account/orders/LV-999999');
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Order not found');
  });
});
