/**
 * The request log costs one line per request (issue 14): written when the answer has gone out,
 * with the method, the URL without secrets, the status, the response time and the requestId (an
 * incoming x-request-id kept) — for an answer, a 401, a 404, a 405 and a 400 alike. A fault still
 * logs its error, on a line of its own with the same requestId.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { openSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  buildApp,
  LOG_BLOCK_BYTES,
  LOG_FLUSH_MS,
  LogBlocks,
  logDestination,
  requestLineWriter,
  RequestLogger,
} from '../../../server/app';
import { startTestServer, type TestServer } from '../../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.dispose());

interface LogLine {
  readonly level: number;
  readonly msg: string;
  readonly requestId?: string;
  readonly method?: string;
  readonly url?: string;
  readonly statusCode?: number;
  readonly responseTime?: number;
  readonly remoteAddress?: string;
  readonly err?: { readonly message: string };
}

/** An app that logs where the shop's does (its own destination on standard output), silently. */
const buildLoggingApp = (): Promise<FastifyInstance> =>
  buildApp({
    db: server.db,
    signingKey: new Uint8Array(randomBytes(32)),
    staticDir: server.dataDir,
    logLevel: 'silent',
  });

const appWithLog = async (lines: string[]): Promise<FastifyInstance> =>
  buildApp({
    db: server.db,
    signingKey: new Uint8Array(randomBytes(32)),
    staticDir: server.dataDir,
    logLevel: 'info',
    logStream: { write: (line) => void lines.push(line) },
    // A route that fails, added when the app loads its plugins (so after its error handler).
    instrument: (app) => {
      void app.register(async (child) => {
        child.get('/api/test-fault', { config: { public: true } }, async () => {
          throw new Error('the test fault');
        });
        // Whether the request's logger was made before the route logged (and after).
        const made = (log: unknown) => log instanceof RequestLogger && log.isMade;
        child.get('/api/test-quiet', { config: { public: true } }, async (request) => ({
          made: made(request.log),
        }));
        child.get('/api/test-logs', { config: { public: true } }, async (request) => {
          const before = made(request.log);
          request.log.info({ body: { password: 'hunter2', note: 'kept' } }, 'route line');
          return { before, after: made(request.log) };
        });
      });
    },
  });

describe('the request log', () => {
  it('writes exactly one line per request, with its requestId and no secret', async () => {
    const lines: string[] = [];
    const app = await appWithLog(lines);
    const secret = `tok-${randomUUID()}`;
    const asked = [
      { method: 'GET', url: '/api/health', status: 200 },
      { method: 'GET', url: `/api/customer/me?access_token=${secret}&q=tap`, status: 401 },
      { method: 'POST', url: '/api/health', status: 405 },
      { method: 'GET', url: '/api/search/plp?rows=1', status: 401 },
      { method: 'POST', url: `/api/oauth/token?scope=nope&code=${secret}`, status: 400 },
    ] as const;
    try {
      for (const [i, { method, url, status }] of asked.entries()) {
        const res = await app.inject({ method, url, headers: { 'x-request-id': `trace-${i}` } });
        expect(res.statusCode).toBe(status);
        expect(res.headers['x-request-id']).toBe(`trace-${i}`);
      }
    } finally {
      await app.close();
    }
    const parsed = lines.map((line) => JSON.parse(line) as LogLine);
    expect(parsed.filter((l) => l.msg === 'incoming request')).toEqual([]);
    for (const [i, { method, url, status }] of asked.entries()) {
      const mine = parsed.filter((l) => l.requestId === `trace-${i}`);
      expect(mine).toHaveLength(1);
      const line = mine[0]!;
      expect(line).toMatchObject({
        level: 30,
        msg: 'request completed',
        method,
        statusCode: status,
        remoteAddress: '127.0.0.1',
      });
      expect(line.url?.startsWith(url.split('?')[0]!)).toBe(true);
      expect(line.responseTime).toBeGreaterThanOrEqual(0);
      expect(line.responseTime).toBeLessThan(10_000);
    }
    expect(lines.join('')).not.toContain(secret);
    expect(parsed.find((l) => l.requestId === 'trace-1')?.url).toBe(
      '/api/customer/me?access_token=%5BRedacted%5D&q=tap',
    );
  });

  it('gives a request without x-request-id an id of its own, on its line and its answer', async () => {
    const lines: string[] = [];
    const app = await appWithLog(lines);
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      const id = res.headers['x-request-id'];
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const parsed = lines.map((line) => JSON.parse(line) as LogLine);
      expect(parsed.filter((l) => l.requestId === id)).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('logs a fault with its error beside the request line, both with the requestId', async () => {
    const lines: string[] = [];
    const app = await appWithLog(lines);
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/api/test-fault',
        headers: { 'x-request-id': 'fault-1' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().message).not.toContain('the test fault');
    } finally {
      await app.close();
    }
    const mine = lines
      .map((line) => JSON.parse(line) as LogLine)
      .filter((l) => l.requestId === 'fault-1');
    expect(mine.map((l) => [l.msg, l.level])).toEqual([
      ['request failed', 50],
      ['request completed', 30],
    ]);
    expect(mine[0]?.err?.message).toBe('the test fault');
    expect(mine[1]?.statusCode).toBe(500);
  });
});

describe("a request's own logger", () => {
  it('is made only when something logs through it, then logs redacted with the requestId', async () => {
    const lines: string[] = [];
    const app = await appWithLog(lines);
    try {
      const quiet = await app.inject({ method: 'GET', url: '/api/test-quiet' });
      expect(quiet.json()).toEqual({ made: false });
      const logs = await app.inject({
        method: 'GET',
        url: '/api/test-logs',
        headers: { 'x-request-id': 'logs-1' },
      });
      expect(logs.json()).toEqual({ before: false, after: true });
    } finally {
      await app.close();
    }
    const mine = lines
      .map((line) => JSON.parse(line) as LogLine & { body?: Record<string, string> })
      .filter((l) => l.requestId === 'logs-1');
    expect(mine.map((l) => l.msg)).toEqual(['route line', 'request completed']);
    expect(mine[0]?.body).toEqual({ password: '[Redacted]', note: 'kept' });
    expect(lines.join('')).not.toContain('hunter2');
  });
});

describe('the request line', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is pino's own line for the same fields, key for key, whatever the text", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const text = fc.string({ unit: 'binary', maxLength: 40 });
    fc.assert(
      fc.property(
        fc.record({
          requestId: text,
          method: fc.constantFrom('GET', 'POST', 'DELETE'),
          url: text,
          statusCode: fc.integer({ min: 100, max: 599 }),
          responseTime: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.nat()),
          remoteAddress: fc.option(text, { nil: undefined }),
        }),
        fc.date({ noInvalidDate: true }),
        (line, now) => {
          vi.setSystemTime(now);
          const ours: string[] = [];
          const pinos: string[] = [];
          requestLineWriter('info', { write: (l) => void ours.push(l) })(line);
          pino({ level: 'info' }, { write: (l: string) => void pinos.push(l) }).info(
            line,
            'request completed',
          );
          expect(ours).toHaveLength(1);
          const mine = JSON.parse(ours[0]!) as Record<string, unknown>;
          const theirs = JSON.parse(pinos[0]!) as Record<string, unknown>;
          expect(Object.keys(mine)).toEqual(Object.keys(theirs));
          expect(mine).toEqual(theirs);
          expect(ours[0]!.endsWith('}\n')).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is not written where the level leaves info out', () => {
    const lines: string[] = [];
    const line = {
      requestId: 'r',
      method: 'GET',
      url: '/api/health',
      statusCode: 200,
      responseTime: 1,
      remoteAddress: '127.0.0.1',
    };
    requestLineWriter('warn', { write: (l) => void lines.push(l) })(line);
    expect(lines).toEqual([]);
    requestLineWriter('debug', { write: (l) => void lines.push(l) })(line);
    expect(lines).toHaveLength(1);
  });
});

describe('the log destination', () => {
  it('writes lines in blocks, and a quiet server’s lines within the flush interval', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'lavabo-log-')), 'out.log');
    const fd = openSync(file, 'a');
    const destination = logDestination(fd);
    try {
      const line = `${JSON.stringify({ msg: 'request completed', requestId: randomUUID() })}\n`;
      // A line is no write of its own: lines wait for a block…
      expect(destination.blockLength).toBe(LOG_BLOCK_BYTES);
      expect(LOG_BLOCK_BYTES).toBeGreaterThan(line.length * 10);
      const sent = vi.spyOn(destination.sink, 'write');
      destination.write(line);
      expect(sent).not.toHaveBeenCalled();
      // …and yet it is on its way within the interval (timers fire in the order they are due, so
      // the flush timer runs before this wait ends, however slow the machine)…
      await new Promise((resolve) => setTimeout(resolve, LOG_FLUSH_MS * 3));
      expect(sent).toHaveBeenCalledTimes(1);
      // …and in the file once the sink's write has completed.
      await vi.waitFor(() => expect(readFileSync(file, 'utf8')).toBe(line), { timeout: 10_000 });
      // A block's worth goes to the sink at once, as one write.
      const many = Array.from({ length: Math.ceil(LOG_BLOCK_BYTES / line.length) + 1 }, () => line);
      for (const l of many) destination.write(l);
      expect(sent).toHaveBeenCalledTimes(2);
      expect(String(sent.mock.calls[1]?.[0]).length).toBeGreaterThanOrEqual(LOG_BLOCK_BYTES);
      await vi.waitFor(
        () => expect(readFileSync(file, 'utf8').length).toBeGreaterThan(LOG_BLOCK_BYTES),
        { timeout: 10_000 },
      );
      destination.flushSync();
      expect(readFileSync(file, 'utf8')).toBe(line.repeat(many.length + 1));
    } finally {
      // The destination closes its descriptor (and stops its flush timer) itself.
      const closed = new Promise<void>((resolve) => destination.sink.once('close', resolve));
      destination.end();
      await closed;
    }
  });
});

/**
 * The exit hooks log blocks hold (their `atExit` field): other hooks come and go with the
 * garbage collector (pino's exit registry), so only these are counted.
 */
const logBlockExitHooks = (): number =>
  process.listeners('exit').filter((hook) => hook.name === 'atExit').length;

describe('log blocks', () => {
  const sink = () => {
    const blocks: string[] = [];
    let syncFlushes = 0;
    return {
      blocks,
      syncFlushes: () => syncFlushes,
      write: (block: string) => {
        blocks.push(block);
        return true;
      },
      flushSync: () => void (syncFlushes += 1),
      end: () => undefined,
    };
  };

  it('hands the sink one block per block length of lines, in order, and the rest on flush', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1, maxLength: 120 }), { maxLength: 80 }),
        fc.integer({ min: 1, max: 600 }),
        (lines, blockLength) => {
          const out = sink();
          const blocks = new LogBlocks(out, blockLength, 60_000);
          try {
            let waiting = 0;
            let expected = 0;
            for (const line of lines) {
              blocks.write(line);
              waiting += line.length;
              if (waiting >= blockLength) {
                expected += 1;
                waiting = 0;
              }
            }
            // A write per block, not per line; nothing lost, nothing reordered.
            expect(out.blocks).toHaveLength(expected);
            blocks.flushSync();
            expect(out.blocks.join('')).toBe(lines.join(''));
            expect(out.syncFlushes()).toBe(1);
          } finally {
            blocks.end();
          }
        },
      ),
    );
  });

  it('once released, sends what waited and each later line at once, and leaves no hook', async () => {
    const exitHooks = logBlockExitHooks();
    const out = sink();
    const blocks = new LogBlocks(out, 4096, 20);
    expect(logBlockExitHooks()).toBe(exitHooks + 1);
    blocks.write('before\n');
    blocks.release();
    expect(out.blocks).toEqual(['before\n']);
    expect(out.syncFlushes()).toBe(1);
    expect(logBlockExitHooks()).toBe(exitHooks);
    blocks.write('closing\n');
    expect(out.blocks).toEqual(['before\n', 'closing\n']);
    expect(out.syncFlushes()).toBe(2);
    // No timer left: nothing more reaches the sink after the interval.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(out.blocks).toHaveLength(2);
  });

  it('is released by an app that made it, when the app closes', async () => {
    const exitHooks = logBlockExitHooks();
    const app = await buildLoggingApp();
    expect(logBlockExitHooks()).toBe(exitHooks + 1);
    await app.close();
    expect(logBlockExitHooks()).toBe(exitHooks);
  });

  it('sends what waits after the flush interval', async () => {
    const out = sink();
    const blocks = new LogBlocks(out, 4096, 20);
    try {
      blocks.write('one\n');
      blocks.write('two\n');
      expect(out.blocks).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect(out.blocks).toEqual(['one\ntwo\n']);
    } finally {
      blocks.end();
    }
  });
});
