/**
 * The compare page (`/en/compare?compare=SKU1,SKU2`): full details of the products named, and the
 * side-by-side rows — finishes, availability, brand, every spec and attribute, each fact once —
 * with the rows whose values differ marked, optionally showing only those.
 *
 * The page and the tray show one list, the compared products, and the URL always names it so the
 * comparison can be shared: a link naming other products is looked up and then becomes the
 * compared list (core's compareFromLink); without a parameter the page shows the compared list
 * and writes it into the URL; a removal (here or in the tray) changes the list, and the page and
 * its URL follow.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { availabilityOf, type GetProductsBySku } from '../../core/catalog/get-product-page';
import type { ProductDetails, ProductSummary } from '../../core/catalog/product';
import { compareQuery } from '../../core/compare/compare-tray';
import { attributeLabel, attributeValue } from '../../core/catalog/attribute-words';
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

  // Every fact is one row: a spec or attribute that says what a row above already says (the
  // General group's Brand and Collection, the Materials group's Finishes, the attribute gpm beside
  // the spec "Flow rate") is not repeated.
  const shown = new Set(overview.map((r) => normalise(r.label)));

  // Spec rows: every label any product has, once, in the group where it was first seen (products
  // of different categories may file one fact under different groups).
  const groups = new Map<string, Map<string, string>>();
  for (const p of products) {
    for (const spec of p.specs) {
      const key = normalise(spec.label);
      if (shown.has(key)) continue;
      shown.add(key);
      const labels = groups.get(spec.group) ?? new Map<string, string>();
      labels.set(key, spec.label);
      groups.set(spec.group, labels);
    }
  }
  const specGroups: CompareRowGroup[] = [...groups].map(([group, labels]) => ({
    key: `spec-${group}`,
    title: group,
    rows: [...labels].map(([key, label]) =>
      row(
        `spec-${key}`,
        label,
        products.map(
          (p) => p.specs.find((s) => normalise(s.label) === key)?.value ?? MISSING_VALUE,
        ),
      ),
    ),
  }));

  // Attributes the specs do not already show.
  const attributeNames: string[] = [];
  for (const p of products) {
    for (const name of Object.keys(p.attributes)) {
      const key = normalise(attributeLabel(name));
      if (!shown.has(key)) {
        shown.add(key);
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
                products.map((p) => {
                  const value = p.attributes[name];
                  return value === undefined || value.trim() === ''
                    ? MISSING_VALUE
                    : attributeValue(name, value);
                }),
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

/** What the page needs of the app's compared list (ui/compare/compare-view-model.ts). */
export interface ComparedList {
  readonly skus: readonly string[];
  fromLink(products: readonly ProductSummary[]): void;
}

const sameSkus = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((s, i) => s.toUpperCase() === b[i]?.toUpperCase());

export class ComparePageViewModel {
  status: AsyncStatus = 'idle';
  products: readonly ProductDetails[] = [];
  onlyDifferences = false;
  /** The SKUs the page shows, as asked for (URL or compared list). */
  skus: readonly string[] = [];
  /**
   * True while the page shows the compared list; false before the page knows its URL, and while a
   * link's products are looked up to become it (or could not be).
   */
  following = false;
  private request: AbortController | null = null;

  constructor(
    private readonly getProducts: GetProductsBySku,
    private readonly compared: ComparedList,
  ) {
    makeAutoObservable<ComparePageViewModel, 'getProducts' | 'request' | 'compared'>(this, {
      getProducts: false,
      request: false,
      compared: false,
    });
  }

  /**
   * The page's URL names these SKUs (`null`: no compare parameter, or an empty one). The compared
   * list is shown; a link naming other products is looked up and becomes the compared list.
   */
  open(link: readonly string[] | null): void {
    if (link === null || sameSkus(link, this.compared.skus)) {
      this.following = true;
      this.show(this.compared.skus);
      return;
    }
    this.following = false;
    void this.load(link);
  }

  /** The compared list changed (a removal here or in the tray, Clear all): the page follows. */
  follow(): void {
    if (this.following) this.show(this.compared.skus);
  }

  /**
   * The query the page's URL should carry — `?compare=` and the compared SKUs, so the comparison
   * can be shared; '' when nothing is compared — or null while a link is being taken on.
   */
  get search(): string | null {
    if (!this.following) return null;
    const skus = this.compared.skus;
    return skus.length === 0 ? '' : `?${compareQuery(skus)}`;
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
        if (!this.following) {
          // A link's products: now the compared ones, and the page follows that list.
          this.compared.fromLink(products);
          this.following = true;
          this.skus = this.compared.skus;
        }
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

  /** The compared SKUs that name a product (its own, or one of its finishes'). */
  comparedSkusOf(product: ProductDetails): readonly string[] {
    return this.compared.skus.filter((s) => answersTo(product, s));
  }

  dispose(): void {
    this.request?.abort();
    if (this.status === 'loading') this.status = 'idle';
  }
}
