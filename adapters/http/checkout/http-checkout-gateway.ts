/**
 * CheckoutGateway and FinanceGateway over the API (issue 6 wire contract, docs/api.md Checkout and
 * Payment). Answers are decoded with io-ts. Failures the use cases act on become typed errors:
 * 402 PaymentDeclined → PaymentDeclinedError (402 PaymentRequired, no payment yet, names 'payment'); OutOfStock (checked before the 409 conflict it shares
 * a status with) → OutOfStockError naming the SKUs; TotalChanged → TotalChangedError with the
 * cart's total now; ConcurrentModification → the cart's error; 400 → CheckoutFieldsError naming
 * the fields. Anything else stays an ApiError.
 */
import type { Cart } from '../../../core/cart/cart';
import { VersionConflictError, OutOfStockError } from '../../../core/cart/errors';
import {
  CheckoutFieldsError,
  PaymentDeclinedError,
  TotalChangedError,
  type CheckoutAddress,
  type CheckoutGateway,
  type OrderSubmission,
  type PaymentAuthorization,
  type PaymentRequest,
  type PaypalToken,
  type ShippingMethodId,
  type ShippingQuote,
  type SplitCheck,
} from '../../../core/checkout/checkout';
import type { FinanceApplicationRequest } from '../../../core/checkout/finance';
import type { FinanceApplicationResponse, FinanceGateway } from '../../../core/checkout/ports';
import type { Order } from '../../../core/orders/order';
import type { ApiClient } from '../api-client';
import { ApiError, staleVersionOf } from '../api-error';
import { CartCodec } from '../cart/cart.codec';
import {
  FinanceApplicationAnswerCodec,
  OrderCodec,
  PaymentAuthorizationCodec,
  PaypalTokenCodec,
  ShippingQuoteCodec,
  SplitCheckCodec,
} from './checkout.codec';

const strings = (values: readonly unknown[]): string[] =>
  values.filter((s): s is string => typeof s === 'string');

/** Maps a failed checkout call to the typed error it stands for; other failures pass through. */
export const toCheckoutError = (error: unknown): unknown => {
  if (!(error instanceof ApiError)) return error;
  const entries = error.details.errors ?? [];
  if (error.hasCode('PaymentRequired')) {
    return new CheckoutFieldsError(['payment'], error.details.serverMessage ?? error.message);
  }
  if (error.hasCode('PaymentDeclined') || error.details.status === 402) {
    return new PaymentDeclinedError();
  }
  if (error.hasCode('OutOfStock')) {
    const skus = entries
      .filter((e) => e.code === 'OutOfStock')
      .flatMap((e) => [...(Array.isArray(e.skus) ? strings(e.skus) : []), ...strings([e.sku])]);
    return new OutOfStockError(skus);
  }
  const changed = entries.find((e) => e.code === 'TotalChanged');
  if (changed !== undefined) {
    const cents = changed.totalCents;
    const version = changed.currentVersion;
    if (typeof cents === 'number' && Number.isSafeInteger(cents)) {
      return new TotalChangedError(
        cents,
        typeof version === 'number' && Number.isSafeInteger(version) ? version : -1,
      );
    }
  }
  if (error.hasCode('PaymentCartChanged')) {
    const fields = strings(entries.map((e) => e.field));
    return new CheckoutFieldsError(fields, error.details.serverMessage ?? error.message);
  }
  const current = staleVersionOf(error);
  if (current !== null) return new VersionConflictError('cart', current);
  if (error.kind === 'badRequest') {
    const fields = strings(entries.map((e) => e.field));
    return new CheckoutFieldsError(fields, error.details.serverMessage ?? error.message);
  }
  return error;
};

export class HttpCheckoutGateway implements CheckoutGateway {
  constructor(private readonly api: Pick<ApiClient, 'get' | 'post'>) {}

  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toCheckoutError(error);
    }
  }

  shippingCost(cartId: string, version: number, address: CheckoutAddress): Promise<ShippingQuote> {
    return this.call(() =>
      this.api.post('/checkout/shipping-cost', { cartId, version, address }, ShippingQuoteCodec),
    );
  }

  assignShipping(cartId: string, version: number, methodId: ShippingMethodId): Promise<Cart> {
    return this.call(() =>
      this.api.post(
        '/checkout/v2/assign/shipmentfromcart',
        { cartId, version, methodId },
        CartCodec,
      ),
    );
  }

  splitCheck(cartId: string): Promise<SplitCheck> {
    return this.call(() =>
      this.api.post('/checkout/order-split-check', { cartId }, SplitCheckCodec),
    );
  }

  authorizePayment(
    cartId: string,
    version: number,
    payment: PaymentRequest,
  ): Promise<PaymentAuthorization> {
    return this.call(() =>
      this.api.post(
        '/checkout/payment',
        { cartId, version, ...payment },
        PaymentAuthorizationCodec,
      ),
    );
  }

  /** The total shown travels with the version, so the server refuses to charge any other. */
  submitOrder(
    { cartId, version, totalCents }: OrderSubmission,
    idempotencyKey: string,
  ): Promise<Order> {
    return this.call(() =>
      this.api.post('/checkout/order/submit', { cartId, version, totalCents }, OrderCodec, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    );
  }

  paypalToken(cartId: string): Promise<PaypalToken> {
    return this.call(() =>
      this.api.get('/payment/paypal/getToken', PaypalTokenCodec, { params: { cartId } }),
    );
  }
}

/**
 * FinanceGateway over POST /payment/finance/application. The API client rejects any non-2xx
 * answer, so an answer here is the 201 of the contract; a relative application_url is made
 * absolute against the storefront's origin so the use case can check it is a safe http(s) link.
 */
export class HttpFinanceGateway implements FinanceGateway {
  constructor(
    private readonly api: Pick<ApiClient, 'post'>,
    private readonly origin: string,
  ) {}

  async createApplication(request: FinanceApplicationRequest): Promise<FinanceApplicationResponse> {
    try {
      const answer = await this.api.post(
        '/payment/finance/application',
        request,
        FinanceApplicationAnswerCodec,
      );
      return { status: 201, applicationUrl: absolute(answer.urls.application_url, this.origin) };
    } catch (error) {
      if (error instanceof ApiError && error.details.status !== undefined) {
        return { status: error.details.status };
      }
      throw error;
    }
  }
}

const absolute = (url: string, origin: string): string => {
  try {
    return new URL(url, origin).toString();
  } catch {
    return url;
  }
};
