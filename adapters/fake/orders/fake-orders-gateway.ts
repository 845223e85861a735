/**
 * Orders in the tab for the offline demo and UI tests, with the server's rules (docs/api.md
 * "Orders"): find-my-orders matches the normalised e-mail and order number and answers [] for a
 * wrong e-mail exactly as for an unknown order; an order that is not the current shopper's reads as
 * missing; open/past lists are the shopper's own, newest first; split children by parent and e-mail.
 */
import { orderStateOf, type Order, type OrderState } from '../../../core/orders/order';
import type { OrdersGateway } from '../../../core/orders/ports';
import { normalizeOrderLookup, type OrderLookup } from '../../../core/validation/order-lookup';

interface StoredOrder {
  /** Whose order: the shopper key the `owner` callback returns for them. */
  readonly owner: string;
  readonly order: Order;
}

const newestFirst = (a: Order, b: Order): number =>
  b.createdAt.localeCompare(a.createdAt) || b.orderNumber.localeCompare(a.orderNumber);

export class FakeOrdersGateway implements OrdersGateway {
  private readonly orders = new Map<string, StoredOrder>();

  constructor(
    /** Whose orders the calls act on (the demo has one shopper per tab). */
    private readonly owner: () => string = () => 'demo-shopper',
  ) {}

  /** Places an order for `owner` (the fake checkout, demo seeds and tests). */
  add(order: Order, owner: string = this.owner()): void {
    this.orders.set(order.orderNumber.toUpperCase(), { owner, order });
  }

  async findMyOrders(lookup: OrderLookup): Promise<readonly Order[]> {
    const { email, orderNumber } = normalizeOrderLookup(lookup);
    const stored = this.orders.get(orderNumber);
    if (stored === undefined || stored.order.email.trim().toLowerCase() !== email) return [];
    return [stored.order];
  }

  async getOrder(orderNumber: string): Promise<Order | null> {
    const stored = this.orders.get(orderNumber.trim().toUpperCase());
    return stored !== undefined && stored.owner === this.owner() ? stored.order : null;
  }

  async listOrders(state: OrderState): Promise<readonly Order[]> {
    const owner = this.owner();
    return [...this.orders.values()]
      .filter((s) => s.owner === owner && orderStateOf(s.order.status) === state)
      .map((s) => s.order)
      .sort(newestFirst);
  }

  async splitOrders(parentOrderNumber: string, email: string): Promise<readonly Order[]> {
    const parent = parentOrderNumber.trim().toUpperCase();
    const mail = email.trim().toLowerCase();
    return [...this.orders.values()]
      .map((s) => s.order)
      .filter(
        (o) =>
          o.parentOrderNumber?.toUpperCase() === parent && o.email.trim().toLowerCase() === mail,
      )
      .sort((a, b) => a.orderNumber.localeCompare(b.orderNumber));
  }
}
