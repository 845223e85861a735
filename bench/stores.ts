/**
 * The nearby store search on the embedded database at the seeded directory (issue 16: goal p95
 * ≤ 5 ms): a fresh in-memory PGlite, migrated and seeded as a first start does, then ROUNDS
 * searches per distance from random US and Canadian postal codes, through the server's own
 * StoreRepository.nearby (the box read through the index, the exact distance, the sort and the
 * answer's fields). Prints p50/p95 per distance and the query plan of the box, which must read
 * stores_brand_position. Wall time and this process's CPU time are both printed: PGlite runs on this
 * thread, so CPU time is the work itself on a busy machine.
 * Run: npm run bench:stores
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { migrate } from '../server/db/migrate';
import { openPglite } from '../server/db/pglite';
import { placeIndex } from '../server/stores/places';
import {
  NEARBY_SQL,
  nearbyParams,
  seedStores,
  STORE_BRAND,
  StoreRepository,
} from '../server/stores/store-repository';

const ROUNDS = Number(process.env.ROUNDS ?? 400);
const GOAL_P95_MS = 5;

const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

const main = async (): Promise<void> => {
  const db = await openPglite(null);
  try {
    await migrate(db);
    const stores = await seedStores(db);
    const repo = new StoreRepository(db);
    const places = placeIndex().places;
    // A fixed walk over the places, so runs compare.
    let state = 12345;
    const nextPlace = () => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return places[state % places.length] ?? places[0];
    };
    console.log(`stores: ${stores}; places: ${places.length}; rounds per distance: ${ROUNDS}`);
    let worst = 0;
    for (const miles of [64, 250, 1000]) {
      for (let i = 0; i < 20; i += 1) {
        const p = nextPlace();
        if (p !== undefined) await repo.nearby({ origin: p, miles, brand: STORE_BRAND, types: [], top: 25 }); // prettier-ignore
      }
      const times: number[] = [];
      const cpu: number[] = [];
      let found = 0;
      for (let i = 0; i < ROUNDS; i += 1) {
        const p = nextPlace();
        if (p === undefined) continue;
        const began = performance.now();
        const cpuBegan = process.cpuUsage();
        const answer = await repo.nearby({ origin: p, miles, brand: STORE_BRAND, types: [], top: 25 }); // prettier-ignore
        times.push(performance.now() - began);
        const used = process.cpuUsage(cpuBegan);
        cpu.push((used.user + used.system) / 1000);
        found += answer.length;
      }
      times.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      const p95 = quantile(times, 0.95);
      worst = miles === 64 ? quantile(cpu, 0.95) : worst;
      console.log(
        `nearby ${String(miles).padStart(4)} mi: p50 ${quantile(times, 0.5).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, CPU p50 ${quantile(cpu, 0.5).toFixed(2)} ms, p95 ${quantile(cpu, 0.95).toFixed(2)} ms, mean answers ${(found / times.length).toFixed(1)}`,
      );
    }
    const chicago = { latitude: 41.88, longitude: -87.63 };
    const plan = await db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN ${NEARBY_SQL}`,
      nearbyParams({ origin: chicago, miles: 64, brand: STORE_BRAND, types: [], top: 25 }),
    );
    console.log('\nEXPLAIN (nearby Chicago, 64 mi):');
    for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
    const usesIndex = plan.rows.some((r) => r['QUERY PLAN'].includes('stores_brand_position'));
    console.log(`\nindex used: ${usesIndex ? 'yes' : 'NO'}; goal CPU p95 ≤ ${GOAL_P95_MS} ms at 64 mi (load average ${loadavg()[0]?.toFixed(1)}): ${worst <= GOAL_P95_MS ? 'met' : 'MISSED'}`); // prettier-ignore
    if (!usesIndex) process.exitCode = 1;
  } finally {
    await db.close();
  }
};

await main();
