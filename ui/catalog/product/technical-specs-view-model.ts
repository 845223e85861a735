/** The technical specification page: one product found by master or variant SKU. */
import { makeAutoObservable, runInAction } from 'mobx';
import type { GetProductsBySku } from '../../../core/catalog/get-product-page';
import type { FinishOption, ProductDetails } from '../../../core/catalog/product';
import type { AsyncStatus } from '../../../core/shared/async-status';
import { customerFacingSku } from '../../../core/shared/sku';
import {
  groupSpecs,
  shownDocuments,
  type ShownDocument,
  type SpecGroup,
} from './product-view-model';

export class TechnicalSpecsViewModel {
  status: AsyncStatus = 'idle';
  product: ProductDetails | null = null;
  sku = '';
  private request: AbortController | null = null;

  constructor(private readonly getProducts: GetProductsBySku) {
    makeAutoObservable<TechnicalSpecsViewModel, 'getProducts' | 'request'>(this, {
      getProducts: false,
      request: false,
    });
  }

  get notFound(): boolean {
    return this.status === 'succeeded' && this.product === null;
  }

  get title(): string {
    return this.product === null
      ? 'Technical specifications'
      : `Technical specifications: ${this.product.title}`;
  }

  get documentTitle(): string {
    if (this.notFound) return 'Technical specifications not found — Lavabo';
    return `${this.title} — Lavabo`;
  }

  /** The SKU as the shopper sees it (without 'K-'). */
  get modelNumber(): string {
    return this.product === null ? customerFacingSku(this.sku) : this.product.customerFacingSku;
  }

  /** The variant the URL named, when it names one. */
  get requestedFinish(): FinishOption | null {
    const wanted = this.sku.trim().toUpperCase();
    return this.product?.finishes.find((f) => f.sku.toUpperCase() === wanted) ?? null;
  }

  get finishes(): readonly FinishOption[] {
    return this.product?.finishes ?? [];
  }

  get specGroups(): readonly SpecGroup[] {
    return groupSpecs(this.product?.specs ?? []);
  }

  get documents(): readonly ShownDocument[] {
    return shownDocuments(this.product?.documents ?? []);
  }

  async load(sku: string): Promise<void> {
    this.request?.abort();
    const request = new AbortController();
    this.request = request;
    this.sku = sku;
    this.status = 'loading';
    this.product = null;
    try {
      const [product] = await this.getProducts.execute([sku], request.signal);
      if (request.signal.aborted) return;
      runInAction(() => {
        this.product = product ?? null;
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
    return this.load(this.sku);
  }

  /** The route shows this SKU: loads when it is new (or nothing is loaded yet). */
  show(sku: string): void {
    if (sku !== this.sku || this.status === 'idle') void this.load(sku);
  }

  dispose(): void {
    this.request?.abort();
    if (this.status === 'loading') this.status = 'idle';
  }
}
