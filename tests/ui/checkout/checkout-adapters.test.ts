/** The checkout HTTP adapter (paths, bodies, codecs, error mapping) and the PlaceOrder use case. */
import type * as t from 'io-ts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../adapters/http/api-error';
import { OrderCodec } from '../../../adapters/http/checkout/checkout.codec';
import {
  HttpCheckoutGateway,
  HttpFinanceGateway,
  toCheckoutError,
} from '../../../adapters/http/checkout/http-checkout-gateway';
import type { VersionConflictError } from '../../../core/cart/errors';
import { OutOfStockError } from '../../../core/cart/errors';
import {
  CheckoutFieldsError,
  PaymentDeclinedError,
  TotalChangedError,
  type CheckoutGateway,
} from '../../../core/checkout/checkout';
import { quoteOf, shownTotalOf } from '../../../core/checkout/checkout-quote';
import { PayForCart } from '../../../core/checkout/pay-for-cart';
import { PlaceOrder } from '../../../core/checkout/place-order';
import type { Cart } from '../../../core/cart/cart';
import type { Order } from '../../../core/orders/order';

const wireOrder = {
  orderNumber: 'LV-100001',
  status: 'Open',
  orderType: 'WEB',
  createdAt: '2026-01-15T00:00:00Z',
  email: 'ada@example.com',
  shippingAddress: {
    firstName: 'Ada',
    lastName: 'L',
    email: 'ada@example.com',
    mobile: '2125550100',
    addressLine2: null,
  },
  lineItems: [
    {
      id: 'l1',
      sku: 'K-1',
      quantity: 2,
      addedAt: '2026-01-15T00:00:00Z',
      productSlug: { 'en-US': 'k-1' },
      name: { 'en-US': 'Faucet' },
      price: { value: 10_000 },
    },
  ],
  totals: { subtotal: 20_000, discount: 0, shipping: 995, tax: 1_600, total: 22_595 },
  payment: { method: 'card', brand: 'visa', last4: '1111' },
  CSRAssociateId: null,
};

const apiError = (status: number, errors: Record<string, unknown>[] = [], message = 'x') =>
  new ApiError(status === 400 ? 'badRequest' : status === 409 ? 'conflict' : 'rejected', message, {
    status,
    serverMessage: message,
    codes: errors.map((e) => String(e.code)),
    errors,
  });

describe('OrderCodec', () => {
  it('decodes an order, dropping nulls, with cart lines', () => {
    const decoded = OrderCodec.decode(wireOrder);
    expect(decoded._tag).toBe('Right');
    if (decoded._tag !== 'Right') return;
    expect(decoded.right.orderNumber).toBe('LV-100001');
    expect(decoded.right.CSRAssociateId).toBeUndefined();
    expect(decoded.right.shippingAddress).not.toHaveProperty('addressLine2');
    expect(decoded.right.lineItems[0]?.backorderable).toBe(false);
  });

  it('refuses an order without a number, a status it does not know, or fractional cents', () => {
    const { orderNumber: _n, ...noNumber } = wireOrder;
    expect(OrderCodec.decode(noNumber)._tag).toBe('Left');
    expect(OrderCodec.decode({ ...wireOrder, status: 'Lost' })._tag).toBe('Left');
    expect(
      OrderCodec.decode({ ...wireOrder, totals: { ...wireOrder.totals, total: 1.5 } })._tag,
    ).toBe('Left');
  });
});

describe('toCheckoutError', () => {
  it('maps the wire codes to typed errors', () => {
    expect(toCheckoutError(apiError(402, [{ code: 'PaymentDeclined' }]))).toBeInstanceOf(
      PaymentDeclinedError,
    );
    const stock = toCheckoutError(apiError(409, [{ code: 'OutOfStock', skus: ['K-1', 'K-2'] }]));
    expect(stock).toBeInstanceOf(OutOfStockError);
    expect((stock as OutOfStockError).skus).toEqual(['K-1', 'K-2']);
    const stale = toCheckoutError(
      apiError(409, [{ code: 'ConcurrentModification', currentVersion: 7 }]),
    );
    expect((stale as VersionConflictError).currentVersion).toBe(7);
    const changed = toCheckoutError(
      apiError(409, [{ code: 'PaymentCartChanged', field: 'paypalToken' }], 'the cart changed'),
    );
    expect(changed).toBeInstanceOf(CheckoutFieldsError);
    expect((changed as CheckoutFieldsError).fields).toEqual(['paypalToken']);
    const bad = toCheckoutError(
      apiError(400, [{ code: 'InvalidField', field: 'card.number' }], 'card.number is not valid'),
    );
    expect(bad).toBeInstanceOf(CheckoutFieldsError);
    expect((bad as CheckoutFieldsError).fields).toEqual(['card.number']);
    const total = toCheckoutError(
      apiError(409, [{ code: 'TotalChanged', totalCents: 43_464, currentVersion: 9 }]),
    );
    expect(total).toBeInstanceOf(TotalChangedError);
    expect(total).toMatchObject({ totalCents: 43_464, currentVersion: 9 });
    const unpaid = toCheckoutError(apiError(402, [{ code: 'PaymentRequired' }], 'pay first'));
    expect(unpaid).toBeInstanceOf(CheckoutFieldsError);
    expect((unpaid as CheckoutFieldsError).fields).toEqual(['payment']);
    const other = new ApiError('server', 'boom', { status: 500 });
    expect(toCheckoutError(other)).toBe(other);
  });
});

describe('HttpCheckoutGateway', () => {
  const api = () => ({
    get: vi.fn(async (_path: string, codec: t.Type<unknown, unknown, unknown>) => {
      const r = codec.decode(wireOrder);
      if (r._tag === 'Left') throw new Error('decode');
      return r.right;
    }),
    post: vi.fn(async (_path: string, _body: unknown, codec: t.Type<unknown, unknown, unknown>) => {
      const r = codec.decode(wireOrder);
      if (r._tag === 'Left') throw new Error('decode');
      return r.right;
    }),
  });

  it('submits the cart with its version and the total shown to the contract path, the key in Idempotency-Key', async () => {
    const client = api();
    const gateway = new HttpCheckoutGateway(client as never);
    const order = await gateway.submitOrder(
      { cartId: 'c1', version: 3, totalCents: 43_464 },
      'key-1',
    );
    expect(order.orderNumber).toBe('LV-100001');
    expect(client.post).toHaveBeenCalledWith(
      '/checkout/order/submit',
      { cartId: 'c1', version: 3, totalCents: 43_464 },
      expect.anything(),
      { headers: { 'Idempotency-Key': 'key-1' } },
    );
  });

  it('sends the payment method and its fields flat beside the cart', async () => {
    const client = {
      get: vi.fn(),
      post: vi.fn(async () => ({
        paymentId: 'p',
        status: 'authorized',
        resultCode: 870,
        method: 'paypal',
      })),
    };
    await new HttpCheckoutGateway(client as never).authorizePayment('c1', 2, {
      method: 'paypal',
      paypalToken: 'EC-1',
    });
    expect(client.post).toHaveBeenCalledWith(
      '/checkout/payment',
      { cartId: 'c1', version: 2, method: 'paypal', paypalToken: 'EC-1' },
      expect.anything(),
    );
  });

  it('throws the declined card as PaymentDeclinedError', async () => {
    const client = {
      get: vi.fn(),
      post: vi.fn(async () => {
        throw apiError(402, [{ code: 'PaymentDeclined' }]);
      }),
    };
    const gateway = new HttpCheckoutGateway(client as never);
    await expect(
      gateway.authorizePayment('c1', 1, {
        method: 'card',
        card: {
          number: '4000000000000002',
          expiryMonth: 1,
          expiryYear: 2030,
          securityCode: '123',
          holderName: 'A',
        },
      }),
    ).rejects.toBeInstanceOf(PaymentDeclinedError);
  });
});

describe('HttpFinanceGateway', () => {
  it('makes the relative application address absolute and reports refusals by status', async () => {
    const ok = {
      post: vi.fn(async () => ({ urls: { application_url: '/sandbox/finance?application=A1' } })),
    };
    expect(
      await new HttpFinanceGateway(ok as never, 'http://shop.test').createApplication({} as never),
    ).toEqual({ status: 201, applicationUrl: 'http://shop.test/sandbox/finance?application=A1' });
    const refused = {
      post: vi.fn(async () => {
        throw apiError(400, [], 'amount out of range');
      }),
    };
    expect(
      await new HttpFinanceGateway(refused as never, 'http://shop.test').createApplication(
        {} as never,
      ),
    ).toEqual({ status: 400 });
  });
});

describe('PlaceOrder', () => {
  const order = { orderNumber: 'LV-1' } as Order;
  const gatewayWith = (submit: CheckoutGateway['submitOrder'], resultCode = 870) => {
    const gateway = {
      authorizePayment: vi.fn(async () => ({
        paymentId: 'p',
        status: 'authorized' as const,
        resultCode,
        method: 'paypal' as const,
      })),
      submitOrder: vi.fn(submit),
    };
    return gateway;
  };
  const placeWith = (gateway: ReturnType<typeof gatewayWith>) => {
    const port = gateway as unknown as CheckoutGateway;
    return new PlaceOrder(port, new PayForCart(port));
  };
  const cart = {
    id: 'c1',
    version: 3,
    currency: 'USD',
    lineItems: [],
    totalTax: 400,
    discountCodes: [],
    shippingCost: 1495,
    shippingMethodId: 'standard',
    freightDiscount: 0,
    shippingAddress: { firstName: 'A', lastName: 'B', email: 'a@b.co', mobile: '2125550100' },
  } as Cart;
  const quote = quoteOf(
    cart,
    {
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
      mobile: '2125550100',
      streetName: '1 Main St',
      city: 'New York',
      state: 'NY',
      postalCode: '10001',
      country: 'US',
    },
    [],
    null,
    null,
  );
  const input = {
    quote,
    shown: shownTotalOf(quote),
    payment: { method: 'paypal', paypalToken: 'EC-1' } as const,
    idempotencyKey: 'k1',
  };

  it('retries a failed submit with the same key without paying twice', async () => {
    let calls = 0;
    const gateway = gatewayWith(async () => {
      calls += 1;
      if (calls === 1) throw new ApiError('network', 'offline');
      return order;
    });
    const place = placeWith(gateway);
    expect((await place.execute(input)).ok).toBe(false);
    expect(await place.execute(input)).toEqual({ ok: true, value: order });
    expect(gateway.authorizePayment).toHaveBeenCalledTimes(1);
    expect(gateway.submitOrder.mock.calls.map((c) => c[1])).toEqual(['k1', 'k1']);
    // What was shown travels with the submit: the version and its total to pay.
    expect(gateway.submitOrder.mock.calls[0]?.[0]).toEqual({
      cartId: 'c1',
      version: 3,
      totalCents: 1895,
    });
  });

  it('submits nothing unless the provider answered 870', async () => {
    const gateway = gatewayWith(async () => order, 871);
    const result = await placeWith(gateway).execute(input);
    expect(result).toEqual({ ok: false, error: { kind: 'declined' } });
    expect(gateway.submitOrder).not.toHaveBeenCalled();
  });

  it('pays and submits nothing for a total the shopper was not shown', async () => {
    const gateway = gatewayWith(async () => order);
    const place = placeWith(gateway);
    for (const shown of [
      null,
      { ...input.shown, totalCents: input.shown.totalCents - 1 },
      { ...input.shown, version: 2 },
    ]) {
      expect(await place.execute({ ...input, shown })).toEqual({
        ok: false,
        error: { kind: 'total-changed', totalCents: 1895, version: 3 },
      });
    }
    expect(await place.execute({ ...input, quote: null })).toEqual({
      ok: false,
      error: { kind: 'not-quoted' },
    });
    expect(gateway.authorizePayment).not.toHaveBeenCalled();
    expect(gateway.submitOrder).not.toHaveBeenCalled();
  });

  it('reports out of stock with the SKUs', async () => {
    const gateway = gatewayWith(async () => {
      throw new OutOfStockError(['K-9']);
    });
    const result = await placeWith(gateway).execute(input);
    expect(result).toEqual({ ok: false, error: { kind: 'out-of-stock', skus: ['K-9'] } });
  });
});
