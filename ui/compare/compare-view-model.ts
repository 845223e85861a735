/**
 * The compare slice for the whole app (spec §4 Compare): which products are compared, the tray's
 * tiles, and the message when the tray is full. One instance per app, shared by product tiles,
 * the product page and the compare tray and page.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { GetProductTiles } from '../../core/catalog/get-product-tiles';
import type { ProductSummary } from '../../core/catalog/product';
import type { AddToCompare } from '../../core/compare/add-to-compare';
import type { ClearCompare } from '../../core/compare/clear-compare';
import type { CompareFromLink } from '../../core/compare/compare-from-link';
import { EMPTY_COMPARE, type CompareState } from '../../core/compare/compare-state';
import { compareColumns, compareQuery, maxComparable } from '../../core/compare/compare-tray';
import type { LoadCompare } from '../../core/compare/load-compare';
import type { RemoveFromCompare } from '../../core/compare/remove-from-compare';
import type { AsyncStatus } from '../../core/shared/async-status';

export interface CompareUseCases {
  readonly load: LoadCompare;
  readonly add: AddToCompare;
  readonly remove: RemoveFromCompare;
  readonly clear: ClearCompare;
  readonly fromLink: CompareFromLink;
}

export const removedFromCompareMessage = (title: string): string =>
  `${title} removed from compare.`;

export class CompareViewModel {
  state: CompareState = EMPTY_COMPARE;
  /** Tiles of the compared products, in compare order, for the tray and the compare page. */
  products: readonly ProductSummary[] = [];
  productsStatus: AsyncStatus = 'idle';
  /** Shown (politely announced) after an add that did not fit, or after add/remove. */
  message: string | null = null;
  viewportWidth: number;

  constructor(
    private readonly useCases: CompareUseCases,
    private readonly getTiles: Pick<GetProductTiles, 'execute'>,
    viewportWidth: number,
  ) {
    this.viewportWidth = viewportWidth;
    makeAutoObservable<CompareViewModel, 'useCases' | 'getTiles'>(this, {
      useCases: false,
      getTiles: false,
    });
  }

  get skus(): readonly string[] {
    return this.state.products.map((p) => p.compareSku);
  }

  get count(): number {
    return this.state.products.length;
  }

  get columns(): number {
    return compareColumns(this.viewportWidth);
  }

  get max(): number {
    return maxComparable(this.viewportWidth);
  }

  /** `/en/compare?compare=SKU1,SKU2` for the compared products. */
  get compareHref(): string {
    return `/en/compare?${compareQuery(this.skus)}`;
  }

  isCompared(sku: string): boolean {
    return this.skus.includes(sku);
  }

  setViewportWidth(width: number): void {
    this.viewportWidth = width;
  }

  /** Reads the persisted slice (dropping expired entries) and loads the tray's tiles. */
  load(): Promise<void> {
    this.state = this.useCases.load.execute();
    return this.refreshProducts();
  }

  /**
   * The compare page was opened from a link naming these products (already looked up): they
   * become the compared ones, so the tray counts what the page shows. Nothing to announce: the
   * shopper asked for this page.
   */
  fromLink(products: readonly ProductSummary[]): void {
    this.state = this.useCases.fromLink.execute(
      products.map((p) => ({
        compareSku: p.sku,
        backorder: false,
        category: p.category,
        masterVariant: { sku: p.sku, attributes: [] },
      })),
    );
    this.products = [...products];
    this.productsStatus = 'succeeded';
    this.message = null;
  }

  async toggle(product: ProductSummary): Promise<void> {
    if (this.isCompared(product.sku)) return this.remove(product.sku);
    const result = this.useCases.add.execute(
      {
        compareSku: product.sku,
        backorder: false,
        category: product.category,
        masterVariant: { sku: product.sku, attributes: [] },
      },
      this.viewportWidth,
    );
    if (!result.ok) {
      this.message = `You can compare up to ${result.error.max} products at a time. Remove one to add ${product.title}.`;
      return;
    }
    this.state = result.value;
    this.message = `${product.title} added to compare.`;
    this.products = [...this.products.filter((p) => p.sku !== product.sku), product];
  }

  async remove(sku: string): Promise<void> {
    const removed = this.products.find((p) => p.sku === sku);
    this.state = this.useCases.remove.execute(sku);
    this.products = this.products.filter((p) => p.sku !== sku);
    this.message = removed ? removedFromCompareMessage(removed.title) : null;
  }

  /** Says something politely in the tray's live region (the compare page's own removals). */
  announce(message: string): void {
    this.message = message;
  }

  clear(): void {
    this.state = this.useCases.clear.execute();
    this.products = [];
    this.message = 'Compare list cleared.';
  }

  dismissMessage(): void {
    this.message = null;
  }

  async refreshProducts(): Promise<void> {
    const skus = this.skus;
    if (skus.length === 0) {
      this.products = [];
      this.productsStatus = 'succeeded';
      return;
    }
    this.productsStatus = 'loading';
    // Tiles for a list that has changed since (a compare link taken on meanwhile) are not shown.
    const current = () => this.skus.join(',') === skus.join(',');
    try {
      const products = await this.getTiles.execute(skus);
      runInAction(() => {
        if (!current()) return;
        this.products = products;
        this.productsStatus = 'succeeded';
      });
    } catch {
      runInAction(() => {
        if (current()) this.productsStatus = 'failed';
      });
    }
  }
}
