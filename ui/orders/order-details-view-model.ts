/**
 * Order details (`/en/account/orders/{id}`): one of the customer's orders, read by its number. An
 * order that is not theirs (or not there) is "not found"; a failed read can be retried. A split
 * order's child orders are read with the order's e-mail.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { Order } from '../../core/orders/order';
import type { OrdersGateway } from '../../core/orders/ports';
import type { AsyncStatus } from '../../core/shared/async-status';
import { normalizeOrderNumber } from '../../core/validation/order-lookup';

export class OrderDetailsViewModel {
  status: AsyncStatus = 'idle';
  order: Order | null = null;
  childOrders: readonly Order[] = [];
  private generation = 0;

  constructor(private readonly orders: Pick<OrdersGateway, 'getOrder' | 'splitOrders'>) {
    makeAutoObservable<OrderDetailsViewModel, 'orders' | 'generation'>(this, {
      orders: false,
      generation: false,
    });
  }

  get notFound(): boolean {
    return this.status === 'succeeded' && this.order === null;
  }

  async load(orderNumber: string): Promise<void> {
    const generation = ++this.generation;
    this.status = 'loading';
    this.childOrders = [];
    const number = normalizeOrderNumber(orderNumber);
    try {
      const order = number === '' ? null : await this.orders.getOrder(number);
      if (generation !== this.generation) return;
      runInAction(() => {
        this.order = order;
        this.status = 'succeeded';
      });
      if (order !== null && (order.childOrders?.length ?? 0) > 0) {
        const children = await this.orders
          .splitOrders(order.orderNumber, order.email)
          .catch(() => []);
        if (generation !== this.generation) return;
        runInAction(() => {
          this.childOrders = children;
        });
      }
    } catch {
      if (generation !== this.generation) return;
      runInAction(() => {
        this.order = null;
        this.status = 'failed';
      });
    }
  }
}
