/**
 * Checkout's use cases in one bundle for the checkout screen, as the cart has CartUseCases. The
 * composition root (adapters/di/checkout-modules.ts) builds it; screens resolve it, never build it.
 */
import type { AddressBookGateway } from '../account/ports';
import { ApplyForFinance } from './apply-for-finance';
import type { CheckoutGateway } from './checkout';
import { ChooseShippingMethod } from './choose-shipping-method';
import { ListCheckoutAddresses } from './list-checkout-addresses';
import { PayForCart } from './pay-for-cart';
import { PlaceOrder } from './place-order';
import type { FinanceGateway } from './ports';
import { QuoteShipping } from './quote-shipping';
import { RememberAddress } from './remember-address';
import { StartPaypalPayment } from './start-paypal-payment';

export interface CheckoutUseCases {
  readonly quoteShipping: QuoteShipping;
  readonly chooseShippingMethod: ChooseShippingMethod;
  readonly placeOrder: PlaceOrder;
  readonly startPaypal: StartPaypalPayment;
  readonly applyForFinance: ApplyForFinance;
  readonly listAddresses: ListCheckoutAddresses;
  readonly rememberAddress: RememberAddress;
}

export interface CheckoutPorts {
  readonly gateway: CheckoutGateway;
  readonly finance: FinanceGateway;
  /** The customer's address book; absent where the app has no account area. */
  readonly addressBook?: Pick<AddressBookGateway, 'profile' | 'apply'> | undefined;
  /** The configured finance error message (spec §8), read at each application. */
  readonly financeErrorMessage?: () => string;
}

/** A fresh set (PlaceOrder's payment memory is per checkout visit). */
export const createCheckoutUseCases = ({
  gateway,
  finance,
  addressBook,
  financeErrorMessage,
}: CheckoutPorts): CheckoutUseCases => ({
  quoteShipping: new QuoteShipping(gateway),
  chooseShippingMethod: new ChooseShippingMethod(gateway),
  placeOrder: new PlaceOrder(gateway, new PayForCart(gateway)),
  startPaypal: new StartPaypalPayment(gateway),
  applyForFinance: new ApplyForFinance(finance, financeErrorMessage),
  listAddresses: new ListCheckoutAddresses(addressBook),
  rememberAddress: new RememberAddress(addressBook),
});
