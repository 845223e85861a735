/**
 * Checkout bindings: the checkout and finance gateways over HTTP. The offline demo's in-tab
 * sandboxes are checkoutFakeModule in ./fake-adapters.ts, kept out of this file so the shop's entry
 * bundle carries no fake code.
 */
import { ContainerModule } from 'inversify';
import type { CheckoutGateway } from '../../core/checkout/checkout';
import type { FinanceGateway } from '../../core/checkout/ports';
import type { ApiClient } from '../http/api-client';
import { HttpCheckoutGateway, HttpFinanceGateway } from '../http/checkout/http-checkout-gateway';
import { TYPES } from './types';

/** The storefront's origin: where the payment providers send the shopper back. */
export const storefrontOrigin = (): string =>
  typeof window === 'undefined' ? 'http://localhost' : window.location.origin;

export const checkoutHttpModule = new ContainerModule(({ bind }) => {
  bind<CheckoutGateway>(TYPES.CheckoutGateway)
    .toResolvedValue((api: ApiClient) => new HttpCheckoutGateway(api), [TYPES.ApiClient])
    .inSingletonScope();
  bind<FinanceGateway>(TYPES.FinanceGateway)
    .toResolvedValue(
      (api: ApiClient) => new HttpFinanceGateway(api, storefrontOrigin()),
      [TYPES.ApiClient],
    )
    .inSingletonScope();
});
