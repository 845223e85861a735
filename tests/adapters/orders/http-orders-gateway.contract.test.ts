/**
 * Contract: the HTTP orders gateway against the real server (orders written straight into the
 * orders table, as checkout would write them) reads what the server sends, and agrees with the
 * offline fake on the rules the screens rely on.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnsureSession } from '../../../core/auth/ensure-session';
import type { Order } from '../../../core/orders/order';
import type { OrdersGateway } from '../../../core/orders/ports';
import { defaultAppConfig } from '../../../adapters/di/types';
import { FakeOrdersGateway } from '../../../adapters/fake/orders/fake-orders-gateway';
import { ApiClient } from '../../../adapters/http/api-client';
import { HttpTokenGateway } from '../../../adapters/http/auth/http-token-gateway';
import { HttpOrdersGateway } from '../../../adapters/http/orders/http-orders-gateway';
import { LocalStorageTokenStore } from '../../../adapters/storage/local-storage-token-store';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import { startTestServer, type TestServer } from '../../support/test-server';
import { freshOrderNumber, insertOrder } from '../../server/orders/fixture';

let server: TestServer;

const config = () => ({ ...defaultAppConfig, apiBaseUrl: server.api });

/** An API client for one guest shopper (its anonymous id). */
const client = (shopper: string): ApiClient =>
  new ApiClient(
    config(),
    new EnsureSession(
      new HttpTokenGateway(config()),
      new LocalStorageTokenStore(new MemoryStorage()),
      { now: () => Date.now() },
      { next: () => shopper },
    ),
  );

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.dispose());

interface Subject {
  readonly name: string;
  /** Stores an order for a guest shopper, as checkout would. */
  place(shopper: string, seed: { email: string; parentOrderNumber?: string }): Promise<Order>;
  gatewayFor(shopper: string): OrdersGateway;
}

const httpSubject: Subject = {
  name: 'HttpOrdersGateway against the server',
  place: (shopper, seed) => insertOrder(server.db, { ownerKey: `guest:${shopper}`, ...seed }),
  gatewayFor: (shopper) => new HttpOrdersGateway(client(shopper)),
};

const fakeSubject = (): Subject => {
  let current = '';
  const fake = new FakeOrdersGateway(() => current);
  let stamp = 0;
  return {
    name: 'FakeOrdersGateway',
    async place(shopper, seed) {
      const order: Order = {
        orderNumber: freshOrderNumber(),
        ...(seed.parentOrderNumber === undefined
          ? {}
          : { parentOrderNumber: seed.parentOrderNumber }),
        status: 'Open',
        orderType: 'WEB',
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, stamp++)).toISOString(),
        email: seed.email.trim().toLowerCase(),
        shippingAddress: { firstName: 'A', lastName: 'B', email: seed.email, mobile: '5551234567' },
        lineItems: [],
        totals: { subtotal: 0, discount: 0, shipping: 0, tax: 0, total: 0 },
        payment: { method: 'card' },
      };
      fake.add(order, shopper);
      return order;
    },
    gatewayFor: (shopper) => ({
      findMyOrders: (lookup) => ((current = shopper), fake.findMyOrders(lookup)),
      getOrder: (n) => ((current = shopper), fake.getOrder(n)),
      listOrders: (s) => ((current = shopper), fake.listOrders(s)),
      splitOrders: (p, e) => ((current = shopper), fake.splitOrders(p, e)),
    }),
  };
};

describe.each([
  ['http', () => httpSubject],
  ['fake', fakeSubject],
])('%s orders gateway', (_, make) => {
  it('finds an order by number and e-mail for anyone, and a wrong e-mail finds nothing', async () => {
    const subject = make();
    const placed = await subject.place(randomUUID(), { email: 'Ada@Example.com' });
    const stranger = subject.gatewayFor(randomUUID());
    const found = await stranger.findMyOrders({
      orderNumber: placed.orderNumber,
      email: 'ada@example.com',
    });
    expect(found).toEqual([placed]);
    expect(
      await stranger.findMyOrders({ orderNumber: placed.orderNumber, email: 'eve@example.com' }),
    ).toEqual([]);
    expect(await stranger.findMyOrders({ orderNumber: 'LV-1', email: 'ada@example.com' })).toEqual(
      [],
    );
  });

  it("reads the shopper's own order by number and another's as missing", async () => {
    const subject = make();
    const owner = randomUUID();
    const placed = await subject.place(owner, { email: 'ada@example.com' });
    expect(await subject.gatewayFor(owner).getOrder(placed.orderNumber)).toEqual(placed);
    expect(await subject.gatewayFor(randomUUID()).getOrder(placed.orderNumber)).toBeNull();
  });

  it("gives a split order's children for its e-mail only", async () => {
    const subject = make();
    const owner = randomUUID();
    const parent = await subject.place(owner, { email: 'ada@example.com' });
    const a = await subject.place(owner, {
      email: 'ada@example.com',
      parentOrderNumber: parent.orderNumber,
    });
    const b = await subject.place(owner, {
      email: 'ada@example.com',
      parentOrderNumber: parent.orderNumber,
    });
    const gateway = subject.gatewayFor(randomUUID());
    const children = await gateway.splitOrders(parent.orderNumber, 'ada@example.com');
    expect(children.map((o) => o.orderNumber).sort()).toEqual(
      [a.orderNumber, b.orderNumber].sort(),
    );
    expect(await gateway.splitOrders(parent.orderNumber, 'eve@example.com')).toEqual([]);
  });
});
