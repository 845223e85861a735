/**
 * Optimistic concurrency over HTTP: 20 clients add to one cart at the same time, each retrying on
 * 409 ConcurrentModification with the version the server reports. No add is lost or doubled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../../../core/cart/cart';
import { startTestServer, type TestServer } from '../../support/test-server';
import { add, addItems, client, createCart, guestToken, pickSku, type PickedSku } from './support';

let server: TestServer;
let skus: PickedSku[];

beforeAll(async () => {
  server = await startTestServer();
  const where = 'v.available_qty >= 200 AND NOT p.freight';
  skus = [
    await pickSku(server, where, 0),
    await pickSku(server, where, 1),
    await pickSku(server, where, 2),
  ];
});
afterAll(() => server.dispose());

interface Conflict {
  readonly errors: readonly { code: string; currentVersion: number }[];
}

describe('20 clients add to one cart at once', () => {
  it('final quantities equal the sum of what each added', async () => {
    const { token } = await guestToken(server);
    const owner = client(server, token);
    const cart = await createCart(owner);
    const plans = Array.from({ length: 20 }, (_, i) => ({
      sku: skus[i % skus.length]?.sku ?? '',
      quantity: (i % 4) + 1,
    }));
    let conflicts = 0;
    await Promise.all(
      plans.map(async (plan) => {
        // Each client is its own connection with the same token, starting from version 1.
        const c = client(server, token);
        let version = cart.version;
        for (let attempt = 0; attempt < 200; attempt += 1) {
          const res = await addItems(c, { id: cart.id, version }, [add(plan.sku, plan.quantity)]);
          if (res.status === 200) return;
          expect(res.status).toBe(409);
          conflicts += 1;
          const current = (res.body as unknown as Conflict).errors[0]?.currentVersion;
          expect(current).toBeGreaterThan(version - 1);
          version = current ?? version;
        }
        throw new Error('gave up after 200 attempts');
      }),
    );
    const final = (await owner.get<Cart>(`/cart/${cart.id}`)).body;
    expect(final.version).toBe(cart.version + plans.length);
    for (const { sku } of skus) {
      const added = plans.filter((p) => p.sku === sku).reduce((n, p) => n + p.quantity, 0);
      const held = final.lineItems.filter((l) => l.sku === sku).reduce((n, l) => n + l.quantity, 0);
      expect(held, sku).toBe(added);
    }
    // They did race: most had to retry at least once.
    expect(conflicts).toBeGreaterThan(0);
  });
});
