import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashString, mulberry32, Random } from '../../../server/seed/catalogue/prng';

const seed = fc.integer({ min: 0, max: 0xffffffff });

describe('mulberry32 and Random', () => {
  it('repeats its sequence for a seed and stays in [0, 1)', () => {
    fc.assert(
      fc.property(seed, (s) => {
        const a = mulberry32(s);
        const b = mulberry32(s);
        for (let i = 0; i < 20; i += 1) {
          const value = a();
          expect(value).toBe(b());
          expect(value >= 0 && value < 1).toBe(true);
        }
      }),
    );
  });

  it('draws integers within bounds, inclusive', () => {
    fc.assert(
      fc.property(seed, fc.integer({ min: -50, max: 50 }), fc.nat(30), (s, min, span) => {
        const rng = new Random(s);
        for (let i = 0; i < 20; i += 1) {
          const value = rng.int(min, min + span);
          expect(Number.isInteger(value)).toBe(true);
          expect(value >= min && value <= min + span).toBe(true);
        }
      }),
    );
  });

  it('samples distinct items in list order and shuffles to a permutation', () => {
    fc.assert(
      fc.property(
        seed,
        fc.array(fc.integer(), { maxLength: 30 }),
        fc.nat(40),
        (s, items, count) => {
          const rng = new Random(s);
          const indexed = items.map((value, index) => ({ value, index }));
          const sample = rng.sample(indexed, count);
          expect(sample).toHaveLength(Math.min(count, items.length));
          expect(sample.map((x) => x.index)).toEqual(
            [...sample.map((x) => x.index)].sort((a, b) => a - b),
          );
          const shuffled = rng.shuffle(items);
          expect([...shuffled].sort((a, b) => a - b)).toEqual([...items].sort((a, b) => a - b));
        },
      ),
    );
  });

  it('gives separate streams to separate topics', () => {
    const a = Random.forTopic(2026, 'stock');
    const b = Random.forTopic(2026, 'reviews');
    expect([a.float(), a.float()]).not.toEqual([b.float(), b.float()]);
    expect(hashString('K-4120')).toBe(hashString('K-4120'));
    expect(hashString('K-4120')).not.toBe(hashString('K-4121'));
  });

  it('picks by weight, never a zero-weight entry', () => {
    fc.assert(
      fc.property(seed, (s) => {
        const rng = new Random(s);
        for (let i = 0; i < 20; i += 1) {
          expect(
            rng.weighted([
              ['a', 1],
              ['never', 0],
              ['b', 3],
            ]),
          ).not.toBe('never');
        }
      }),
    );
  });
});
