import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  KEYWORD_HISTORY_MAX,
  cleanKeyword,
  isSavableKeyword,
  rememberKeyword,
} from '../../../core/catalog/keyword-history';

const keyword = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.constantFrom('sink', 'SINK', ' Sink ', 'ab', ' ab ', 'toilet  seat', 'Toilet seat'),
);
const history = fc
  .array(keyword, { maxLength: 14 })
  .map((ks) => ks.reduce<readonly string[]>((h, k) => rememberKeyword(h, k), []));
const lower = (ks: readonly string[]) => ks.map((k) => k.toLowerCase());

describe('search keyword history (spec §5)', () => {
  it('saves a keyword only when longer than 2 characters after trimming', () => {
    fc.assert(
      fc.property(history, keyword, (h, k) => {
        const next = rememberKeyword(h, k);
        if (Array.from(cleanKeyword(k)).length > 2) {
          expect(next[0]).toBe(cleanKeyword(k));
          expect(isSavableKeyword(k)).toBe(true);
        } else {
          expect(next).toBe(h);
        }
      }),
    );
    expect(rememberKeyword([], ' ab ')).toEqual([]);
    expect(rememberKeyword([], 'abc')).toEqual(['abc']);
  });

  it('holds no duplicates (case-insensitive), newest first, at most the cap', () => {
    fc.assert(
      fc.property(history, keyword, (h, k) => {
        const next = rememberKeyword(h, k);
        expect(new Set(lower(next)).size).toBe(next.length);
        expect(next.length).toBeLessThanOrEqual(KEYWORD_HISTORY_MAX);
      }),
    );
  });

  it('keeps the older keywords in their order behind the new one', () => {
    fc.assert(
      fc.property(history, keyword, (h, k) => {
        fc.pre(isSavableKeyword(k));
        const next = rememberKeyword(h, k);
        const rest = h.filter((x) => x.toLowerCase() !== cleanKeyword(k).toLowerCase());
        expect(next.slice(1)).toEqual(rest.slice(0, KEYWORD_HISTORY_MAX - 1));
      }),
    );
  });

  it('respects a smaller cap', () => {
    fc.assert(
      fc.property(history, keyword, fc.integer({ min: 1, max: 5 }), (h, k, cap) => {
        expect(rememberKeyword(h, k, cap).length).toBeLessThanOrEqual(Math.max(cap, h.length));
        if (isSavableKeyword(k)) expect(rememberKeyword(h, k, cap).length).toBeLessThanOrEqual(cap);
      }),
    );
  });
});
