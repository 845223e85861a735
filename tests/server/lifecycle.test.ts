import { readdir } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../../server/db/migrate';
import { testDatabaseKind } from '../support/test-database';
import { makeSeededDataDir, startTestServer } from '../support/test-server';
import { rm } from 'node:fs/promises';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('server start-up', () => {
  it('answers health with the database kind and migration version', async () => {
    const server = await startTestServer();
    try {
      const res = await fetch(`${server.api}/health`);
      expect(res.status).toBe(200);
      const expected = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).length;
      const asked = Date.now();
      const body = (await res.json()) as { database: { checkedAt: string } };
      expect(body).toEqual({
        status: 'ok',
        database: {
          kind: testDatabaseKind(),
          migrationVersion: expected,
          checkedAt: expect.any(String),
        },
      });
      // The database answered within the last second (health asks it at most once a second).
      const checked = Date.parse(body.database.checkedAt);
      expect(asked - checked).toBeLessThan(1000 + 50);
      expect(checked).toBeGreaterThan(asked - 60_000);
      expect(res.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
    } finally {
      await server.dispose();
    }
  });

  it('reuses its data dir on a second start: no migration re-run, earlier tokens still valid', async () => {
    // A data dir a server has opened before (the run's seeded template): the first start here
    // applies nothing either, and the second finds what the first wrote.
    const dataDir = await makeSeededDataDir();
    dirs.push(dataDir);
    const first = await startTestServer({ dataDir });
    const grant = (await (
      await fetch(`${first.api}/oauth/token?scope=guest&gId=keep-me`, { method: 'POST' })
    ).json()) as {
      access_token: string;
    };
    await first.db.query(
      "INSERT INTO outbox (recipient, subject, body) VALUES ('a@lavabo.test', 'hello', 'kept')",
    );
    await first.close();

    const second = await startTestServer({ dataDir });
    try {
      const applied = await second.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM schema_migrations',
      );
      const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).length;
      expect(applied.rows[0]?.n).toBe(files);
      const kept = await second.db.query<{ body: string }>('SELECT body FROM outbox');
      expect(kept.rows.map((r) => r.body)).toEqual(['kept']);
      const res = await fetch(`${second.api}/customer/me`, {
        headers: { authorization: `Bearer ${grant.access_token}` },
      });
      expect(res.status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('echoes a sane x-request-id and replaces an unsafe one', async () => {
    const server = await startTestServer();
    try {
      const given = await fetch(`${server.api}/health`, {
        headers: { 'x-request-id': 'trace-123' },
      });
      expect(given.headers.get('x-request-id')).toBe('trace-123');
      const unsafe = await fetch(`${server.api}/health`, {
        headers: { 'x-request-id': 'bad id with spaces' },
      });
      expect(unsafe.headers.get('x-request-id')).not.toBe('bad id with spaces');
    } finally {
      await server.dispose();
    }
  });
});
