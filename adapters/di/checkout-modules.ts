/**
 * Checkout bindings: checkout's use cases (the same in both modes) and the checkout and finance
 * gateways over HTTP. The offline demo's in-tab sandboxes are checkoutFakeModule in
 * ./fake-adapters.ts, kept out of this file so the shop's entry bundle carries no fake code.
 */
import { financeErrorMessageOf } from '../../core/checkout/apply-for-finance';
import type { ConfigurationGateway } from '../../core/content/ports';
import { DEFAULT_CONFIGURATION } from '../../core/content/default-configuration';
import { ContainerModule } from 'inversify';
import type { AddressBookGateway } from '../../core/account/ports';
import type { CheckoutGateway } from '../../core/checkout/checkout';
import {
  createCheckoutUseCases,
  type CheckoutUseCases,
} from '../../core/checkout/checkout-use-cases';
import type { FinanceGateway } from '../../core/checkout/ports';
import type { ApiClient } from '../http/api-client';
import { HttpCheckoutGateway, HttpFinanceGateway } from '../http/checkout/http-checkout-gateway';
import { TYPES } from './types';

/** The storefront's origin: where the payment providers send the shopper back. */
export const storefrontOrigin = (): string =>
  typeof window === 'undefined' ? 'http://localhost' : window.location.origin;

/** The address book where the app has an account area (both adapter lists bind one). */
const OPTIONAL_ADDRESS_BOOK = {
  serviceIdentifier: TYPES.AddressBookGateway,
  optional: true,
} as const;

/** The configuration (finance error message); absent in a bare checkout container. */
const OPTIONAL_CONFIGURATION = {
  serviceIdentifier: TYPES.ConfigurationGateway,
  optional: true,
} as const;

/**
 * Checkout's use cases over whichever gateways the adapter list binds. Transient: each checkout
 * visit resolves its own (PlaceOrder remembers the payment of the placement under way).
 */
export const checkoutModule = new ContainerModule(({ bind }) => {
  bind<CheckoutUseCases>(TYPES.CheckoutUseCases).toResolvedValue(
    (
      gateway: CheckoutGateway,
      finance: FinanceGateway,
      configuration?: ConfigurationGateway,
      addressBook?: AddressBookGateway,
    ) =>
      createCheckoutUseCases({
        gateway,
        finance,
        addressBook,
        financeErrorMessage: () =>
          financeErrorMessageOf(configuration?.current?.() ?? DEFAULT_CONFIGURATION),
      }),
    [TYPES.CheckoutGateway, TYPES.FinanceGateway, OPTIONAL_CONFIGURATION, OPTIONAL_ADDRESS_BOOK],
  );
});

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
