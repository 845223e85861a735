/**
 * Kill -9 during checkout bursts, several times over, on one embedded database: the real server
 * (server/main.ts) as a child process, a burst of guest checkouts against it, SIGKILL right after
 * an order is confirmed while other submits are in flight, a restart on the same data dir, and a
 * look-up of every confirmed order. At the end the database is audited (bench/checkout/audit.ts).
 * Prints orders confirmed, orders found after restart, lost (must be 0), checkouts/s during the
 * bursts and restart times; exits 1 when anything confirmed was lost or changed.
 * Run: npm run bench:durability
 */
import { isDeepStrictEqual } from 'node:util';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { auditOrders, openDataDir, problemsOf, readOrders, readStock } from './audit';
import {
  findOrder,
  guestToken,
  plainSkus,
  runBurst,
  stockOf,
  type Attempt,
  type BurstReport,
} from './burst';
import { killStartedServers, startServerProcess, type ServerProcess } from './server-process';

const ROUNDS = 5;
const SHOPPERS = 12;
const KILL_AFTER_CONFIRMED = 30;
const SKUS_PER_ROUND = 3;

interface RoundFigures {
  readonly round: number;
  readonly burst: BurstReport;
  readonly restartMs: number;
  /** Confirmed orders the restarted server answered, unchanged, to find-my-orders. */
  readonly foundOverHttp: number;
}

const ms = (n: number) => `${Math.round(n)} ms`;
const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

/** How many confirmed orders the server answers exactly as it confirmed them. */
const lookUp = async (server: ServerProcess, burst: BurstReport): Promise<number> => {
  const token = await guestToken(server.api);
  let found = 0;
  for (const a of burst.confirmed) {
    const order = await findOrder(server.api, token, a.email, a.order.orderNumber);
    if (order !== undefined && isDeepStrictEqual(order, a.order)) found += 1;
  }
  return found;
};

const printRound = (f: RoundFigures) => {
  const b = f.burst;
  const perSecond = b.confirmed.length / (b.elapsedMs / 1000);
  console.log(
    `round ${f.round}: ${b.confirmed.length} confirmed of ${b.attempts.length} started, ` +
      `${b.submitsInFlightAtKill} submit(s) in flight at the kill (${b.killedBy}), ` +
      `${perSecond.toFixed(1)} checkouts/s over ${ms(b.elapsedMs)}; ` +
      `restart ${ms(f.restartMs)}; ${f.foundOverHttp}/${b.confirmed.length} found after restart`,
  );
  for (const e of b.errorsBeforeKill) console.log(`  error before the kill: ${e}`);
};

const main = async (): Promise<number> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lavabo-bench-durability-'));
  const skus = plainSkus();
  try {
    let server = await startServerProcess({ dataDir });
    console.log(
      `first start (seeds the catalogue) ${ms(server.startMs)}; ${ROUNDS} rounds of ` +
        `${SHOPPERS} shoppers, kill -9 after ${KILL_AFTER_CONFIRMED} confirmed orders`,
    );
    const attempts: Attempt[] = [];
    const stockBefore = new Map<string, number>();
    const rounds: RoundFigures[] = [];

    for (let round = 1; round <= ROUNDS; round += 1) {
      const victim: ServerProcess = server;
      const roundSkus = skus.slice(round * SKUS_PER_ROUND, (round + 1) * SKUS_PER_ROUND);
      const before = await stockOf(victim.api, await guestToken(victim.api), roundSkus);
      for (const [sku, qty] of before) stockBefore.set(sku, qty);

      const burst = await runBurst({
        api: victim.api,
        shoppers: SHOPPERS,
        killAfterConfirmed: KILL_AFTER_CONFIRMED,
        timeLimitMs: 60_000,
        skus: roundSkus,
        label: `round${round}`,
        kill: () => victim.killNow(),
      });
      await victim.exited;
      attempts.push(...burst.attempts);

      server = await startServerProcess({ dataDir });
      const figures: RoundFigures = {
        round,
        burst,
        restartMs: server.startMs,
        foundOverHttp: await lookUp(server, burst),
      };
      rounds.push(figures);
      printRound(figures);
    }

    const stopped = await server.stop();
    if (stopped !== 0) console.log(`the last server exited with ${String(stopped)} on SIGTERM`);
    const db = await openDataDir(dataDir);
    let report;
    try {
      report = auditOrders(
        attempts,
        await readOrders(db),
        stockBefore,
        await readStock(db, [...stockBefore.keys()]),
      );
    } finally {
      await db.close();
    }

    const bursts = rounds.map((r) => r.burst);
    const confirmed = bursts.reduce((n, b) => n + b.confirmed.length, 0);
    const foundOverHttp = rounds.reduce((n, r) => n + r.foundOverHttp, 0);
    const seconds = bursts.reduce((n, b) => n + b.elapsedMs, 0) / 1000;
    const problems = [
      ...problemsOf(report),
      ...bursts.flatMap((b, i) => [
        ...(b.killedBy === 'confirmed' ? [] : [`round ${i + 1}: killed by the time limit`]),
        ...b.errorsBeforeKill.map((e) => `round ${i + 1}: ${e}`),
      ]),
      ...(foundOverHttp === confirmed
        ? []
        : [`find-my-orders answered ${foundOverHttp} of ${confirmed} confirmed orders`]),
    ];

    console.log('');
    console.log(`orders confirmed to clients     ${confirmed}`);
    console.log(`found after restart (HTTP)      ${foundOverHttp}`);
    console.log(`found in the database           ${report.found}`);
    console.log(`lost                            ${report.lost.length}`);
    console.log(`changed                         ${report.changed.length}`);
    console.log(`carts with two orders           ${report.duplicateCarts.length}`);
    console.log(`committed, answer lost in kill  ${report.committedUnanswered}`);
    console.log(
      `stock accounted for             ${report.stock.length - report.stockMismatches.length}/${report.stock.length} SKUs`,
    );
    console.log(`checkouts/s during the bursts   ${(confirmed / seconds).toFixed(1)}`);
    console.log(
      `restart after kill -9           median ${ms(median(rounds.map((r) => r.restartMs)))}, ` +
        `max ${ms(Math.max(...rounds.map((r) => r.restartMs)))}`,
    );
    for (const p of problems) console.log(`PROBLEM ${p}`);
    return problems.length === 0 ? 0 : 1;
  } finally {
    await killStartedServers();
    await rm(dataDir, { recursive: true, force: true });
  }
};

process.exitCode = await main();
