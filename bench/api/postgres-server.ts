/**
 * A throwaway PostgreSQL server for a bench run (bench/api `--postgres`): Debian's PostgreSQL
 * (PG_BIN, else the newest /usr/lib/postgresql/<n>/bin) initialised in a temporary directory and
 * started on a free port on 127.0.0.1, trusting local connections, run by the `postgres` user when
 * this process is root (PostgreSQL refuses to run as root). `stop()` stops it and removes the
 * directory. Durability settings are PostgreSQL's own: the figures are a real server's.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`, the administrator's URL. */
  readonly adminUrl: string;
  /** The URL of another database of this server. */
  urlOf(database: string): string;
  stop(): Promise<void>;
}

const binDir = (): string => {
  const given = process.env.PG_BIN;
  if (given !== undefined && given !== '') return given;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const found = versions
    .map((v) => path.join(root, v, 'bin'))
    .find((dir) => existsSync(path.join(dir, 'initdb')));
  if (found === undefined) {
    throw new Error(
      'No PostgreSQL found under /usr/lib/postgresql (apt-get install postgresql), and PG_BIN is not set',
    );
  }
  return found;
};

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a PostgreSQL program as the `postgres` user when we are root, else as ourselves. */
const pgRun = (program: string, args: readonly string[]) =>
  asRoot ? run('runuser', ['-u', 'postgres', '--', program, ...args]) : run(program, [...args]);

export const startPostgresServer = async (): Promise<PostgresServer> => {
  const bin = binDir();
  const dir = await mkdtemp(path.join(tmpdir(), 'lavabo-postgres-'));
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const data = path.join(dir, 'data');
  try {
    await pgRun(path.join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--no-instructions',
    ]);
    const port = await freePort();
    await pgRun(path.join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`,
      'start',
    ]);
    const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
    return {
      adminUrl: urlOf('postgres'),
      urlOf,
      async stop() {
        await pgRun(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']).catch(
          () => undefined,
        );
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
};
