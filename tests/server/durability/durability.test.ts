/**
 * Issue 6 "done when": an order survives a server restart on the embedded database, and a kill -9
 * during a burst of checkouts loses no order that was confirmed to a client. The real server runs
 * as a child process (server/main.ts, as `npm run serve` runs it) on one data dir for the whole
 * file; the burst driver and the audit are shared with `npm run bench:durability`.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOrders, openDataDir, readOrders, readStock } from '../../../bench/checkout/audit';
import { isRandomOrderNumber } from '../../../core/orders/order-number';
import {
  checkout,
  findOrder,
  guestToken,
  plainSkus,
  runBurst,
  stockOf,
  type Attempt,
} from '../../../bench/checkout/burst';
import {
  killStartedServers,
  startServerProcess,
  type ServerProcess,
} from '../../../bench/checkout/server-process';
import { makeSeededDataDir } from '../../support/test-server';

const SHOPPERS = 10;
const KILL_AFTER_CONFIRMED = 12;

// Disjoint stock: what the burst takes is not muddled by the restart test's order.
const SKUS = plainSkus();
const RESTART_SKU = SKUS[0] ?? '';
const BURST_SKUS = SKUS.slice(1, 4);

let dataDir: string;
let server: ServerProcess | undefined;

const running = (): ServerProcess => {
  if (server === undefined || !server.alive()) throw new Error('the server is not running');
  return server;
};

const restart = async (): Promise<ServerProcess> => {
  // Gives up before the hook or test does, so the failure names the server's output.
  server = await startServerProcess({ dataDir, timeoutMs: 40_000 });
  return server;
};

beforeAll(async () => {
  // A copy of the run's seeded template (the same catalogue and stock a first start would seed),
  // so the first start opens it instead of spending seconds seeding; every later start reuses it.
  dataDir = await makeSeededDataDir();
  await restart();
});

afterAll(async () => {
  // Also a server still starting when a hook or test timed out.
  await killStartedServers();
  await rm(dataDir, { recursive: true, force: true });
});

describe('checkout durability on the embedded database', () => {
  it('finds an order unchanged after a graceful restart', async () => {
    const api = running().api;
    const before = await stockOf(api, await guestToken(api), [RESTART_SKU]);
    const attempt: Attempt = {
      email: 'restart@durability.test',
      lines: [{ sku: RESTART_SKU, quantity: 2 }],
      submitted: false,
    };
    const order = await checkout(api, attempt);
    expect(isRandomOrderNumber(order.orderNumber)).toBe(true);

    expect(await running().stop()).toBe(0);
    const again = await restart();

    const token = await guestToken(again.api);
    expect(await findOrder(again.api, token, attempt.email, order.orderNumber)).toEqual(order);
    const after = await stockOf(again.api, token, [RESTART_SKU]);
    expect(after.get(RESTART_SKU)).toBe((before.get(RESTART_SKU) ?? Number.NaN) - 2);
  }, 45_000);

  it('loses no confirmed order when killed -9 in a burst of checkouts', async () => {
    const victim = running();
    const before = await stockOf(victim.api, await guestToken(victim.api), BURST_SKUS);
    expect([...before.keys()].sort()).toEqual([...BURST_SKUS].sort());

    const burst = await runBurst({
      api: victim.api,
      shoppers: SHOPPERS,
      killAfterConfirmed: KILL_AFTER_CONFIRMED,
      timeLimitMs: 30_000,
      skus: BURST_SKUS,
      label: 'kill9',
      kill: () => victim.killNow(),
    });
    expect(await victim.exited).toBeNull(); // ended by the signal, not by an exit
    expect(burst.errorsBeforeKill).toEqual([]);
    expect(burst.killedBy).toBe('confirmed');
    expect(burst.confirmed.length).toBeGreaterThanOrEqual(KILL_AFTER_CONFIRMED);
    expect(burst.submitsInFlightAtKill).toBeGreaterThan(0);
    expect(burst.attempts.length).toBeGreaterThan(burst.confirmed.length);

    // The restarted server answers every confirmed order as it was confirmed.
    const again = await restart();
    const token = await guestToken(again.api);
    const missing: string[] = [];
    for (const a of burst.confirmed) {
      const found = await findOrder(again.api, token, a.email, a.order.orderNumber);
      if (found === undefined) missing.push(a.order.orderNumber);
      else expect(found).toEqual(a.order);
    }
    expect(missing).toEqual([]);

    // The database itself: no order twice for a cart, stock taken only for stored orders.
    expect(await again.stop()).toBe(0);
    const db = await openDataDir(dataDir);
    const stored = await (async () => {
      try {
        return { orders: await readOrders(db), stock: await readStock(db, BURST_SKUS) };
      } finally {
        await db.close();
      }
    })();
    const report = auditOrders(burst.attempts, stored.orders, before, stored.stock);
    expect(report.lost).toEqual([]);
    expect(report.changed).toEqual([]);
    expect(report.found).toBe(burst.confirmed.length);
    expect(report.duplicateCarts).toEqual([]);
    expect(report.stockMismatches).toEqual([]);
    expect(report.stock.every((s) => s.ordered > 0)).toBe(true);
  }, 60_000);
});
