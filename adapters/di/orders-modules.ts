/**
 * Orders bindings: the use cases (core/orders), the same in both builds, and the gateway
 * (core/orders/ports.ts) over HTTP. The offline demo's in-tab fake is
 * ordersFakeModule in ./fake-adapters.ts, kept out of this file so the shop's entry bundle carries
 * no fake code.
 */
import { ContainerModule } from 'inversify';
import { FindOrder } from '../../core/orders/find-order';
import { GetChildOrders } from '../../core/orders/get-child-orders';
import { GetOrder } from '../../core/orders/get-order';
import { ListOrders } from '../../core/orders/list-orders';
import type { OrdersGateway } from '../../core/orders/ports';
import type { ApiClient } from '../http/api-client';
import { HttpOrdersGateway } from '../http/orders/http-orders-gateway';
import { TYPES } from './types';

/** Find-my-orders for a guest, the customer's history, one order and a split order's children. */
export const ordersModule = new ContainerModule(({ bind }) => {
  bind<FindOrder>(TYPES.FindOrder)
    .toResolvedValue((orders: OrdersGateway) => new FindOrder(orders), [TYPES.OrdersGateway])
    .inSingletonScope();
  bind<ListOrders>(TYPES.ListOrders)
    .toResolvedValue((orders: OrdersGateway) => new ListOrders(orders), [TYPES.OrdersGateway])
    .inSingletonScope();
  bind<GetOrder>(TYPES.GetOrder)
    .toResolvedValue((orders: OrdersGateway) => new GetOrder(orders), [TYPES.OrdersGateway])
    .inSingletonScope();
  bind<GetChildOrders>(TYPES.GetChildOrders)
    .toResolvedValue((orders: OrdersGateway) => new GetChildOrders(orders), [TYPES.OrdersGateway])
    .inSingletonScope();
});

export const ordersHttpModule = new ContainerModule(({ bind }) => {
  bind<OrdersGateway>(TYPES.OrdersGateway)
    .toResolvedValue((api: ApiClient) => new HttpOrdersGateway(api), [TYPES.ApiClient])
    .inSingletonScope();
});
