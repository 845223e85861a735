/**
 * A cluster worker's app (AppDeps.versions, server/app.ts): after a request that may have written
 * its answer waits for the versions to reach every worker (`afterWrite`); reads — GET and the POST
 * routes marked `readOnly`, such as the product page — answer without it.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import type { WorkerVersions } from '../../../server/db/cluster-versions';
import { startTestServer, type TestServer } from '../../support/test-server';

const KEY = new Uint8Array(32).fill(7);

let server: TestServer;
let app: FastifyInstance;
let writes = 0;
/** When set, `afterWrite` waits for it. */
let hold: Promise<void> | null = null;

const versions: WorkerVersions = {
  read: () => Promise.resolve({ catalogue: 1, sessions: 1 }),
  afterWrite: async () => {
    writes += 1;
    await hold;
  },
  log: { error: () => undefined },
};

beforeAll(async () => {
  server = await startTestServer();
  app = await buildApp({
    db: server.db,
    signingKey: KEY,
    staticDir: server.dataDir,
    logLevel: 'silent',
    versions,
  });
});

afterAll(async () => {
  await app?.close();
  await server?.dispose();
});

const guestToken = async (): Promise<string> => {
  const res = await app.inject({
    method: 'POST',
    url: `/api/oauth/token?scope=guest&channel=KOUS&gId=${randomUUID()}`,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { access_token: string }).access_token;
};

describe("a cluster worker's answers and the shared versions", () => {
  it('checks them after a write, not after a GET or a read-only POST', async () => {
    const token = await guestToken();
    const headers = { authorization: `Bearer ${token}` };
    const { rows } = await server.db.query<{ slug: string }>(
      'SELECT slug FROM search_documents ORDER BY sku LIMIT 1',
    );
    const slug = rows[0]?.slug ?? '';
    writes = 0;

    const read = await app.inject({ method: 'GET', url: '/api/search/typeahead?q=fau', headers });
    expect(read.statusCode).toBe(200);
    const page = await app.inject({
      method: 'POST',
      url: '/api/search/pdp',
      headers,
      payload: { slug },
    });
    expect(page.statusCode).toBe(200);
    expect(writes).toBe(0);

    const created = await app.inject({
      method: 'POST',
      url: '/api/cart/create',
      headers,
      payload: { currency: 'USD', taxMode: 'Platform' },
    });
    expect(created.statusCode).toBe(201);
    expect(writes).toBe(1);

    // A path no route serves has no route options of its own: still answered, counted a write.
    const unknown = await app.inject({ method: 'POST', url: '/api/no-such-thing', headers });
    expect(unknown.statusCode).toBe(404);
    expect(writes).toBe(2);
  });

  it("holds a write's answer until every worker has the versions", async () => {
    const token = await guestToken();
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    let answered = false;
    const answer = app
      .inject({
        method: 'POST',
        url: '/api/cart/create',
        headers: { authorization: `Bearer ${token}` },
        payload: { currency: 'USD', taxMode: 'Platform' },
      })
      .then((res) => {
        answered = true;
        return res;
      });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false);
    release();
    hold = null;
    expect((await answer).statusCode).toBe(201);
  });
});
