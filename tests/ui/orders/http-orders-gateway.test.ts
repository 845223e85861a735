/**
 * The HTTP orders gateway speaks docs/api.md "Orders": the paths, bodies and query it sends, the
 * order JSON it accepts (nulls dropped, line-item flags filled) and refuses, and 404 → null.
 */
import type * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import type { ApiClient, RequestOptions } from '../../../adapters/http/api-client';
import { ApiError } from '../../../adapters/http/api-error';
import { decodeOrThrow } from '../../../adapters/http/decode';
import { HttpOrdersGateway } from '../../../adapters/http/orders/http-orders-gateway';
import { order } from './fixtures';

interface Call {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: unknown;
  readonly params?: RequestOptions['params'];
}

/** An ApiClient that records each call and decodes the canned answer as the real one does. */
const stubApi = (answer: (call: Call) => unknown) => {
  const calls: Call[] = [];
  const respond = <A, O>(call: Call, codec: t.Type<A, O, unknown>): Promise<A> => {
    calls.push(call);
    try {
      return Promise.resolve(decodeOrThrow(codec, answer(call), `${call.method} ${call.path}`));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };
  const api = {
    get: <A, O>(path: string, codec: t.Type<A, O, unknown>, options: RequestOptions = {}) =>
      respond({ method: 'GET', path, params: options.params }, codec),
    post: <A, O>(path: string, body: unknown, codec: t.Type<A, O, unknown>) =>
      respond({ method: 'POST', path, body }, codec),
  } as unknown as ApiClient;
  return { api, calls };
};

/** The order as JSON, the way the server sends it. */
const wire = (o: object): unknown => JSON.parse(JSON.stringify(o));

describe('HttpOrdersGateway', () => {
  it('posts find-my-orders with {email, orderId} and returns the results', async () => {
    const { api, calls } = stubApi(() => ({ results: [wire(order('LV-100001'))] }));
    const results = await new HttpOrdersGateway(api).findMyOrders({
      email: 'ada@example.com',
      orderNumber: 'LV-100001',
    });
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/orders/find-my-orders',
        body: { email: 'ada@example.com', orderId: 'LV-100001' },
      },
    ]);
    expect(results).toEqual([order('LV-100001')]);
  });

  it('reads one order by its number, and a 404 as no order', async () => {
    const { api, calls } = stubApi((call) => {
      if (call.path === '/orders/LV-100001') return wire(order('LV-100001'));
      throw new ApiError('notFound', 'not found', { status: 404 });
    });
    const gateway = new HttpOrdersGateway(api);
    expect((await gateway.getOrder('LV-100001'))?.orderNumber).toBe('LV-100001');
    expect(await gateway.getOrder('LV/1 00')).toBeNull();
    expect(calls.map((c) => c.path)).toEqual(['/orders/LV-100001', '/orders/LV%2F1%2000']);
  });

  it('lets other failures through', async () => {
    const { api } = stubApi(() => {
      throw new ApiError('server', 'boom', { status: 500 });
    });
    await expect(new HttpOrdersGateway(api).getOrder('LV-1')).rejects.toMatchObject({
      kind: 'server',
    });
  });

  it('asks for open or past orders and for split children with the query of the contract', async () => {
    const { api, calls } = stubApi((call) =>
      call.path === '/orders/split'
        ? { parentOrderNumber: 'LV-100010', results: [wire(order('LV-100011'))] }
        : { results: [] },
    );
    const gateway = new HttpOrdersGateway(api);
    expect(await gateway.listOrders('past')).toEqual([]);
    const children = await gateway.splitOrders('LV-100010', 'ada@example.com');
    expect(children.map((o) => o.orderNumber)).toEqual(['LV-100011']);
    expect(calls).toEqual([
      { method: 'GET', path: '/orders', params: { state: 'past' } },
      {
        method: 'GET',
        path: '/orders/split',
        params: { parentOrderNumber: 'LV-100010', email: 'ada@example.com' },
      },
    ]);
  });

  it('drops null optional fields and fills the line-item flags the wire leaves out', async () => {
    const sent = {
      ...(wire(order('LV-100001')) as Record<string, unknown>),
      parentOrderNumber: null,
      CSRAssociateId: null,
      lineItems: [
        {
          id: 'l1',
          sku: 'K-1',
          quantity: 1,
          addedAt: '2026-03-01T00:00:00.000Z',
          productSlug: { 'en-US': 'k-1' },
          name: { 'en-US': 'Tap' },
          price: { value: 500 },
        },
      ],
    };
    const { api } = stubApi(() => sent);
    const got = await new HttpOrdersGateway(api).getOrder('LV-100001');
    expect(got).not.toHaveProperty('parentOrderNumber');
    expect(got).not.toHaveProperty('CSRAssociateId');
    expect(got?.lineItems[0]).toMatchObject({ isService: false, discounts: [], noShipping: false });
  });

  it.each([
    ['an unknown status', { status: 'Lost' }],
    [
      'fractional cents',
      { totals: { subtotal: 1.5, discount: 0, shipping: 0, tax: 0, total: 1.5 } },
    ],
    ['an unknown order type', { orderType: 'POS' }],
    ['a missing order number', { orderNumber: undefined }],
  ])('refuses an order with %s as a decode error', async (_, change) => {
    const { api } = stubApi(() => wire({ ...order('LV-100001'), ...change }));
    await expect(new HttpOrdersGateway(api).getOrder('LV-100001')).rejects.toMatchObject({
      kind: 'decode',
    });
  });
});
