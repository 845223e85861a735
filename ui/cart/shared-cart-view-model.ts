/**
 * The shared cart page (/en/cart/shared/{id}): the lines someone shared, read by anyone with the
 * link and priced for the visitor (their currency, no promo code of the sharer's — GetSharedCart),
 * and "Add all to cart" into the visitor's own cart.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { AddToCartOutcome } from '../../core/cart/add-to-cart';
import type { SharedCart } from '../../core/cart/cart';
import { deriveLineItems, type DerivedLineItem } from '../../core/cart/derive-line-items';
import { sharedCartSelections, type GetSharedCart } from '../../core/cart/get-shared-cart';
import type { AsyncStatus } from '../../core/shared/async-status';
import type { CartViewModel } from './cart-view-model';

export class SharedCartViewModel {
  status: AsyncStatus = 'idle';
  shared: SharedCart | null = null;
  adding = false;
  /** What the last "Add all to cart" did, for the page to say. */
  outcome: AddToCartOutcome | null = null;
  addFailed = false;
  private id = '';

  constructor(
    private readonly getSharedCart: GetSharedCart,
    private readonly cart: CartViewModel,
  ) {
    makeAutoObservable<SharedCartViewModel, 'getSharedCart' | 'cart' | 'id'>(this, {
      getSharedCart: false,
      cart: false,
      id: false,
    });
  }

  get notFound(): boolean {
    return this.status === 'succeeded' && this.shared === null;
  }

  get lines(): readonly DerivedLineItem[] {
    return this.shared === null ? [] : deriveLineItems(this.shared);
  }

  get topLines(): readonly DerivedLineItem[] {
    return this.lines.filter((l) => l.bundleParentId === undefined);
  }

  get currency(): string {
    return this.shared?.currency ?? 'USD';
  }

  get totalCents(): number {
    return this.topLines.reduce((sum, l) => sum + l.discountPriceCents, 0);
  }

  get itemCount(): number {
    return this.topLines.reduce((sum, l) => sum + l.quantity, 0);
  }

  get canAddAll(): boolean {
    return this.topLines.some((l) => !l.outOfStock) && !this.adding;
  }

  async load(id: string): Promise<void> {
    this.id = id;
    this.status = 'loading';
    this.outcome = null;
    this.addFailed = false;
    try {
      const result = await this.getSharedCart.execute(id);
      runInAction(() => {
        if (this.id !== id) return;
        this.shared = result.ok ? result.value : null;
        this.status = result.ok ? 'succeeded' : 'failed';
      });
    } catch {
      runInAction(() => {
        if (this.id === id) this.status = 'failed';
      });
    }
  }

  retry(): Promise<void> {
    return this.load(this.id);
  }

  /**
   * Adds every line that can be bought into the visitor's cart. The snapshot may be older than the
   * stock: AddToCart adds what is still there and reports what was not, for the page to say.
   */
  async addAll(): Promise<void> {
    const shared = this.shared;
    if (shared === null) return;
    this.adding = true;
    this.outcome = null;
    this.addFailed = false;
    const result = await this.cart.add(sharedCartSelections(shared), { toast: false });
    runInAction(() => {
      this.adding = false;
      if (result.ok) this.outcome = result.value;
      else this.addFailed = true;
    });
  }
}
