/**
 * OrdersGateway over the API (spec §7 "Orders", docs/api.md): find-my-orders by e-mail and order
 * number, one order by number (404 → null: not the shopper's or not there, the same to us), the
 * customer's open or past orders, and a split order's children. Other failures stay ApiErrors.
 */
import type { Order, OrderState } from '../../../core/orders/order';
import type { OrdersGateway } from '../../../core/orders/ports';
import type { OrderLookup } from '../../../core/validation/order-lookup';
import type { ApiClient } from '../api-client';
import { ApiError } from '../api-error';
import { OrderCodec, OrderResultsCodec } from './order.codec';

export class HttpOrdersGateway implements OrdersGateway {
  constructor(private readonly api: ApiClient) {}

  async findMyOrders(lookup: OrderLookup): Promise<readonly Order[]> {
    const answer = await this.api.post(
      '/orders/find-my-orders',
      { email: lookup.email, orderId: lookup.orderNumber },
      OrderResultsCodec,
    );
    return answer.results;
  }

  async getOrder(orderNumber: string): Promise<Order | null> {
    try {
      return await this.api.get(`/orders/${encodeURIComponent(orderNumber)}`, OrderCodec);
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'notFound') return null;
      throw error;
    }
  }

  async listOrders(state: OrderState): Promise<readonly Order[]> {
    const answer = await this.api.get('/orders', OrderResultsCodec, { params: { state } });
    return answer.results;
  }

  async splitOrders(parentOrderNumber: string, email: string): Promise<readonly Order[]> {
    const answer = await this.api.get('/orders/split', OrderResultsCodec, {
      params: { parentOrderNumber, email },
    });
    return answer.results;
  }
}
