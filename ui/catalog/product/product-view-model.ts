/**
 * The product page (standard and extended): the product and its linked tiles, the selected finish
 * (spec §5: `?skuid=` only when listed), its image, SKU and availability, and reviews loaded lazily.
 */
import { makeAutoObservable, observable, observableRef, runInAction } from 'mobx';
import type { ProductCatalog } from '../../../core/catalog/ports';
import {
  availabilityOf,
  productPageLayout,
  shippingNotes,
  type Availability,
  type GetProductPage,
  type ProductPage,
  type ProductPageLayout,
} from '../../../core/catalog/get-product-page';
import { selectPdpSku } from '../../../core/catalog/pdp-sku';
import type {
  DocumentKind,
  FinishOption,
  ProductDetails,
  ProductImage,
  Review,
} from '../../../core/catalog/product';
import type { RecordRecentlyViewed } from '../../../core/catalog/record-recently-viewed';
import type { AsyncStatus } from '../../../core/shared/async-status';
import { customerFacingSku } from '../../../core/shared/sku';
import { sanitizeLink } from '../../../core/validation/safe-link';
import { leadTimeWords } from '../../components/tile-stock-text';

/** Reviews shown at first and added by each "Show more reviews". */
export const REVIEWS_SHOWN_STEP = 5;
/** Reviews fetched per call: enough for most products' whole history, so the bars are exact. */
export const REVIEWS_FETCH_ROWS = 50;

export const DOCUMENT_KIND_LABELS: Readonly<Record<DocumentKind, string>> = {
  'spec-sheet': 'Spec sheet',
  'installation-guide': 'Installation guide',
  warranty: 'Warranty',
  'parts-diagram': 'Parts diagram',
  'care-guide': 'Care guide',
};

export const availabilityText = (availability: Availability): string => {
  switch (availability.kind) {
    case 'discontinued':
      return 'Discontinued';
    case 'retail-exclusive':
      return 'Available in stores';
    case 'service':
      return 'Available to book';
    case 'in-stock':
      return 'In stock';
    case 'low-stock':
      return `Only ${availability.quantity} left`;
    case 'back-ordered':
      return availability.leadTimeDays === null
        ? 'Back-ordered'
        : `Back-ordered — ships in ${leadTimeWords(availability.leadTimeDays)}`;
    case 'out-of-stock':
      return 'Out of stock';
  }
};

export type AvailabilityTone = 'positive' | 'caution' | 'negative' | 'neutral';

const toneOf = (availability: Availability): AvailabilityTone => {
  switch (availability.kind) {
    case 'in-stock':
    case 'service':
      return 'positive';
    case 'low-stock':
    case 'back-ordered':
      return 'caution';
    case 'out-of-stock':
    case 'discontinued':
      return 'negative';
    case 'retail-exclusive':
      return 'neutral';
  }
};

export interface SpecGroup {
  readonly group: string;
  readonly rows: readonly { readonly label: string; readonly value: string }[];
}

/** Specs grouped by their group, groups and rows in catalogue order. */
export const groupSpecs = (specs: ProductDetails['specs']): readonly SpecGroup[] => {
  const groups = new Map<string, { label: string; value: string }[]>();
  for (const spec of specs) {
    const rows = groups.get(spec.group) ?? [];
    rows.push({ label: spec.label, value: spec.value });
    groups.set(spec.group, rows);
  }
  return [...groups].map(([group, rows]) => ({ group, rows }));
};

export interface ShownDocument {
  readonly key: string;
  readonly title: string;
  readonly kindLabel: string;
  readonly href: string;
}

/** Documents with safe links (core/validation/safe-link.ts); unsafe ones are left out. */
export const shownDocuments = (documents: ProductDetails['documents']): readonly ShownDocument[] =>
  documents.flatMap((d, i) => {
    const href = sanitizeLink(d.url, '');
    return href === ''
      ? []
      : [
          {
            key: `${i}-${href}`,
            title: d.title,
            kindLabel: DOCUMENT_KIND_LABELS[d.kind] ?? d.kind,
            href,
          },
        ];
  });

export interface RatingBar {
  readonly stars: 1 | 2 | 3 | 4 | 5;
  readonly count: number;
  /** 0–100, of the reviews counted. */
  readonly percent: number;
}

const STARS = [5, 4, 3, 2, 1] as const;

export const ratingBars = (reviews: readonly Pick<Review, 'rating'>[]): readonly RatingBar[] => {
  const total = reviews.length;
  return STARS.map((stars) => {
    const count = reviews.filter((r) => Math.round(r.rating) === stars).length;
    return { stars, count, percent: total === 0 ? 0 : Math.round((count / total) * 100) };
  });
};

export class ProductViewModel {
  status: AsyncStatus = 'idle';
  page: ProductPage | null = null;
  selectedSku: string | null = null;
  /** A thumbnail the shopper picked; null shows the selected finish's image. */
  chosenImageUrl: string | null = null;
  /** Units per variant SKU, from the stock call. */
  readonly quantities = observable.map<string, number>();

  reviewsStatus: AsyncStatus = 'idle';
  reviews: readonly Review[] = [];
  reviewsTotal = 0;
  reviewsAverage = 0;
  reviewsShown = REVIEWS_SHOWN_STEP;

  private slug = '';
  private requestedSku: string | undefined;
  private request: AbortController | null = null;

  constructor(
    private readonly getPage: GetProductPage,
    private readonly catalog: ProductCatalog,
    private readonly recordRecentlyViewed: RecordRecentlyViewed | null = null,
  ) {
    makeAutoObservable<
      ProductViewModel,
      'getPage' | 'catalog' | 'recordRecentlyViewed' | 'request'
    >(this, {
      // Replaced whole, never changed in place: a reference is enough (a deeply observable copy
      // of the page was a long task of the first view on a phone).
      page: observableRef,
      reviews: observableRef,
      getPage: false,
      catalog: false,
      recordRecentlyViewed: false,
      request: false,
    });
  }

  get product(): ProductDetails | null {
    return this.page?.product ?? null;
  }

  get notFound(): boolean {
    return this.status === 'succeeded' && this.page === null;
  }

  get layout(): ProductPageLayout {
    return this.product === null ? 'standard' : productPageLayout(this.product);
  }

  /** The product's own address (without `?skuid=`: every finish is the same page). */
  get canonicalHref(): string {
    const url = this.product?.path ?? '';
    return url.split(/[?#]/)[0] ?? url;
  }

  get documentTitle(): string {
    if (this.notFound) return 'Product not found — Lavabo';
    return `${this.product?.title ?? 'Product details'} — Lavabo`;
  }

  get finishes(): readonly FinishOption[] {
    return this.product?.finishes ?? [];
  }

  get selectedFinish(): FinishOption | null {
    return this.finishes.find((f) => f.sku === this.selectedSku) ?? null;
  }

  /** The selected variant's SKU without 'K-' (the master's when nothing is selected). */
  get customerFacingSku(): string {
    const product = this.product;
    if (product === null) return '';
    return this.selectedSku === null
      ? product.customerFacingSku
      : customerFacingSku(this.selectedSku);
  }

  get images(): readonly ProductImage[] {
    const product = this.product;
    if (product === null) return [];
    const all: ProductImage[] = [
      ...product.images,
      ...product.finishes.map((f) => ({ label: f.name, url: f.imageUrl })),
    ];
    const seen = new Set<string>();
    return all.filter((image) => {
      if (image.url === '' || seen.has(image.url)) return false;
      seen.add(image.url);
      return true;
    });
  }

  get mainImage(): ProductImage | null {
    const product = this.product;
    if (product === null) return null;
    if (this.chosenImageUrl !== null) {
      const chosen = this.images.find((i) => i.url === this.chosenImageUrl);
      if (chosen !== undefined) return chosen;
    }
    const finish = this.selectedFinish;
    if (finish !== null && finish.imageUrl !== '')
      return { label: finish.name, url: finish.imageUrl };
    return product.image;
  }

  get mainImageAlt(): string {
    const product = this.product;
    if (product === null) return '';
    const finish = this.selectedFinish;
    return finish === null ? product.title : `${product.title} in ${finish.name}`;
  }

  get availability(): Availability | null {
    const product = this.product;
    if (product === null) return null;
    const sku = this.selectedSku;
    const finish = this.selectedFinish;
    const known = sku === null ? undefined : this.quantities.get(sku);
    const quantity = known ?? (finish === null ? product.availableQty : null);
    return availabilityOf({ product, finish, quantity });
  }

  get availabilityText(): string {
    return this.availability === null ? '' : availabilityText(this.availability);
  }

  get availabilityTone(): AvailabilityTone {
    return this.availability === null ? 'neutral' : toneOf(this.availability);
  }

  get shippingNotes(): readonly string[] {
    const product = this.product;
    if (product === null) return [];
    return shippingNotes(product).map((note) =>
      note.kind === 'freight' ? 'Ships by freight' : `Cannot ship to: ${note.states.join(', ')}`,
    );
  }

  get specGroups(): readonly SpecGroup[] {
    return groupSpecs(this.product?.specs ?? []);
  }

  get documents(): readonly ShownDocument[] {
    return shownDocuments(this.product?.documents ?? []);
  }

  get descriptionParagraphs(): readonly string[] {
    return (this.product?.description ?? '')
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter((p) => p !== '');
  }

  get visibleReviews(): readonly Review[] {
    return this.reviews.slice(0, this.reviewsShown);
  }

  get hasMoreReviews(): boolean {
    return this.reviewsShown < Math.max(this.reviews.length, this.reviewsTotal);
  }

  get ratingBars(): readonly RatingBar[] {
    return ratingBars(this.reviews);
  }

  /** True when the bars count only some of the reviews (more exist than were fetched). */
  get ratingBarsPartial(): boolean {
    return this.reviews.length < this.reviewsTotal;
  }

  /** Loads the product for a route; a later call supersedes an unfinished one. */
  async load(slug: string, requestedSku: string | undefined): Promise<void> {
    this.request?.abort();
    const request = new AbortController();
    this.request = request;
    this.slug = slug;
    this.requestedSku = requestedSku;
    this.status = 'loading';
    this.page = null;
    this.selectedSku = null;
    this.chosenImageUrl = null;
    this.quantities.clear();
    this.resetReviews();
    try {
      const page = await this.getPage.execute(slug, request.signal);
      if (request.signal.aborted) return;
      runInAction(() => {
        this.page = page;
        this.selectedSku = page === null ? null : this.pick(page.product, requestedSku);
        this.status = 'succeeded';
      });
      if (page !== null) {
        void this.record(page.product.sku);
        void this.loadStock(this.selectedSku, request.signal);
      }
    } catch {
      if (request.signal.aborted) return;
      runInAction(() => {
        this.status = 'failed';
      });
    }
  }

  retry(): Promise<void> {
    return this.load(this.slug, this.requestedSku);
  }

  /** The URL's `?skuid=` changed (back/forward): show what it names, when listed. */
  applyRequestedSku(requestedSku: string | undefined): void {
    this.requestedSku = requestedSku;
    const product = this.product;
    if (product === null) return;
    const sku = this.pick(product, requestedSku);
    if (sku !== this.selectedSku) this.showSku(sku);
  }

  /** The shopper picked a finish; discontinued and unknown finishes are refused. */
  selectFinish(sku: string): boolean {
    const finish = this.finishes.find((f) => f.sku === sku);
    if (finish === undefined || (finish.discontinued && sku !== this.selectedSku)) return false;
    this.requestedSku = sku;
    if (sku !== this.selectedSku) this.showSku(sku);
    return true;
  }

  chooseImage(url: string): void {
    this.chosenImageUrl = url;
  }

  /**
   * Loads the first reviews once (the component calls it when the section comes into view); after
   * a failure it carries on from the reviews already loaded.
   */
  async loadReviews(): Promise<void> {
    const product = this.product;
    if (
      product === null ||
      this.reviewsStatus === 'loading' ||
      this.reviewsStatus === 'succeeded'
    ) {
      return;
    }
    await this.fetchReviews(product.sku, this.reviews.length);
  }

  /** Shows the next reviews, fetching more when the shown ones run out. */
  async showMoreReviews(): Promise<void> {
    const product = this.product;
    if (product === null) return;
    this.reviewsShown += REVIEWS_SHOWN_STEP;
    if (this.reviewsShown > this.reviews.length && this.reviews.length < this.reviewsTotal) {
      await this.fetchReviews(product.sku, this.reviews.length);
    }
  }

  /** The route shows this slug and `?skuid=`: a new slug loads, the same one applies the SKU. */
  show(slug: string, requestedSku: string | undefined): void {
    if (slug === this.slug && this.status !== 'idle') {
      // Shown again after dispose() (a screen mounted twice, or a view model prepared for the
      // first view): later calls (stock, reviews) need a request that is not cancelled.
      if (this.request?.signal.aborted === true) this.request = new AbortController();
      this.applyRequestedSku(requestedSku);
    } else void this.load(slug, requestedSku);
  }

  /** The screen went away: drop the unfinished request (a later show() loads again). */
  dispose(): void {
    this.request?.abort();
    if (this.status === 'loading') this.status = 'idle';
  }

  private pick(product: ProductDetails, requested: string | undefined): string | null {
    if (product.finishes.length === 0) return null;
    return selectPdpSku({ requested, variants: product.finishes, masterSku: product.sku });
  }

  private showSku(sku: string | null): void {
    this.selectedSku = sku;
    this.chosenImageUrl = null;
    void this.loadStock(sku, this.request?.signal);
  }

  private async loadStock(sku: string | null, signal: AbortSignal | undefined): Promise<void> {
    if (sku === null || this.quantities.has(sku) || this.product?.sku === sku) return;
    try {
      const quantity = await this.catalog.stock(sku);
      if (signal?.aborted === true) return;
      runInAction(() => {
        this.quantities.set(sku, quantity);
      });
    } catch {
      // Spec §8: a failed stock call is only logged; the finish's out-of-stock flag stands in.
    }
  }

  private async record(sku: string): Promise<void> {
    try {
      await this.recordRecentlyViewed?.execute(sku);
    } catch {
      // Recently viewed is a convenience: storage being full or blocked never breaks the page.
    }
  }

  private resetReviews(): void {
    this.reviewsStatus = 'idle';
    this.reviews = [];
    this.reviewsTotal = 0;
    this.reviewsAverage = 0;
    this.reviewsShown = REVIEWS_SHOWN_STEP;
  }

  private async fetchReviews(sku: string, start: number): Promise<void> {
    const signal = this.request?.signal;
    this.reviewsStatus = 'loading';
    try {
      const page = await this.catalog.reviews(sku, { start, rows: REVIEWS_FETCH_ROWS });
      if (signal?.aborted === true || this.product?.sku !== sku) return;
      runInAction(() => {
        const known = new Set(this.reviews.map((r) => r.id));
        this.reviews = [...this.reviews, ...page.reviews.filter((r) => !known.has(r.id))];
        this.reviewsTotal = page.total;
        this.reviewsAverage = page.averageRating;
        this.reviewsStatus = 'succeeded';
      });
    } catch {
      if (signal?.aborted === true) return;
      runInAction(() => {
        this.reviewsStatus = 'failed';
      });
    }
  }
}
