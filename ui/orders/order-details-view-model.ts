/**
 * Order details (`/en/account/orders/{id}`): one of the customer's orders, read by its number. An
 * order that is not theirs (or not there) is "not found"; a failed read can be retried. A split
 * order's child orders are read with the order's e-mail.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { Order } from '../../core/orders/order';
import type { GetChildOrders } from '../../core/orders/get-child-orders';
import type { GetOrder } from '../../core/orders/get-order';
import type { AsyncStatus } from '../../core/shared/async-status';
import { normalizeOrderNumber } from '../../core/validation/order-lookup';

export class OrderDetailsViewModel {
  status: AsyncStatus = 'idle';
  order: Order | null = null;
  childOrders: readonly Order[] = [];
  private generation = 0;

  constructor(
    private readonly getOrder: Pick<GetOrder, 'execute'>,
    private readonly getChildOrders: Pick<GetChildOrders, 'execute'>,
  ) {
    makeAutoObservable<OrderDetailsViewModel, 'getOrder' | 'getChildOrders' | 'generation'>(this, {
      getOrder: false,
      getChildOrders: false,
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
      const order = number === '' ? null : await this.getOrder.execute(number);
      if (generation !== this.generation) return;
      runInAction(() => {
        this.order = order;
        this.status = 'succeeded';
      });
      if (order !== null && (order.childOrders?.length ?? 0) > 0) {
        const children = await this.getChildOrders
          .execute(order.orderNumber, order.email)
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
