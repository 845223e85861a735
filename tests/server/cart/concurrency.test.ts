/**
 * Optimistic concurrency over HTTP: 20 clients add to one cart at the same time, each retrying on
 * 409 ConcurrentModification with the version the server reports. No add is lost or doubled; nor
 * when half of them choose the shipping method instead, which is a versioned update like any other.
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

/** Sends `actions` from `version` on, retrying on 409 with the version reported: the answer. */
const until200 = async (
  c: ReturnType<typeof client>,
  cartId: string,
  version: number,
  actions: unknown[],
): Promise<{ cart: Cart; conflicts: number }> => {
  let conflicts = 0;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const res = await addItems(c, { id: cartId, version }, actions);
    if (res.status === 200) return { cart: res.body, conflicts };
    expect(res.status).toBe(409);
    conflicts += 1;
    version = (res.body as unknown as Conflict).errors[0]?.currentVersion ?? version;
  }
  throw new Error('gave up after 200 attempts');
};

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

  it('loses no add and no shipping choice when half the clients choose the method', async () => {
    const { token } = await guestToken(server);
    const owner = client(server, token);
    const empty = await createCart(owner);
    const first = await addItems(owner, empty, [add(skus[0]?.sku ?? '', 1)]);
    const cart = first.body;
    const plans = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? { kind: 'add' as const, sku: skus[i % skus.length]?.sku ?? '', quantity: (i % 3) + 1 }
        : { kind: 'method' as const, methodId: i % 4 === 1 ? 'expedited' : 'standard' },
    );
    const answers = await Promise.all(
      plans.map((plan) =>
        until200(
          client(server, token),
          cart.id,
          cart.version,
          plan.kind === 'add'
            ? [add(plan.sku, plan.quantity)]
            : [{ action: 'setShippingMethod', methodId: plan.methodId }],
        ),
      ),
    );
    const final = (await owner.get<Cart>(`/cart/${cart.id}`)).body;
    expect(final.version).toBe(cart.version + plans.length);
    // Every answer is its own version: no two updates were written over the same one.
    expect(new Set(answers.map((a) => a.cart.version)).size).toBe(plans.length);
    for (const { sku } of skus) {
      const added =
        (sku === skus[0]?.sku ? 1 : 0) +
        plans.reduce((n, p) => n + (p.kind === 'add' && p.sku === sku ? p.quantity : 0), 0);
      const held = final.lineItems.filter((l) => l.sku === sku).reduce((n, l) => n + l.quantity, 0);
      expect(held, sku).toBe(added);
    }
    // The method is the one chosen by the last choice written.
    const choices = plans.flatMap((p, i) =>
      p.kind === 'method' ? [{ methodId: p.methodId, version: answers[i]?.cart.version ?? 0 }] : [],
    );
    const last = choices.reduce((a, b) => (b.version > a.version ? b : a));
    expect(final.shippingMethodId).toBe(last.methodId);
    expect(answers.reduce((n, a) => n + a.conflicts, 0)).toBeGreaterThan(0);
  });
});
