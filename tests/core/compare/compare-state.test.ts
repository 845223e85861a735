import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COMPARE_EXPIRY_MS,
  EMPTY_COMPARE,
  addToCompare,
  clearCompare,
  compareFromLink,
  dropExpired,
  removeFromCompare,
  setCompareEnabled,
  type CompareState,
  type ProductToCompare,
} from '../../../core/compare/compare-state';
import { DAY } from '../../../core/shared/clock';

const sku = fc.constantFrom('K-1', 'K-2', 'K-3', 'K-4', 'K-5', 'K-6', 'K-7', 'K-8', 'K-9');
const category = fc.constantFrom('Toilets', 'Kitchen Sinks', 'Faucets');
const product = fc
  .record({ compareSku: sku, category, backorder: fc.boolean() }, { noNullPrototype: true })
  .map((p): ProductToCompare => ({
    ...p,
    masterVariant: { sku: p.compareSku, attributes: [{ name: 'Finish', value: 'Black' }] },
  }));
const max = fc.constantFrom(3, 5, 7);

/** A reachable state: a history of adds at increasing times. */
const state = fc.array(fc.tuple(product, fc.nat(20 * DAY)), { maxLength: 10 }).map((steps) => {
  let now = 0;
  let s: CompareState = EMPTY_COMPARE;
  for (const [p, wait] of steps) {
    now += wait;
    const r = addToCompare(s, p, { now, max: 7 });
    if (r.ok) s = r.value;
  }
  return { state: s, now };
});

describe('compare transitions (spec §4)', () => {
  it('add replaces any entry with the same SKU and puts it last, category following it', () => {
    fc.assert(
      fc.property(state, product, max, fc.boolean(), ({ state: s, now }, p, m, enabled) => {
        const r = addToCompare(setCompareEnabled(s, enabled), p, { now, max: m });
        if (!r.ok) return;
        const skus = r.value.products.map((x) => x.compareSku);
        expect(skus.filter((x) => x === p.compareSku)).toHaveLength(1);
        expect(skus.at(-1)).toBe(p.compareSku);
        expect(r.value.category).toBe(p.category);
        expect(r.value.enabled).toBe(false);
        expect(r.value.products.at(-1)?.expiry).toBe(now + COMPARE_EXPIRY_MS);
      }),
    );
  });

  it('refuses a new SKU beyond the maximum with compare-full, and nothing else', () => {
    fc.assert(
      fc.property(state, product, max, ({ state: s, now }, p, m) => {
        const live = dropExpired(s, now).products;
        const already = live.some((x) => x.compareSku === p.compareSku);
        const r = addToCompare(s, p, { now, max: m });
        const full = !already && live.length >= m;
        expect(r.ok).toBe(!full);
        if (!r.ok) expect(r.error).toEqual({ kind: 'compare-full', max: m });
        else expect(r.value.products.length).toBe(already ? live.length : live.length + 1);
      }),
    );
  });

  it('clear-one resets the category exactly when the list becomes empty', () => {
    fc.assert(
      fc.property(state, sku, ({ state: s, now }, target) => {
        const next = removeFromCompare(s, target, now);
        expect(next.products.some((x) => x.compareSku === target)).toBe(false);
        if (next.products.length === 0) expect(next.category).toBeNull();
        else expect(next.category).toBe(s.category);
        expect(next.enabled).toBe(s.enabled);
      }),
    );
  });

  it('clear-all empties the list and the category', () => {
    fc.assert(
      fc.property(state, ({ state: s }) => {
        const next = clearCompare(s);
        expect(next.products).toEqual([]);
        expect(next.category).toBeNull();
      }),
    );
  });

  it('expires entries once the expiry period has passed, at the instant of expiry', () => {
    fc.assert(
      fc.property(state, fc.nat(200 * DAY), ({ state: s, now }, later) => {
        const at = now + later;
        const next = dropExpired(s, at);
        expect(next.products).toEqual(s.products.filter((x) => at < x.expiry));
        if (next.products.length === 0) expect(next.category).toBeNull();
      }),
    );
    const r = addToCompare(
      EMPTY_COMPARE,
      {
        compareSku: 'K-1',
        category: 'Toilets',
        backorder: false,
        masterVariant: { sku: 'K-1', attributes: [] },
      },
      { now: 0, max: 3 },
    );
    if (!r.ok) throw new Error('first add refused');
    expect(dropExpired(r.value, 60 * DAY - 1).products).toHaveLength(1);
    expect(dropExpired(r.value, 60 * DAY).products).toHaveLength(0);
  });

  it('never counts expired entries against the maximum', () => {
    fc.assert(
      fc.property(fc.uniqueArray(sku, { minLength: 3, maxLength: 3 }), (skus) => {
        let s: CompareState = EMPTY_COMPARE;
        for (const x of skus.slice(0, 2)) {
          const r = addToCompare(
            s,
            {
              compareSku: x,
              category: 'Toilets',
              backorder: false,
              masterVariant: { sku: x, attributes: [] },
            },
            { now: 0, max: 2 },
          );
          if (r.ok) s = r.value;
        }
        const third = {
          compareSku: skus[2]!,
          category: 'Faucets',
          backorder: false,
          masterVariant: { sku: skus[2]!, attributes: [] },
        };
        expect(addToCompare(s, third, { now: 1, max: 2 }).ok).toBe(false);
        const later = addToCompare(s, third, { now: COMPARE_EXPIRY_MS, max: 2 });
        expect(later.ok && later.value.products.map((p) => p.compareSku)).toEqual([skus[2]]);
      }),
    );
  });
});

describe('opening a compare link (reading we chose)', () => {
  it('makes the link’s products the compared ones, in its order, once each, none dropped', () => {
    fc.assert(
      fc.property(
        state,
        fc.array(product, { maxLength: 9 }),
        fc.boolean(),
        ({ state: s, now }, link, enabled) => {
          const next = compareFromLink(setCompareEnabled(s, enabled), link, { now });
          const wanted = [...new Set(link.map((p) => p.compareSku))];
          expect(next.products.map((p) => p.compareSku)).toEqual(wanted);
          for (const p of next.products) expect(p.expiry).toBe(now + COMPARE_EXPIRY_MS);
          // The first of a repeated SKU is the one kept.
          for (const p of next.products) {
            expect(p.category).toBe(link.find((q) => q.compareSku === p.compareSku)?.category);
          }
          expect(next.category).toBe(wanted.length === 0 ? null : next.products.at(-1)?.category);
          expect(next.enabled).toBe(false);
        },
      ),
    );
  });

  it('is where a following add starts from: beyond the maximum it is refused', () => {
    const link = ['K-1', 'K-2', 'K-3', 'K-4'].map((compareSku): ProductToCompare => ({
      compareSku,
      category: 'Faucets',
      backorder: false,
      masterVariant: { sku: compareSku, attributes: [] },
    }));
    const opened = compareFromLink(EMPTY_COMPARE, link, { now: 0 });
    expect(opened.products).toHaveLength(4);
    const more = addToCompare(opened, { ...link[0]!, compareSku: 'K-5' }, { now: 1, max: 3 });
    expect(more).toEqual({ ok: false, error: { kind: 'compare-full', max: 3 } });
  });
});
