/**
 * `/en/order-status`: a guest finds an order with its number and e-mail (pinned names "Order
 * number", "Email", "Find order"); a wrong e-mail says only "not found" and keeps what was typed;
 * bad input is named next to its field before any call; a failed call offers a retry.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrdersGateway } from '../../../core/orders/ports';
import { FakeOrdersGateway } from '../../../adapters/fake/orders/fake-orders-gateway';
import { order } from './fixtures';
import { renderOrders } from './harness';

const seeded = () => {
  const fake = new FakeOrdersGateway(() => 'nobody');
  fake.add(order('LV-100001', { email: 'ada@example.com', status: 'Shipped' }), 'ada');
  return fake;
};

afterEach(cleanup);

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const fill = async (orderNumber: string, email: string) => {
  await screen.findByLabelText('Order number');
  type('Order number', orderNumber);
  type('Email', email);
  fireEvent.click(screen.getByRole('button', { name: 'Find order' }));
};

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

describe('Order status page', () => {
  it('finds the order by number and e-mail, typed loosely, and shows its number as text', async () => {
    renderOrders(seeded(), '/en/order-status');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Order status');
    await fill(' lv-100001 ', ' Ada@Example.com');
    const found = await screen.findByRole('article');
    expect(within(found).getByRole('heading', { level: 2 }).textContent).toBe('Order LV-100001');
    within(found).getByText('Shipped');
    within(found).getByText('$211.00');
    within(found).getByText('Visa ending in 1111');
  });

  it('answers a wrong e-mail like an unknown order and keeps what the shopper typed', async () => {
    renderOrders(seeded(), '/en/order-status');
    await fill('LV-100001', 'eve@example.com');
    const wrongEmail = (await screen.findByRole('alert')).textContent;
    expect(wrongEmail).toMatch(/could not find an order/i);
    expect(screen.queryByRole('article')).toBeNull();
    expect(field('Order number').value).toBe('LV-100001');
    expect(field('Email').value).toBe('eve@example.com');

    type('Order number', 'LV-999999');
    fireEvent.click(screen.getByRole('button', { name: 'Find order' }));
    expect((await screen.findByRole('alert')).textContent).toBe(wrongEmail);
    expect(field('Order number').value).toBe('LV-999999');
  });

  it('names the bad fields and makes no call', async () => {
    const orders: OrdersGateway = {
      findMyOrders: vi.fn(),
      getOrder: vi.fn(),
      listOrders: vi.fn(),
      splitOrders: vi.fn(),
    };
    renderOrders(orders, '/en/order-status');
    await fill('LV 1!', 'not-an-email');
    await screen.findByText('Please enter a valid order number');
    const number = field('Order number');
    expect(number.getAttribute('aria-invalid')).toBe('true');
    const describedBy = number.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(
      'Please enter a valid order number',
    );
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(field('Order number').value).toBe('LV 1!');
    expect(orders.findMyOrders).not.toHaveBeenCalled();
    // Typing again clears that field's error only.
    type('Email', 'ada@example.com');
    expect(field('Email').getAttribute('aria-invalid')).toBeNull();
    expect(field('Order number').getAttribute('aria-invalid')).toBe('true');
  });

  it('names a number the shop never hands out (an O for a 0) before any call', async () => {
    const orders: OrdersGateway = {
      findMyOrders: vi.fn().mockResolvedValue([]),
      getOrder: vi.fn(),
      listOrders: vi.fn(),
      splitOrders: vi.fn(),
    };
    renderOrders(orders, '/en/order-status');
    await fill('LV-7KM3Q9XW2O', 'ada@example.com');
    await screen.findByText('Please enter a valid order number');
    expect(field('Order number').getAttribute('aria-invalid')).toBe('true');
    expect(field('Order number').value).toBe('LV-7KM3Q9XW2O');
    expect(orders.findMyOrders).not.toHaveBeenCalled();
    // The same number typed right, in lower case, is sent upper-cased.
    type('Order number', ' lv-7km3q9xw20 ');
    fireEvent.click(screen.getByRole('button', { name: 'Find order' }));
    await screen.findByRole('alert');
    expect(orders.findMyOrders).toHaveBeenCalledWith({
      orderNumber: 'LV-7KM3Q9XW20',
      email: 'ada@example.com',
    });
  });

  it('says when the lookup failed and finds the order on retry', async () => {
    const fake = seeded();
    const findMyOrders = vi.spyOn(fake, 'findMyOrders').mockRejectedValueOnce(new Error('offline'));
    renderOrders(fake, '/en/order-status');
    await fill('LV-100001', 'ada@example.com');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not look up your order.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('article')).textContent).toContain('LV-100001');
    expect(findMyOrders).toHaveBeenCalledTimes(2);
  });

  it('lists the child orders of a split order', async () => {
    const fake = seeded();
    fake.add(order('LV-100010', { childOrders: ['LV-100011', 'LV-100012'] }), 'ada');
    fake.add(order('LV-100011', { parentOrderNumber: 'LV-100010', status: 'Shipped' }), 'ada');
    fake.add(order('LV-100012', { parentOrderNumber: 'LV-100010' }), 'ada');
    renderOrders(fake, '/en/order-status');
    await fill('LV-100010', 'ada@example.com');
    const shipments = await screen.findByRole('region', { name: 'Shipments' });
    expect(
      within(shipments)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['LV-100011 — Shipped, 2 items', 'LV-100012 — Open, 2 items']);
  });
});
