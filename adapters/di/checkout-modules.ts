/**
 * Checkout bindings: the checkout and finance gateways over HTTP, or the in-tab sandboxes for the
 * offline demo (one module each, as for every family).
 */
import { ContainerModule } from 'inversify';
import type { CartGateway } from '../../core/cart/ports';
import type { CheckoutGateway } from '../../core/checkout/checkout';
import type { FinanceGateway } from '../../core/checkout/ports';
import type { Clock } from '../../core/shared/clock';
import { FakeCheckoutGateway } from '../fake/checkout/fake-checkout-gateway';
import { FakeOrdersGateway } from '../fake/orders/fake-orders-gateway';
import type { ApiClient } from '../http/api-client';
import { HttpCheckoutGateway, HttpFinanceGateway } from '../http/checkout/http-checkout-gateway';
import { TYPES } from './types';

/** The storefront's origin: where the payment providers send the shopper back. */
const origin = (): string =>
  typeof window === 'undefined' ? 'http://localhost' : window.location.origin;

export const checkoutHttpModule = new ContainerModule(({ bind }) => {
  bind<CheckoutGateway>(TYPES.CheckoutGateway)
    .toResolvedValue((api: ApiClient) => new HttpCheckoutGateway(api), [TYPES.ApiClient])
    .inSingletonScope();
  bind<FinanceGateway>(TYPES.FinanceGateway)
    .toResolvedValue((api: ApiClient) => new HttpFinanceGateway(api, origin()), [TYPES.ApiClient])
    .inSingletonScope();
});

/** Needs ordersFakeModule: each order placed is recorded in the fake order history. */
export const checkoutFakeModule = new ContainerModule(({ bind }) => {
  bind<FakeCheckoutGateway>(FakeCheckoutGateway)
    .toResolvedValue(
      (carts: CartGateway, clock: Clock, orders: FakeOrdersGateway) =>
        new FakeCheckoutGateway(carts, clock, origin(), (order) => orders.add(order)),
      [TYPES.CartGateway, TYPES.Clock, FakeOrdersGateway],
    )
    .inSingletonScope();
  bind<CheckoutGateway>(TYPES.CheckoutGateway).toService(FakeCheckoutGateway);
  bind<FinanceGateway>(TYPES.FinanceGateway).toService(FakeCheckoutGateway);
});
