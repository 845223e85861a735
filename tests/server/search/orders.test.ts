/**
 * The search index's precomputed orders (server/search/index/orders.ts): an order is the one a full
 * sort by orderBySql's rules gives — clause by clause, NULLS LAST in either direction, ties by SKU
 * — and stays so after products change, are removed or are added; the page of a list is the first
 * `count` of a full sort, with ties.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareSortValues,
  firstInOrder,
  SortOrder,
  type OrderSource,
  type SortValue,
} from '../../../server/search/index/orders';

/** A product: its SKU, its values per clause as places in the run's values, whether it is there. */
interface Product {
  sku: string;
  values: number[];
  present: boolean;
}

/**
 * Few distinct values, so ties (and nulls) are common: numbers in one run, texts in another (a sort
 * key's values are of one type: a number and a text do not compare).
 */
const KINDS: readonly (readonly SortValue[])[] = [
  [null, 0, 1, 2.5, -1],
  [null, 'a', 'B', 'b', ''],
];
const valueArb = fc.integer({ min: 0, max: 4 });
const kindArb = fc.constantFrom(...KINDS);

const productsArb = (clauses: number) =>
  fc
    .uniqueArray(fc.stringMatching(/^[A-C][0-9]{1,2}$/), { minLength: 0, maxLength: 40 })
    .chain((skus) =>
      fc.tuple(
        ...skus.map((sku) =>
          fc.record({
            sku: fc.constant(sku),
            values: fc.array(valueArb, { minLength: clauses, maxLength: clauses }),
            present: fc.boolean(),
          }),
        ),
      ),
    );

const valueOf = (kind: readonly SortValue[], p: Product | undefined, c: number): SortValue =>
  p === undefined ? null : (kind[p.values[c] ?? 0] ?? null);

const sourceOf = (
  products: readonly Product[],
  desc: readonly boolean[],
  kind: readonly SortValue[],
): OrderSource => ({
  size: products.length,
  present: (i) => products[i]?.present === true,
  clauses: desc.map((d, c) => ({ value: (i) => valueOf(kind, products[i], c), desc: d })),
  sku: (i) => products[i]?.sku ?? '',
});

/** The reference: every present product, sorted by the rules from scratch. */
const expected = (
  products: readonly Product[],
  desc: readonly boolean[],
  kind: readonly SortValue[],
): number[] =>
  products
    .map((p, i) => ({ p, i }))
    .filter(({ p }) => p.present)
    .sort((x, y) => {
      for (let c = 0; c < desc.length; c += 1) {
        const order = compareSortValues(
          valueOf(kind, x.p, c),
          valueOf(kind, y.p, c),
          desc[c] ?? false,
        );
        if (order !== 0) return order;
      }
      return x.p.sku < y.p.sku ? -1 : x.p.sku > y.p.sku ? 1 : 0;
    })
    .map(({ i }) => i);

describe('compareSortValues', () => {
  it('puts nulls last in either direction', () => {
    expect(compareSortValues(null, 1, false)).toBe(1);
    expect(compareSortValues(null, 1, true)).toBe(1);
    expect(compareSortValues(1, null, true)).toBe(-1);
    expect(compareSortValues(1, 2, true)).toBe(1);
    expect(compareSortValues('a', 'a', true)).toBe(0);
  });
});

describe('SortOrder', () => {
  it('orders as a full sort: clause by clause, nulls last, ties by SKU', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 3 })
          .chain((n) =>
            fc.tuple(
              productsArb(n),
              fc.array(fc.boolean(), { minLength: n, maxLength: n }),
              kindArb,
            ),
          ),
        ([products, desc, kind]) => {
          const order = SortOrder.build(sourceOf(products, desc, kind));
          const want = expected(products, desc, kind);
          expect([...order.order]).toEqual(want);
          products.forEach((p, i) => {
            expect(order.rank[i]).toBe(p.present ? want.indexOf(i) : -1);
          });
        },
      ),
    );
  });

  it('after a patch is the order a build from scratch gives: changed, removed and added products', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 }).chain((n) =>
          fc.tuple(
            productsArb(n),
            fc.array(fc.boolean(), { minLength: n, maxLength: n }),
            fc.array(
              fc.record({
                at: fc.nat(),
                values: fc.array(valueArb, { minLength: n, maxLength: n }),
                present: fc.boolean(),
              }),
              { maxLength: 6 },
            ),
            fc.array(fc.array(valueArb, { minLength: n, maxLength: n }), { maxLength: 3 }),
            kindArb,
          ),
        ),
        ([products, desc, changes, added, kind]) => {
          const before = products.map((p) => ({ ...p, values: [...p.values] }));
          const order = SortOrder.build(sourceOf(before, desc, kind));
          const after = before.map((p) => ({ ...p, values: [...p.values] }));
          const changed: number[] = [];
          for (const change of changes) {
            if (after.length === 0) break;
            const at = change.at % after.length;
            after[at] = {
              ...(after[at] as Product),
              values: change.values,
              present: change.present,
            };
            changed.push(at);
          }
          added.forEach((values, k) => {
            changed.push(after.length);
            after.push({ sku: `Z${k}`, values, present: true });
          });
          const patched = order.patched(changed, sourceOf(after, desc, kind));
          expect([...patched.order]).toEqual(expected(after, desc, kind));
          const built = SortOrder.build(sourceOf(after, desc, kind));
          expect([...patched.rank]).toEqual([...built.rank]);
        },
      ),
    );
  });
});

describe('firstInOrder', () => {
  it('is the first `count` of a full sort, ties kept in order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 500 }), { maxLength: 300 }),
        fc.integer({ min: 0, max: 120 }),
        (keys, count) => {
          // Items are places; their keys tie often; the place breaks ties (as the SKU does).
          const items = keys.map((_, i) => i);
          const compare = (a: number, b: number) =>
            ((keys[a] ?? 0) % 7) - ((keys[b] ?? 0) % 7) || a - b;
          expect(firstInOrder(items, count, compare)).toEqual(
            [...items].sort(compare).slice(0, count),
          );
        },
      ),
    );
  });
});
