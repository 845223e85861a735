/**
 * Use case: the child orders of a split order (spec §7 split orders), read with the e-mail the
 * order was placed with.
 */
import type { Order } from './order';
import type { OrdersGateway } from './ports';

export class GetChildOrders {
  constructor(private readonly orders: Pick<OrdersGateway, 'splitOrders'>) {}

  execute(parentOrderNumber: string, email: string): Promise<readonly Order[]> {
    return this.orders.splitOrders(parentOrderNumber, email);
  }
}
