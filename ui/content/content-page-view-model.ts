/**
 * A content-managed page (home, category landings, content pages): its model through LoadPage for
 * the current path, and the product lists it shows, each fetched when it is first drawn and cut to
 * a preview of 3 (spec §9).
 */
import { makeAutoObservable, observable, observableRef, runInAction } from 'mobx';
import { previewList } from '../../core/catalog/preview';
import type { ProductSummary } from '../../core/catalog/product';
import { productListQuery, type SearchProducts } from '../../core/catalog/search-products';
import {
  contentPath,
  headingHero,
  pageHeading,
  type LoadPage,
  type LoadedPage,
} from '../../core/content/load-page';
import type { HeroComponent, PageModel, ProductListComponent } from '../../core/content/page-model';
import type { AsyncStatus } from '../../core/shared/async-status';

export interface ProductListState {
  readonly status: AsyncStatus;
  /** At most 3 (the preview). */
  readonly products: readonly ProductSummary[];
  /** How many products the list's query finds in all. */
  readonly total: number;
}

/** What the renderer needs for product lists; the view model is one, tests may pass another. */
export interface ProductListSource {
  productList(component: ProductListComponent): ProductListState;
  loadProductList(component: ProductListComponent): void;
  retryProductList(component: ProductListComponent): void;
}

const IDLE: ProductListState = { status: 'idle', products: [], total: 0 };

export class ContentPageViewModel implements ProductListSource {
  status: AsyncStatus = 'idle';
  loaded: LoadedPage | null = null;
  path = '';
  /** Keyed by the component object of the current page model. */
  private readonly lists = observable.map<ProductListComponent, ProductListState>(undefined, {
    deep: false,
  });
  private generation = 0;

  constructor(
    private readonly loadPage: LoadPage,
    private readonly searchProducts: SearchProducts,
  ) {
    makeAutoObservable<ContentPageViewModel, 'loadPage' | 'searchProducts' | 'generation'>(this, {
      // The page model is immutable data: kept as it came, so its components stay the same
      // objects the product lists are keyed by, and it is not copied into observables.
      loaded: observableRef,
      loadPage: false,
      searchProducts: false,
      generation: false,
    });
  }

  get page(): PageModel | null {
    return this.loaded?.kind === 'found' ? this.loaded.page : null;
  }

  get notFound(): boolean {
    return this.status === 'succeeded' && this.loaded?.kind === 'not-found';
  }

  get failed(): boolean {
    return this.status === 'failed';
  }

  get isLoading(): boolean {
    return this.status === 'idle' || this.status === 'loading';
  }

  get heading(): string {
    return this.page === null ? '' : pageHeading(this.page);
  }

  /** The hero that carries the h1, or undefined when the page title is the h1. */
  get headingHero(): HeroComponent | undefined {
    return this.page === null ? undefined : headingHero(this.page);
  }

  /** '{title} — Lavabo' from the model's title, else its heading; '' when the page has neither. */
  get documentTitle(): string {
    const own = this.page?.title.trim() ?? '';
    const title = own === '' ? this.heading : own;
    return title === '' ? '' : `${title} — Lavabo`;
  }

  /** Shows the page for a URL; the same path again does nothing unless it failed. */
  show(url: string): void {
    const path = contentPath(url);
    if (path === this.path && this.status !== 'failed' && this.status !== 'idle') return;
    void this.load(path);
  }

  retry(): void {
    void this.load(this.path);
  }

  async load(path: string): Promise<void> {
    const generation = ++this.generation;
    this.path = path;
    this.status = 'loading';
    this.loaded = null;
    this.lists.clear();
    try {
      const loaded = await this.loadPage.execute(path);
      if (generation !== this.generation) return;
      runInAction(() => {
        this.loaded = loaded;
        this.status = 'succeeded';
      });
    } catch {
      if (generation !== this.generation) return;
      runInAction(() => {
        this.status = 'failed';
      });
    }
  }

  /** The screen went away: answers still on their way are dropped. */
  dispose(): void {
    this.generation += 1;
    this.lists.clear();
    if (this.status === 'loading') this.status = 'idle';
  }

  productList(component: ProductListComponent): ProductListState {
    return this.lists.get(component) ?? IDLE;
  }

  /** Fetches a product list once (the renderer calls it when the list is drawn). */
  loadProductList(component: ProductListComponent): void {
    const status = this.productList(component).status;
    if (status === 'loading' || status === 'succeeded') return;
    void this.fetchList(component);
  }

  retryProductList(component: ProductListComponent): void {
    if (this.productList(component).status !== 'loading') void this.fetchList(component);
  }

  private async fetchList(component: ProductListComponent): Promise<void> {
    const generation = this.generation;
    this.lists.set(component, { ...this.productList(component), status: 'loading' });
    try {
      const result = await this.searchProducts.execute(productListQuery(component));
      if (generation !== this.generation) return;
      runInAction(() => {
        this.lists.set(component, {
          status: 'succeeded',
          products: previewList(result.products),
          total: result.total,
        });
      });
    } catch {
      if (generation !== this.generation) return;
      runInAction(() => {
        this.lists.set(component, { ...this.productList(component), status: 'failed' });
      });
    }
  }
}
