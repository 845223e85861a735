/**
 * Orders bindings (core/orders/ports.ts): the gateway over HTTP, or the in-tab fake for the offline
 * demo, whose orders belong to the signed-in customer's e-mail (guests share one key).
 */
import { ContainerModule } from 'inversify';
import type { ShopperSession } from '../../core/cart/ports';
import type { OrdersGateway } from '../../core/orders/ports';
import { FakeOrdersGateway } from '../fake/orders/fake-orders-gateway';
import type { ApiClient } from '../http/api-client';
import { HttpOrdersGateway } from '../http/orders/http-orders-gateway';
import { TYPES } from './types';

/** The fake's key for orders placed without signing in. */
export const FAKE_GUEST_OWNER = 'guest';

export const ordersHttpModule = new ContainerModule(({ bind }) => {
  bind<OrdersGateway>(TYPES.OrdersGateway)
    .toResolvedValue((api: ApiClient) => new HttpOrdersGateway(api), [TYPES.ApiClient])
    .inSingletonScope();
});

export const ordersFakeModule = new ContainerModule(({ bind }) => {
  // Bound as itself too: the fake checkout records each order it places here.
  bind<FakeOrdersGateway>(FakeOrdersGateway)
    .toResolvedValue(
      (session: ShopperSession) =>
        new FakeOrdersGateway(() => session.signedInEmail()?.toLowerCase() ?? FAKE_GUEST_OWNER),
      [TYPES.ShopperSession],
    )
    .inSingletonScope();
  bind<OrdersGateway>(TYPES.OrdersGateway).toService(FakeOrdersGateway);
});
