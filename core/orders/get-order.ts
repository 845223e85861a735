/**
 * Use case: one of the shopper's orders by its number (order details, order confirmation); null
 * when there is none they may read.
 */
import type { Order } from './order';
import type { OrdersGateway } from './ports';

export class GetOrder {
  constructor(private readonly orders: Pick<OrdersGateway, 'getOrder'>) {}

  execute(orderNumber: string): Promise<Order | null> {
    return this.orders.getOrder(orderNumber);
  }
}
