/**
 * WORKERS (server/config.ts): how many API processes share the port. More than one needs a
 * PostgreSQL server — the embedded database is one process's — and says so, naming both settings.
 */
import { describe, expect, it } from 'vitest';
import { configFromEnv, parseWorkers } from '../../server/config';

const URL = 'postgres://lavabo@127.0.0.1:5432/lavabo';

describe('WORKERS', () => {
  it('is one process unless set', () => {
    expect(configFromEnv({}).workers).toBe(1);
    expect(parseWorkers('', undefined)).toBe(1);
    expect(parseWorkers(' ', URL)).toBe(1);
  });

  it('takes any count with a PostgreSQL server', () => {
    expect(configFromEnv({ WORKERS: '4', DATABASE_URL: URL }).workers).toBe(4);
    expect(parseWorkers('1', undefined)).toBe(1);
  });

  it('refuses more than one on the embedded database, saying why', () => {
    expect(() => configFromEnv({ WORKERS: '2' })).toThrow(
      /WORKERS=2 needs a PostgreSQL server \(DATABASE_URL\): the embedded database can be opened by one process only/,
    );
    expect(() => configFromEnv({ WORKERS: '2', DATABASE_URL: '' })).toThrow(/DATABASE_URL/);
  });

  it('refuses what is not a whole number of processes, naming WORKERS', () => {
    for (const bad of ['0', '-1', '1.5', 'two', '1000']) {
      expect(() => parseWorkers(bad, URL)).toThrow(/^WORKERS must be a whole number/);
    }
  });
});
