/**
 * Orders of the search index's masters precomputed per sort field (./search-index.ts): a list sorted
 * by price, rating, sales, launch date, title or the featured order compares two products by one
 * integer — their places in the catalogue's order for that sort — instead of by their values and
 * SKUs, and keeps its page with a heap of integers. The orders follow the catalogue: a patch moves
 * only the products it changed.
 */
import { compareLexemes } from './text-search';

/** A product's value for one sort clause; null sorts last in either direction (NULLS LAST). */
export type SortValue = number | string | boolean | null;

/** orderBySql's comparison of one clause's values: NULLS LAST, then by value in `desc` or not. */
export const compareSortValues = (x: SortValue, y: SortValue, desc: boolean): number => {
  if (x === y) return 0;
  if (x === null) return 1;
  if (y === null) return -1;
  const order = x < y ? -1 : x > y ? 1 : 0;
  return desc ? -order : order;
};

/** What an order is made of: the products in it, their values per clause, their SKUs (the last tiebreak). */
export interface OrderSource {
  /** Places 0 .. size - 1 (some may hold no product). */
  readonly size: number;
  readonly present: (index: number) => boolean;
  /** The clauses, first to last: a product's value for each, and its direction. */
  readonly clauses: readonly {
    readonly value: (index: number) => SortValue;
    readonly desc: boolean;
  }[];
  readonly sku: (index: number) => string;
}

export class SortOrder {
  private constructor(
    /** The products, first to last. */
    readonly order: Int32Array,
    /** Per place: its product's place in `order`, or -1 for none. */
    readonly rank: Int32Array,
    /** Per clause, per place: the value the order was made with (kept for patches). */
    private readonly values: SortValue[][],
    private readonly skus: string[],
  ) {}

  /** The order of every product of `source`: clause by clause, then SKU. */
  static build(source: OrderSource): SortOrder {
    const values = source.clauses.map(() => new Array<SortValue>(source.size).fill(null));
    const skus = new Array<string>(source.size).fill('');
    const members: number[] = [];
    for (let i = 0; i < source.size; i += 1) {
      if (!source.present(i)) continue;
      SortOrder.read(source, i, values, skus);
      members.push(i);
    }
    members.sort(SortOrder.comparer(source, values, skus));
    return SortOrder.of(Int32Array.from(members), source.size, values, skus);
  }

  private static read(source: OrderSource, i: number, values: SortValue[][], skus: string[]) {
    source.clauses.forEach((clause, c) => {
      (values[c] as SortValue[])[i] = clause.value(i);
    });
    skus[i] = source.sku(i);
  }

  private static comparer(
    source: OrderSource,
    values: readonly SortValue[][],
    skus: readonly string[],
  ): (a: number, b: number) => number {
    const clauses = source.clauses.map((clause, c) => ({
      desc: clause.desc,
      values: values[c] as SortValue[],
    }));
    return (a, b) => {
      for (const clause of clauses) {
        const order = compareSortValues(
          clause.values[a] ?? null,
          clause.values[b] ?? null,
          clause.desc,
        );
        if (order !== 0) return order;
      }
      return compareLexemes(skus[a] ?? '', skus[b] ?? '');
    };
  }

  private static of(
    order: Int32Array,
    size: number,
    values: SortValue[][],
    skus: string[],
  ): SortOrder {
    const rank = new Int32Array(size).fill(-1);
    for (let k = 0; k < order.length; k += 1) rank[order[k] ?? 0] = k;
    return new SortOrder(order, rank, values, skus);
  }

  /**
   * The order after the products at `changed` changed (their values, or added, or removed): they
   * are taken out and put back where their values go now; the others keep their places.
   */
  patched(changed: Iterable<number>, source: OrderSource): SortOrder {
    const moved = new Set(changed);
    const values = this.values.map((column) => {
      const out = column.slice(0, source.size);
      while (out.length < source.size) out.push(null);
      return out;
    });
    const skus = this.skus.slice(0, source.size);
    while (skus.length < source.size) skus.push('');
    const inserted: number[] = [];
    for (const i of moved) {
      if (i >= source.size || !source.present(i)) continue;
      SortOrder.read(source, i, values, skus);
      inserted.push(i);
    }
    const compare = SortOrder.comparer(source, values, skus);
    inserted.sort(compare);
    const kept = this.order.filter((i) => !moved.has(i) && i < source.size && source.present(i));
    // Both lists are in order: merge them.
    const out = new Int32Array(kept.length + inserted.length);
    let a = 0;
    let b = 0;
    for (let k = 0; k < out.length; k += 1) {
      const x = kept[a];
      const y = inserted[b];
      if (y === undefined || (x !== undefined && compare(x, y) <= 0)) {
        out[k] = x ?? 0;
        a += 1;
      } else {
        out[k] = y;
        b += 1;
      }
    }
    return SortOrder.of(out, source.size, values, skus);
  }
}

/**
 * The first `count` of `items` by `compare`, in order: a full sort when the page is a good part of
 * them, else a bounded max-heap of the best `count` so far (n log count), all of plain numbers.
 */
export const firstInOrder = (
  items: readonly number[],
  count: number,
  compare: (a: number, b: number) => number,
): number[] => {
  if (count <= 0 || items.length === 0) return [];
  if (count * 4 >= items.length) return [...items].sort(compare).slice(0, count);
  const heap: number[] = [];
  for (const item of items) {
    if (heap.length < count) {
      heap.push(item);
      let i = heap.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        const p = heap[parent] as number;
        if (compare(item, p) <= 0) break;
        heap[i] = p;
        i = parent;
      }
      heap[i] = item;
    } else if (compare(item, heap[0] as number) < 0) {
      // The worst of the best so far is replaced; sift the newcomer down.
      let i = 0;
      const n = heap.length;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let worst = item;
        let at = i;
        if (l < n && compare(heap[l] as number, worst) > 0) {
          worst = heap[l] as number;
          at = l;
        }
        if (r < n && compare(heap[r] as number, worst) > 0) {
          worst = heap[r] as number;
          at = r;
        }
        if (at === i) break;
        heap[i] = worst;
        i = at;
      }
      heap[i] = item;
    }
  }
  return heap.sort(compare);
};
