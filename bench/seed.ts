/**
 * What a first `npm run serve` costs on an empty data dir, and where the time goes (README "Two
 * commands" quotes these figures). Two parts, each run ROUNDS times on a fresh temporary data dir
 * (never ./data), medians printed:
 *  - in this process, step by step: creating the embedded database (PGlite's initdb), the
 *    migrations, generating the demo catalogue, and writing it (server/catalog/load-catalogue.ts),
 *    each with wall time and this process's CPU time (PGlite runs on this thread, so CPU time is
 *    the work itself, whatever else the machine is doing);
 *  - the real server as a child process (server/main.ts, as `npm run serve` starts it): from spawn
 *    to the first answer of GET /api/health on an empty data dir, with the seeding step the server
 *    logs, then a second start on the same data dir.
 * Run: npm run bench:seed
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadCatalogue } from '../server/catalog/load-catalogue';
import { migrate } from '../server/db/migrate';
import { openPglite } from '../server/db/pglite';
import { generateCatalogue } from '../server/seed/catalogue/generate';
import { killStartedServers, startServerProcess } from './checkout/server-process';

const ROUNDS = Number(process.env.ROUNDS ?? 3);

interface Figure {
  readonly wallMs: number;
  readonly cpuMs: number;
}

const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const measure = async <T>(work: () => Promise<T> | T): Promise<[T, Figure]> => {
  const wall = performance.now();
  const cpu = cpuNow();
  const value = await work();
  return [value, { wallMs: performance.now() - wall, cpuMs: cpuNow() - cpu }];
};

const median = (xs: readonly number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const withDataDir = async <T>(work: (dir: string) => Promise<T>): Promise<T> => {
  const dir = await mkdtemp(path.join(tmpdir(), 'lavabo-bench-seed-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

type Step = 'create database' | 'migrate' | 'generate catalogue' | 'write catalogue';

const inProcessRound = () =>
  withDataDir(async (dir) => {
    const figures = new Map<Step, Figure>();
    const [db, created] = await measure(() => openPglite(path.join(dir, 'pg')));
    figures.set('create database', created);
    try {
      figures.set('migrate', (await measure(() => migrate(db)))[1]);
      const [catalogue, generated] = await measure(() => generateCatalogue());
      figures.set('generate catalogue', generated);
      const [report, written] = await measure(() => loadCatalogue(db, catalogue));
      if (!report.loaded) throw new Error('the catalogue was not written into an empty database');
      figures.set('write catalogue', written);
    } finally {
      await db.close();
    }
    return figures;
  });

interface StartFigures {
  readonly firstHealthMs: number;
  readonly seedMs: number | null;
  readonly secondHealthMs: number;
}

/** Spawn to the first 200 from /api/health. */
const startAndAsk = async (dataDir: string) => {
  const began = performance.now();
  const server = await startServerProcess({
    dataDir,
    timeoutMs: 180_000,
    env: { LOG_LEVEL: 'info' },
  });
  const res = await fetch(`${server.api}/health`);
  if (res.status !== 200) throw new Error(`/api/health answered ${res.status}`);
  await res.text();
  const healthMs = performance.now() - began;
  const loaded = /"ms":(\d+),"msg":"demo catalogue loaded"/.exec(server.output());
  await server.stop();
  return { healthMs, seedMs: loaded ? Number(loaded[1]) : null };
};

const serverRound = () =>
  withDataDir(async (dir): Promise<StartFigures> => {
    const first = await startAndAsk(dir);
    const second = await startAndAsk(dir);
    return { firstHealthMs: first.healthMs, seedMs: first.seedMs, secondHealthMs: second.healthMs };
  });

const main = async () => {
  const steps: Map<Step, Figure>[] = [];
  for (let i = 0; i < ROUNDS; i++) steps.push(await inProcessRound());
  console.log(`In-process first start on an empty data dir, median of ${ROUNDS}:`);
  console.log(`  ${'step'.padEnd(20)} ${'wall'.padStart(8)} ${'cpu'.padStart(8)}`);
  const names: Step[] = ['create database', 'migrate', 'generate catalogue', 'write catalogue'];
  for (const name of names) {
    const wall = median(steps.map((s) => s.get(name)?.wallMs ?? 0));
    const cpu = median(steps.map((s) => s.get(name)?.cpuMs ?? 0));
    console.log(`  ${name.padEnd(20)} ${fmt(wall).padStart(8)} ${fmt(cpu).padStart(8)}`);
  }
  const seedWall = median(
    steps.map(
      (s) => (s.get('generate catalogue')?.wallMs ?? 0) + (s.get('write catalogue')?.wallMs ?? 0),
    ),
  );
  console.log(`  ${'seeding (gen+write)'.padEnd(20)} ${fmt(seedWall).padStart(8)}`);

  const starts: StartFigures[] = [];
  for (let i = 0; i < ROUNDS; i++) starts.push(await serverRound());
  console.log(`\nThe server (server/main.ts) as a child process, median of ${ROUNDS}:`);
  console.log(
    `  first start, spawn to /api/health answering   ${fmt(median(starts.map((s) => s.firstHealthMs)))}`,
  );
  const seeds = starts.map((s) => s.seedMs).filter((ms): ms is number => ms !== null);
  if (seeds.length > 0) {
    console.log(`  of which seeding (the server's log)           ${fmt(median(seeds))}`);
  }
  console.log(
    `  later start on the same data dir              ${fmt(median(starts.map((s) => s.secondHealthMs)))}`,
  );
};

try {
  await main();
} finally {
  await killStartedServers();
}
