/**
 * The real server as a child process, started the way `npm run serve` starts it (server/main.ts on
 * embedded PGlite under DATA_DIR), so a test or bench can stop it gracefully or kill -9 it — which
 * an in-process server cannot survive to check. Its address comes from the "Lavabo is open at …"
 * line main.ts prints once it listens.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { projectRoot } from '../../server/config';

export interface ServerProcess {
  readonly pid: number;
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** `<origin>/api` */
  readonly api: string;
  /** From spawn to listening. */
  readonly startMs: number;
  /** Resolves with the exit code (null when a signal ended it) once the process has gone. */
  readonly exited: Promise<number | null>;
  /** Whether the process is still running. */
  alive(): boolean;
  /** SIGKILL now, synchronously: nothing in the server gets to run after this call. */
  killNow(): void;
  /** SIGKILL and wait until the process has gone. */
  kill(): Promise<void>;
  /** SIGTERM (main.ts closes the server and the database) and wait; the exit code. */
  stop(): Promise<number | null>;
  /** The last lines the server wrote, for failure messages. */
  output(): string;
}

export interface StartOptions {
  readonly dataDir: string;
  /** Give up (and kill the child) when it has not printed its address by then. */
  readonly timeoutMs?: number;
  /** Extra environment, e.g. LOG_LEVEL. */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * Where the server's standard output and error go: a file, written by the kernel, rather than a
   * pipe this process reads. A load generator in this process must not spend its CPU reading a
   * request line per request (bench/api): a shop's log goes to a file or a collector, not to its
   * load generator.
   */
  readonly logFile?: string;
}

const OPEN_LINE = /Lavabo is open at https?:\/\/[^:/\s]+:(\d+)/;
const OUTPUT_KEPT = 8_000;
/** How often a log file is read for the address line while the server starts. */
const LOG_POLL_MS = 50;

/** The last `chars` characters of a file ('' when it is not there yet). */
const tailOf = (file: string, chars: number): string => {
  try {
    const { size } = statSync(file);
    const length = Math.min(size, chars * 4);
    const buffer = Buffer.alloc(length);
    const fd = openSync(file, 'r');
    try {
      readSync(fd, buffer, 0, length, size - length);
    } finally {
      closeSync(fd);
    }
    return buffer.toString('utf8').slice(-chars);
  } catch {
    return '';
  }
};

const exitOf = (child: ChildProcess): Promise<number | null> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

/** Every child started here and not yet gone, so a failed run can still end them. */
const started = new Set<ChildProcess>();

/**
 * SIGKILLs every server this module started that is still running — including one still starting
 * when a test hook timed out — and waits until they have gone.
 */
export const killStartedServers = async (): Promise<void> => {
  const children = [...started];
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(children.map(exitOf));
};

/** Starts server/main.ts on `dataDir` with a free port; resolves once it listens. */
export const startServerProcess = async (opts: StartOptions): Promise<ServerProcess> => {
  const began = performance.now();
  const logFd = opts.logFile === undefined ? null : openSync(opts.logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      // The embedded database always: a DATABASE_URL in the caller's environment would test another.
      DATABASE_URL: '',
      JWT_SECRET: '',
      LOG_LEVEL: 'warn',
      // Benches and durability runs send every request from 127.0.0.1, which is not exempt.
      RATE_LIMIT_SCALE: '1000',
      ...opts.env,
    },
    stdio: logFd === null ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd, logFd],
  });
  // The child holds its own copy of the descriptor.
  if (logFd !== null) closeSync(logFd);
  started.add(child);
  child.once('exit', () => started.delete(child));
  let piped = '';
  const keep = (chunk: Buffer) => {
    piped = (piped + chunk.toString('utf8')).slice(-OUTPUT_KEPT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const output = (): string =>
    opts.logFile === undefined ? piped : tailOf(opts.logFile, OUTPUT_KEPT);
  const exited = exitOf(child);
  const alive = () => child.exitCode === null && child.signalCode === null;
  const killNow = () => {
    if (alive()) child.kill('SIGKILL');
  };

  let poll: ReturnType<typeof setInterval> | undefined;
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      killNow();
      reject(
        new Error(`the server did not start within ${opts.timeoutMs ?? 60_000} ms:\n${output()}`),
      );
    }, opts.timeoutMs ?? 60_000);
    const onData = () => {
      const match = OPEN_LINE.exec(output());
      if (match === null) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve(Number(match[1]));
    };
    child.stdout?.on('data', onData);
    // A log file has no 'data' events: it is read again every LOG_POLL_MS until the line is there.
    if (logFd !== null) poll = setInterval(onData, LOG_POLL_MS);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${String(code)}) before listening:\n${output()}`));
    });
  }).finally(() => clearInterval(poll));

  const origin = `http://127.0.0.1:${port}`;
  return {
    pid: child.pid ?? -1,
    origin,
    api: `${origin}/api`,
    startMs: performance.now() - began,
    exited,
    alive,
    killNow,
    async kill() {
      killNow();
      await exited;
    },
    async stop() {
      if (alive()) child.kill('SIGTERM');
      return exited;
    },
    output,
  };
};
