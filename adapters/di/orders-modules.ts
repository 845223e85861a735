/**
 * Orders bindings (core/orders/ports.ts): the gateway over HTTP. The offline demo's in-tab fake is
 * ordersFakeModule in ./fake-adapters.ts, kept out of this file so the shop's entry bundle carries
 * no fake code.
 */
import { ContainerModule } from 'inversify';
import type { OrdersGateway } from '../../core/orders/ports';
import type { ApiClient } from '../http/api-client';
import { HttpOrdersGateway } from '../http/orders/http-orders-gateway';
import { TYPES } from './types';

export const ordersHttpModule = new ContainerModule(({ bind }) => {
  bind<OrdersGateway>(TYPES.OrdersGateway)
    .toResolvedValue((api: ApiClient) => new HttpOrdersGateway(api), [TYPES.ApiClient])
    .inSingletonScope();
});
