/**
 * The documented command for several API processes (README "Several processes"): `WORKERS=2` with
 * DATABASE_URL runs a primary that prepares the database once and two workers sharing one port; a
 * worker that dies is replaced, and SIGTERM closes every worker and ends with exit code 0.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killStartedServers, startServerProcess } from '../../bench/checkout/server-process';
import { createTestDatabase } from './support/two-processes';

const run = promisify(execFile);

/** The process ids of `pid`'s children. */
const childrenOf = async (pid: number): Promise<number[]> => {
  const { stdout } = await run('ps', ['-o', 'pid=', '--ppid', String(pid)]).catch(() => ({
    stdout: '',
  }));
  return stdout
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
};

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'lavabo-workers-'));
});

afterAll(async () => {
  await killStartedServers();
  await database?.drop();
  if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
});

describe('WORKERS=2 with DATABASE_URL', () => {
  it('serves one port from two processes, replaces a dead one, and closes on SIGTERM', async () => {
    const server = await startServerProcess({
      dataDir,
      timeoutMs: 120_000,
      env: { DATABASE_URL: database.url, WORKERS: '2', LOG_LEVEL: 'info' },
    });
    expect(server.output()).toMatch(/Lavabo is open at \S+ \(2 processes\)/);
    const workers = await childrenOf(server.pid);
    expect(workers).toHaveLength(2);
    // Prepared once, by the primary: no worker applied a migration or loaded the catalogue.
    expect(server.output().match(/"msg":"migrations applied"/g)).toHaveLength(1);
    expect(server.output().match(/"msg":"demo catalogue loaded"/g)).toHaveLength(1);

    const health = await fetch(`${server.api}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ database: { kind: 'postgres' } });

    // A worker killed outright is replaced, and the port keeps answering.
    process.kill(workers[0]!, 'SIGKILL');
    const replaced = await until(
      () => childrenOf(server.pid),
      (now) => now.length === 2 && !now.includes(workers[0]!),
    );
    expect(replaced).toContain(workers[1]);
    expect((await fetch(`${server.api}/health`)).status).toBe(200);

    expect(await server.stop()).toBe(0);
    expect(await childrenOf(server.pid)).toEqual([]);
  });
});
