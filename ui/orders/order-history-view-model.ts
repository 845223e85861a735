/**
 * Order history (`/en/account/orders`): the signed-in customer's open and past orders, one tab at a
 * time, each tab read once when first shown and again on retry. A failed read is only that tab's.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { Order, OrderState } from '../../core/orders/order';
import type { ListOrders } from '../../core/orders/list-orders';
import type { AsyncStatus } from '../../core/shared/async-status';

interface Tab {
  status: AsyncStatus;
  orders: readonly Order[];
}

export class OrderHistoryViewModel {
  tab: OrderState = 'open';
  readonly tabs: Record<OrderState, Tab> = {
    open: { status: 'idle', orders: [] },
    past: { status: 'idle', orders: [] },
  };
  private readonly generations: Record<OrderState, number> = { open: 0, past: 0 };

  constructor(private readonly listOrders: Pick<ListOrders, 'execute'>) {
    makeAutoObservable<OrderHistoryViewModel, 'listOrders' | 'generations'>(this, {
      listOrders: false,
      generations: false,
    });
  }

  get current(): Tab {
    return this.tabs[this.tab];
  }

  get isEmpty(): boolean {
    return this.current.status === 'succeeded' && this.current.orders.length === 0;
  }

  /** Shows a tab, reading it if it was never read (or failed). */
  select(tab: OrderState): Promise<void> {
    this.tab = tab;
    const status = this.tabs[tab].status;
    return status === 'idle' || status === 'failed' ? this.load(tab) : Promise.resolve();
  }

  async load(tab: OrderState = this.tab): Promise<void> {
    const generation = ++this.generations[tab];
    this.tabs[tab].status = 'loading';
    try {
      const orders = await this.listOrders.execute(tab);
      if (generation !== this.generations[tab]) return;
      runInAction(() => {
        this.tabs[tab] = { status: 'succeeded', orders };
      });
    } catch {
      if (generation !== this.generations[tab]) return;
      runInAction(() => {
        this.tabs[tab].status = 'failed';
      });
    }
  }
}
