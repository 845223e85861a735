/** Use case: the signed-in customer's open or past orders, newest first (order history). */
import type { Order, OrderState } from './order';
import type { OrdersGateway } from './ports';

export class ListOrders {
  constructor(private readonly orders: Pick<OrdersGateway, 'listOrders'>) {}

  execute(state: OrderState): Promise<readonly Order[]> {
    return this.orders.listOrders(state);
  }
}
