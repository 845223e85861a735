/**
 * The order status page (`/en/order-status`, guest lookup): the shopper types an order number and
 * the e-mail it was placed with; both are normalised and checked (spec §5) before find-my-orders.
 * What they typed stays in the form whatever happens. A wrong e-mail and an unknown order look the
 * same (no enumeration); a failed call says so and can be retried. A split order's child orders
 * are fetched with the same e-mail.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { FindOrder } from '../../core/orders/find-order';
import type { Order } from '../../core/orders/order';
import type { GetChildOrders } from '../../core/orders/get-child-orders';
import { routes } from '../../core/content/routes';
import type { AsyncStatus } from '../../core/shared/async-status';

export type OrderStatusField = 'orderNumber' | 'email';

/** The page's query parameter that fills the order number, so a link can hand it over. */
export const ORDER_STATUS_PARAM = 'orderNumber';

/** What a link hands the page out of sight: history state, never the URL (which servers log). */
export interface OrderStatusLinkState {
  readonly email: string;
}

/**
 * A link to the order status page with the form filled in, so the shopper only presses the
 * button: the order number in the URL, the e-mail in the history entry's state — an address in a
 * URL would end up in browser history, referrers and server logs beside the number it unlocks.
 */
export const orderStatusLink = (order: {
  orderNumber: string;
  email: string;
}): { to: string; state: OrderStatusLinkState } => ({
  to: `${routes.orderStatus}?${new URLSearchParams({ [ORDER_STATUS_PARAM]: order.orderNumber }).toString()}`,
  state: { email: order.email },
});

const isLinkState = (state: unknown): state is OrderStatusLinkState =>
  typeof state === 'object' &&
  state !== null &&
  typeof (state as { email?: unknown }).email === 'string';

export class OrderStatusViewModel {
  orderNumber = '';
  email = '';
  status: AsyncStatus = 'idle';
  errors: Partial<Record<OrderStatusField, string>> = {};
  /** The order found by the last lookup, null when it found nothing. */
  order: Order | null = null;
  /** The child orders of a split order (empty otherwise, or when they could not be read). */
  childOrders: readonly Order[] = [];
  private generation = 0;

  constructor(
    private readonly findOrder: Pick<FindOrder, 'execute'>,
    /** A split order's child orders, read with the same e-mail. */
    private readonly getChildOrders: Pick<GetChildOrders, 'execute'>,
  ) {
    makeAutoObservable<OrderStatusViewModel, 'getChildOrders' | 'findOrder' | 'generation'>(this, {
      getChildOrders: false,
      findOrder: false,
      generation: false,
    });
  }

  /** Fills the form from the page's query and history state (the confirmation's link); no lookup. */
  prefill(query: URLSearchParams, state: unknown): void {
    const orderNumber = query.get(ORDER_STATUS_PARAM);
    if (orderNumber !== null) this.orderNumber = orderNumber;
    if (isLinkState(state)) this.email = state.email;
  }

  setOrderNumber(value: string): void {
    this.orderNumber = value;
    delete this.errors.orderNumber;
  }

  setEmail(value: string): void {
    this.email = value;
    delete this.errors.email;
  }

  get busy(): boolean {
    return this.status === 'loading';
  }

  /** The lookup ran and found no order for that number and e-mail. */
  get notFound(): boolean {
    return this.status === 'succeeded' && this.order === null;
  }

  async submit(): Promise<void> {
    if (this.busy) return;
    const generation = ++this.generation;
    this.status = 'loading';
    this.order = null;
    this.childOrders = [];
    try {
      const outcome = await this.findOrder.execute({
        orderNumber: this.orderNumber,
        email: this.email,
      });
      if (generation !== this.generation) return;
      if (outcome.kind === 'invalid') {
        runInAction(() => {
          this.errors = Object.fromEntries(
            outcome.errors.map((e) => [e.field, e.message ?? '']),
          ) as Partial<Record<OrderStatusField, string>>;
          this.status = 'idle';
        });
        return;
      }
      const order = outcome.kind === 'found' ? outcome.order : null;
      runInAction(() => {
        this.errors = {};
        this.order = order;
        this.status = 'succeeded';
      });
      if (order !== null && (order.childOrders?.length ?? 0) > 0) {
        const children = await this.getChildOrders
          .execute(order.orderNumber, outcome.lookup.email)
          .catch(() => []);
        if (generation !== this.generation) return;
        runInAction(() => {
          this.childOrders = children;
        });
      }
    } catch {
      if (generation !== this.generation) return;
      runInAction(() => {
        this.status = 'failed';
      });
    }
  }
}
