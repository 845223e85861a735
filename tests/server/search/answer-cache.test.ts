/**
 * The answer cache on its own: within its bounds whatever is put in, least recently used out
 * first, one computation for concurrent misses, nothing kept across a catalogue version change and
 * nothing kept that was computed while the version moved.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AnswerBytes, AnswerCache, LruMap } from '../../../server/search/answer-cache';
import { withQTime } from '../../../server/api/search';
import { InProcessCatalogueVersion } from '../../../server/search/catalogue-version';

describe('LruMap', () => {
  it('stays within its count and byte bounds whatever is put in', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 100 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 1, max: 60 }))),
        (maxEntries, maxBytes, puts) => {
          const lru = new LruMap<number>({ maxEntries, maxBytes });
          for (const [key, bytes] of puts) {
            lru.set(String(key), key, bytes);
            expect(lru.size).toBeLessThanOrEqual(maxEntries);
            expect(lru.bytes).toBeLessThanOrEqual(maxBytes);
          }
          const last = puts.at(-1);
          if (last !== undefined && maxEntries > 0 && last[1] <= maxBytes) {
            expect(lru.get(String(last[0]))).toBe(last[0]);
          }
        },
      ),
    );
  });

  it('evicts the least recently used first', () => {
    const lru = new LruMap<string>({ maxEntries: 2, maxBytes: 1000 });
    lru.set('a', 'A', 1);
    lru.set('b', 'B', 1);
    expect(lru.get('a')).toBe('A');
    lru.set('c', 'C', 1);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe('A');
    expect(lru.get('c')).toBe('C');
  });
});

describe('AnswerCache', () => {
  it('computes once for concurrent asks of one key and serves the rest from memory', async () => {
    const cache = new AnswerCache(new InProcessCatalogueVersion());
    let computed = 0;
    const compute = async () => {
      computed += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { n: computed };
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('k', compute)));
    expect(computed).toBe(1);
    expect(new Set(answers).size).toBe(1);
    expect(await cache.get('k', compute)).toBe(answers[0]);
    expect(computed).toBe(1);
  });

  it('computes again after the catalogue changed, and forgets the old answers', async () => {
    const version = new InProcessCatalogueVersion();
    const cache = new AnswerCache(version);
    let n = 0;
    const compute = () => Promise.resolve({ n: (n += 1) });
    expect(await cache.get('k', compute)).toEqual({ n: 1 });
    expect(await cache.get('k', compute)).toEqual({ n: 1 });
    version.changed();
    expect(await cache.get('k', compute)).toEqual({ n: 2 });
    expect(cache.stats.entries).toBe(1);
  });

  it('keeps no answer computed while the catalogue changed', async () => {
    const version = new InProcessCatalogueVersion();
    const cache = new AnswerCache(version);
    let n = 0;
    const racing = async () => {
      n += 1;
      version.changed();
      return { n };
    };
    expect(await cache.get('k', racing)).toEqual({ n: 1 });
    expect(await cache.get('k', () => Promise.resolve({ n: (n += 1) }))).toEqual({ n: 2 });
  });

  it('passes a failed computation on and does not keep it', async () => {
    const cache = new AnswerCache(new InProcessCatalogueVersion());
    await expect(cache.get('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('k', () => Promise.resolve('ok'))).toBe('ok');
  });

  it('computes every time when turned off (0 entries)', async () => {
    const cache = new AnswerCache(new InProcessCatalogueVersion(), {
      maxEntries: 0,
      maxBytes: 1000,
    });
    let n = 0;
    await cache.get('k', () => Promise.resolve((n += 1)));
    await cache.get('k', () => Promise.resolve((n += 1)));
    expect(n).toBe(2);
    expect(cache.stats.entries).toBe(0);
  });

  it('stays within its bounds over many distinct answers', async () => {
    const cache = new AnswerCache(new InProcessCatalogueVersion(), {
      maxEntries: 10,
      maxBytes: 400,
    });
    for (let i = 0; i < 100; i += 1) {
      await cache.get(`k${i}`, () => Promise.resolve({ i, pad: 'x'.repeat(i % 50) }));
      expect(cache.stats.entries).toBeLessThanOrEqual(10);
      expect(cache.stats.bytes).toBeLessThanOrEqual(400);
    }
  });
});

describe('AnswerBytes', () => {
  it('serializes an answer once, the second time it is asked for, and sends those bytes after', () => {
    const bytes = new AnswerBytes();
    const answer = { terms: ['faucet'] };
    let written = 0;
    const serialize = (a: object) => {
      written += 1;
      return JSON.stringify(a);
    };
    // The first time the route hands the object to Fastify: nothing is written here.
    expect(bytes.of(answer, serialize)).toBeUndefined();
    expect(written).toBe(0);
    const second = bytes.of(answer, serialize);
    expect(second?.toString('utf8')).toBe('{"terms":["faucet"]}');
    expect(bytes.of(answer, serialize)).toBe(second);
    expect(written).toBe(1);
    // Another answer object (a new catalogue version) never meets the old bytes.
    expect(bytes.of({ terms: ['faucet'] }, serialize)).toBeUndefined();
  });

  it('keeps nothing when the serializer says its text cannot be reused', () => {
    const bytes = new AnswerBytes();
    const answer = { a: 1 };
    expect(bytes.of(answer, () => undefined)).toBeUndefined();
    expect(bytes.of(answer, () => undefined)).toBeUndefined();
    expect(bytes.of(answer, () => '{"a":1}')?.toString('utf8')).toBe('{"a":1}');
  });

  it("puts a request's own QTime into kept bytes, the rest unchanged", () => {
    fc.assert(
      fc.property(fc.nat({ max: 100_000 }), fc.jsonValue(), (qTime, rest) => {
        const kept = Buffer.from(
          JSON.stringify({ responseHeader: { status: 0, QTime: 0 }, response: rest }),
        );
        expect(JSON.parse(withQTime(kept, qTime).toString('utf8'))).toEqual(
          JSON.parse(
            JSON.stringify({ responseHeader: { status: 0, QTime: qTime }, response: rest }),
          ),
        );
      }),
    );
  });
});
