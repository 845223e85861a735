/** Port of the orders area: the orders API of spec §7 ("Orders") and docs/api.md. */
import type { OrderLookup } from '../validation/order-lookup';
import type { Order, OrderState } from './order';

/**
 * Port: reading orders. The server knows whose orders from the token; an order that is not the
 * shopper's reads as missing, exactly like an unknown one.
 */
export interface OrdersGateway {
  /**
   * POST /orders/find-my-orders {email, orderId}: the matching orders ([] for an unknown order
   * number and for a wrong e-mail alike). The lookup is sent as given; normalise it first.
   */
  findMyOrders(lookup: OrderLookup): Promise<readonly Order[]>;
  /** GET /orders/{orderNumber}: the shopper's order, or null when there is none they may read. */
  getOrder(orderNumber: string): Promise<Order | null>;
  /** GET /orders?state=open|past: the signed-in customer's orders, newest first. */
  listOrders(state: OrderState): Promise<readonly Order[]>;
  /** GET /orders/split?parentOrderNumber&email: the child orders of a split order. */
  splitOrders(parentOrderNumber: string, email: string): Promise<readonly Order[]>;
}
