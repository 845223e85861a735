/**
 * Checkout bindings: checkout's use cases (the same in both modes) and the checkout and finance
 * gateways over HTTP. The offline demo's in-tab sandboxes are checkoutFakeModule in
 * ./fake-adapters.ts, kept out of this file so the shop's entry bundle carries no fake code.
 */
import { ContainerModule } from 'inversify';
import type { AddressBookGateway } from '../../core/account/ports';
import { ApplyForFinance } from '../../core/checkout/apply-for-finance';
import type { CheckoutGateway } from '../../core/checkout/checkout';
import type { CheckoutUseCases } from '../../core/checkout/checkout-use-cases';
import { ChooseShippingMethod } from '../../core/checkout/choose-shipping-method';
import { ListCheckoutAddresses } from '../../core/checkout/list-checkout-addresses';
import { PayForCart } from '../../core/checkout/pay-for-cart';
import { PlaceOrder } from '../../core/checkout/place-order';
import type { FinanceGateway } from '../../core/checkout/ports';
import { QuoteShipping } from '../../core/checkout/quote-shipping';
import { RememberAddress } from '../../core/checkout/remember-address';
import { StartPaypalPayment } from '../../core/checkout/start-paypal-payment';
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

/**
 * Checkout's use cases over whichever gateways the adapter list binds. Transient: each checkout
 * visit resolves its own (PlaceOrder remembers the payment of the placement under way).
 */
export const checkoutModule = new ContainerModule(({ bind }) => {
  bind<QuoteShipping>(TYPES.QuoteShipping).toResolvedValue(
    (gateway: CheckoutGateway) => new QuoteShipping(gateway),
    [TYPES.CheckoutGateway],
  );
  bind<ChooseShippingMethod>(TYPES.ChooseShippingMethod).toResolvedValue(
    (gateway: CheckoutGateway) => new ChooseShippingMethod(gateway),
    [TYPES.CheckoutGateway],
  );
  bind<PlaceOrder>(TYPES.PlaceOrder).toResolvedValue(
    (gateway: CheckoutGateway) => new PlaceOrder(gateway, new PayForCart(gateway)),
    [TYPES.CheckoutGateway],
  );
  bind<StartPaypalPayment>(TYPES.StartPaypalPayment).toResolvedValue(
    (gateway: CheckoutGateway) => new StartPaypalPayment(gateway),
    [TYPES.CheckoutGateway],
  );
  bind<ApplyForFinance>(TYPES.ApplyForFinance).toResolvedValue(
    (finance: FinanceGateway) => new ApplyForFinance(finance),
    [TYPES.FinanceGateway],
  );
  bind<ListCheckoutAddresses>(TYPES.ListCheckoutAddresses).toResolvedValue(
    (book: AddressBookGateway | undefined) => new ListCheckoutAddresses(book),
    [OPTIONAL_ADDRESS_BOOK],
  );
  bind<RememberAddress>(TYPES.RememberAddress).toResolvedValue(
    (book: AddressBookGateway | undefined) => new RememberAddress(book),
    [OPTIONAL_ADDRESS_BOOK],
  );
  bind<CheckoutUseCases>(TYPES.CheckoutUseCases).toResolvedValue(
    (
      quoteShipping: QuoteShipping,
      chooseShippingMethod: ChooseShippingMethod,
      placeOrder: PlaceOrder,
      startPaypal: StartPaypalPayment,
      applyForFinance: ApplyForFinance,
      listAddresses: ListCheckoutAddresses,
      rememberAddress: RememberAddress,
    ): CheckoutUseCases => ({
      quoteShipping,
      chooseShippingMethod,
      placeOrder,
      startPaypal,
      applyForFinance,
      listAddresses,
      rememberAddress,
    }),
    [
      TYPES.QuoteShipping,
      TYPES.ChooseShippingMethod,
      TYPES.PlaceOrder,
      TYPES.StartPaypalPayment,
      TYPES.ApplyForFinance,
      TYPES.ListCheckoutAddresses,
      TYPES.RememberAddress,
    ],
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
