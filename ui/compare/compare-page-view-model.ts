/**
 * The compare page (`/en/compare?compare=SKU1,SKU2`): full details of the products named, and the
 * side-by-side rows — finishes, availability, brand, every spec and attribute — with the rows
 * whose values differ marked, optionally showing only those.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { availabilityOf, type GetProductsBySku } from '../../core/catalog/get-product-page';
import type { ProductDetails } from '../../core/catalog/product';
import type { AsyncStatus } from '../../core/shared/async-status';
import { availabilityText } from '../catalog/product/product-view-model';

export const MISSING_VALUE = '—';

export interface CompareRow {
  readonly key: string;
  readonly label: string;
  /** One value per product, in column order. */
  readonly values: readonly string[];
  /** True when at least two products are shown and their values are not all the same. */
  readonly differs: boolean;
}

export interface CompareRowGroup {
  readonly key: string;
  /** null for the overview rows at the top. */
  readonly title: string | null;
  readonly rows: readonly CompareRow[];
}

const normalise = (text: string): string =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/** 'bowl-shape' or 'bowlShape' → 'Bowl shape'. */
export const attributeLabel = (name: string): string => {
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words === '' ? name : words.charAt(0).toUpperCase() + words.slice(1);
};

const row = (key: string, label: string, values: readonly string[]): CompareRow => ({
  key,
  label,
  values,
  differs: values.length > 1 && new Set(values.map(normalise)).size > 1,
});

/** The rows of the comparison for these products (columns in the order given). */
export const compareRows = (products: readonly ProductDetails[]): readonly CompareRowGroup[] => {
  const overview: CompareRow[] = [
    row(
      'finishes',
      'Finishes',
      products.map((p) => {
        const live = p.finishes.filter((f) => !f.discontinued).map((f) => f.name);
        return live.length === 0 ? MISSING_VALUE : live.join(', ');
      }),
    ),
    row(
      'availability',
      'Availability',
      products.map((p) =>
        availabilityText(availabilityOf({ product: p, finish: null, quantity: p.availableQty })),
      ),
    ),
    row(
      'brand',
      'Brand',
      products.map((p) => p.brand),
    ),
    row(
      'collection',
      'Collection',
      products.map((p) => p.collection ?? MISSING_VALUE),
    ),
    row(
      'category',
      'Category',
      products.map((p) => p.categoryName),
    ),
  ];

  // Spec rows: every group|label any product has, in first-seen order.
  const groups = new Map<string, Map<string, string>>();
  for (const p of products) {
    for (const spec of p.specs) {
      const labels = groups.get(spec.group) ?? new Map<string, string>();
      const key = normalise(spec.label);
      if (!labels.has(key)) labels.set(key, spec.label);
      groups.set(spec.group, labels);
    }
  }
  const specLabels = new Set([...groups.values()].flatMap((labels) => [...labels.keys()]));
  const specGroups: CompareRowGroup[] = [...groups].map(([group, labels]) => ({
    key: `spec-${group}`,
    title: group,
    rows: [...labels].map(([key, label]) =>
      row(
        `spec-${group}-${key}`,
        label,
        products.map(
          (p) =>
            p.specs.find((s) => s.group === group && normalise(s.label) === key)?.value ??
            MISSING_VALUE,
        ),
      ),
    ),
  }));

  // Attributes the specs do not already show.
  const attributeNames: string[] = [];
  for (const p of products) {
    for (const name of Object.keys(p.attributes)) {
      const key = normalise(attributeLabel(name));
      if (
        !specLabels.has(key) &&
        !attributeNames.some((n) => normalise(attributeLabel(n)) === key)
      ) {
        attributeNames.push(name);
      }
    }
  }
  const features: CompareRowGroup[] =
    attributeNames.length === 0
      ? []
      : [
          {
            key: 'features',
            title: 'Features',
            rows: attributeNames.map((name) =>
              row(
                `attr-${name}`,
                attributeLabel(name),
                products.map((p) => p.attributes[name] ?? MISSING_VALUE),
              ),
            ),
          },
        ];

  return [{ key: 'overview', title: null, rows: overview }, ...specGroups, ...features];
};

/** Whether a product answers to a SKU (its master SKU or one of its finishes). */
export const answersTo = (product: ProductDetails, sku: string): boolean => {
  const wanted = sku.trim().toUpperCase();
  return (
    product.sku.toUpperCase() === wanted ||
    product.finishes.some((f) => f.sku.toUpperCase() === wanted)
  );
};

export class ComparePageViewModel {
  status: AsyncStatus = 'idle';
  products: readonly ProductDetails[] = [];
  onlyDifferences = false;
  /** The SKUs the page shows, as asked for (URL or compared list). */
  skus: readonly string[] = [];
  private request: AbortController | null = null;

  constructor(private readonly getProducts: GetProductsBySku) {
    makeAutoObservable<ComparePageViewModel, 'getProducts' | 'request'>(this, {
      getProducts: false,
      request: false,
    });
  }

  get isEmpty(): boolean {
    return this.status === 'succeeded' && this.products.length === 0;
  }

  get groups(): readonly CompareRowGroup[] {
    return compareRows(this.products);
  }

  /** The groups as shown: with "Show only differences", rows that agree (and empty groups) go. */
  get visibleGroups(): readonly CompareRowGroup[] {
    if (!this.onlyDifferences) return this.groups;
    return this.groups
      .map((g) => ({ ...g, rows: g.rows.filter((r) => r.differs) }))
      .filter((g) => g.rows.length > 0);
  }

  get differenceCount(): number {
    return this.groups.reduce((n, g) => n + g.rows.filter((r) => r.differs).length, 0);
  }

  setOnlyDifferences(on: boolean): void {
    this.onlyDifferences = on;
  }

  /**
   * The page shows these SKUs. Unchanged SKUs do nothing; a subset of what is loaded (a product
   * was removed) is filtered in place; anything else loads.
   */
  show(skus: readonly string[]): void {
    const same = skus.length === this.skus.length && skus.every((s, i) => s === this.skus[i]);
    if (same && this.status !== 'idle') return;
    if (this.status === 'succeeded') {
      const kept = skus.map((s) => this.products.find((p) => answersTo(p, s)));
      if (kept.every((p) => p !== undefined)) {
        this.skus = skus;
        this.products = kept.filter((p, i) => kept.indexOf(p) === i);
        return;
      }
    }
    void this.load(skus);
  }

  async load(skus: readonly string[]): Promise<void> {
    this.request?.abort();
    const request = new AbortController();
    this.request = request;
    this.skus = skus;
    if (skus.length === 0) {
      this.products = [];
      this.status = 'succeeded';
      return;
    }
    this.status = 'loading';
    try {
      const products = await this.getProducts.execute(skus, request.signal);
      if (request.signal.aborted) return;
      runInAction(() => {
        this.products = products;
        this.status = 'succeeded';
      });
    } catch {
      if (request.signal.aborted) return;
      runInAction(() => {
        this.status = 'failed';
      });
    }
  }

  retry(): Promise<void> {
    return this.load(this.skus);
  }

  /** The SKUs left after removing a product (every SKU that names it). */
  skusWithout(product: ProductDetails): readonly string[] {
    return this.skus.filter((s) => !answersTo(product, s));
  }

  dispose(): void {
    this.request?.abort();
    if (this.status === 'loading') this.status = 'idle';
  }
}
