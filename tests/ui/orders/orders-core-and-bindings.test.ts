/**
 * FindOrder (core/orders/find-order.ts): normalises and validates before the call (spec §5), picks
 * the asked-for order, and reports a wrong e-mail as plain notFound. And the container binds the
 * orders gateway: HTTP in the shop, the fake in the offline demo, one per app.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { FindOrder } from '../../../core/orders/find-order';
import { createContainer } from '../../../adapters/di/container';
import { defaultAppConfig, TYPES } from '../../../adapters/di/types';
import { FakeOrdersGateway } from '../../../adapters/fake/orders/fake-orders-gateway';
import { HttpOrdersGateway } from '../../../adapters/http/orders/http-orders-gateway';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import type { OrdersGateway } from '../../../core/orders/ports';
import { order } from './fixtures';

describe('FindOrder', () => {
  it('sends the trimmed, cased lookup for any padding and case of valid input', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.mixedCase(
          fc.oneof(
            fc.stringMatching(/^LV-[0-9A-HJKMNP-TV-Z]{10}(-[1-9])?$/),
            fc.stringMatching(/^LV-[0-9]{6}$/),
          ),
        ),
        fc.emailAddress(),
        fc.constantFrom('', ' ', '  \t'),
        async (number, email, pad) => {
          const findMyOrders = vi.fn().mockResolvedValue([]);
          const outcome = await new FindOrder({ findMyOrders }).execute({
            orderNumber: `${pad}${number}${pad}`,
            email: `${pad}${email.toUpperCase()}${pad}`,
          });
          fc.pre(outcome.kind !== 'invalid'); // a few generated addresses fail our stricter pattern
          expect(findMyOrders).toHaveBeenCalledWith({
            orderNumber: number.toUpperCase(),
            email: email.toLowerCase(),
          });
          expect(outcome.kind).toBe('notFound');
        },
      ),
    );
  });

  it('refuses a blank or malformed order number and e-mail without calling', async () => {
    const findMyOrders = vi.fn();
    const outcome = await new FindOrder({ findMyOrders }).execute({
      orderNumber: '  ',
      email: 'nobody',
    });
    expect(outcome.kind === 'invalid' && outcome.errors.map((e) => e.field).sort()).toEqual([
      'email',
      'orderNumber',
    ]);
    expect(findMyOrders).not.toHaveBeenCalled();
  });

  it('answers with the order whose number was asked for, not just any result', async () => {
    const findMyOrders = vi.fn().mockResolvedValue([order('LV-100002'), order('LV-100001')]);
    const outcome = await new FindOrder({ findMyOrders }).execute({
      orderNumber: 'lv-100001',
      email: 'ada@example.com',
    });
    expect(outcome.kind === 'found' && outcome.order.orderNumber).toBe('LV-100001');
    findMyOrders.mockResolvedValue([order('LV-100002')]);
    const other = await new FindOrder({ findMyOrders }).execute({
      orderNumber: 'LV-100001',
      email: 'ada@example.com',
    });
    expect(other.kind).toBe('notFound');
  });

  it('lets a failed call throw rather than pass for "not found"', async () => {
    const findMyOrders = vi.fn().mockRejectedValue(new Error('offline'));
    await expect(
      new FindOrder({ findMyOrders }).execute({ orderNumber: 'LV-1', email: 'a@example.com' }),
    ).rejects.toThrow('offline');
  });
});

const container = (mode: 'http' | 'fake') =>
  createContainer({
    mode,
    config: defaultAppConfig,
    storage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
  });

describe('TYPES.OrdersGateway', () => {
  it('is the HTTP gateway in the shop and the in-memory fake in the demo, one per app', async () => {
    const http = container('http');
    const gateway = http.get<OrdersGateway>(TYPES.OrdersGateway);
    expect(gateway).toBeInstanceOf(HttpOrdersGateway);
    expect(http.get(TYPES.OrdersGateway)).toBe(gateway);
    const fake = container('fake').get<OrdersGateway>(TYPES.OrdersGateway);
    expect(fake).toBeInstanceOf(FakeOrdersGateway);
    // A guest in the demo has no orders yet.
    expect(await fake.listOrders('open')).toEqual([]);
  });
});
