/**
 * The demo's checkout charges the shipping its cart showed: methods, prices and the threshold are
 * core's pricing (the fake cart's quote), the split is core's shipments, the order's totals core's
 * orderTotals; orders and payments outlive a reload. Its card sandbox answers every card as the
 * server's does, for the brands the configuration takes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FAKE_CHECKOUT_STORAGE_KEY,
  FakeCheckoutGateway,
} from '../../../adapters/fake/checkout/fake-checkout-gateway';
import { FakeOrdersGateway } from '../../../adapters/fake/orders/fake-orders-gateway';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import { summarizeCart } from '../../../core/cart/summary';
import {
  CheckoutFieldsError,
  PaymentDeclinedError,
  TotalChangedError,
  type CardDetails,
  type CheckoutAddress,
} from '../../../core/checkout/checkout';
import {
  EXPEDITED_CENTS,
  FREE_SHIPPING_FROM_CENTS,
  FREIGHT_CENTS,
  STANDARD_SHIPPING_CENTS,
} from '../../../core/cart/engine/pricing';
import { orderTotals } from '../../../core/checkout/shipments';
import { isRandomOrderNumber } from '../../../core/orders/order-number';
import { authoriseCard } from '../../../server/checkout/card-sandbox';
import { ApiError as ServerError } from '../../../server/http/errors';
import { CARD_NOW, cards } from '../../core/checkout/card-arbitraries';
import { FACTS, item } from '../cart/fixtures';
import { makeCartSystem } from '../../ui/cart/harness';

const ADDRESS: CheckoutAddress = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  mobile: '2125550100',
  streetName: '1 Main St',
  city: 'New York',
  state: 'NY',
  postalCode: '10001',
  country: 'US',
};

const quoteFor = async (
  lines: readonly [string, number][],
  facts = new Map([...FACTS, ['S-1', item('S-1', { isService: true })]]),
) => {
  const system = makeCartSystem(facts);
  const cart = await system.seed(lines);
  const checkout = new FakeCheckoutGateway(system.engine, system.clock, 'http://shop.test');
  const quote = await checkout.shippingCost(cart.id, cart.version, ADDRESS);
  return { cart, checkout, quote };
};

const centsOf = (quote: { methods: readonly { id: string; cents: number }[] }) =>
  Object.fromEntries(quote.methods.map((m) => [m.id, m.cents]));

describe('the fake checkout’s shipping', () => {
  it('quotes freight alone for a cart with a freight item, and splits it as a drop-ship', async () => {
    const facts = new Map([
      ...FACTS,
      ['S-1', item('S-1', { isService: true })],
      ['T-1', item('T-1', { freight: true })],
    ]);
    const { cart, checkout, quote } = await quoteFor(
      [
        ['K-1000-BL', 1],
        ['T-1', 1],
        ['S-1', 1],
      ],
      facts,
    );
    expect(centsOf(quote)).toEqual({ freight: STANDARD_SHIPPING_CENTS + FREIGHT_CENTS });
    expect(quote.selectedMethodId).toBe('freight');
    const split = await checkout.splitCheck(cart.id);
    expect(split.split).toBe(true);
    expect(split.shipments.map((s) => s.source)).toEqual(['warehouse', 'drop-ship', 'service']);
  });

  it('quotes standard at the price the cart showed, under the free-shipping threshold', async () => {
    const { cart, quote } = await quoteFor([['K-1000-BL', 1]]);
    expect(summarizeCart(cart).cents.subtotalWithDiscount).toBeLessThan(FREE_SHIPPING_FROM_CENTS);
    expect(cart.shippingCost).toBe(STANDARD_SHIPPING_CENTS);
    expect(centsOf(quote)).toEqual({
      standard: cart.shippingCost,
      expedited: EXPEDITED_CENTS,
    });
    expect(quote.freeShippingThresholdCents).toBe(FREE_SHIPPING_FROM_CENTS);
    expect(quote.cart.shippingCost).toBe(cart.shippingCost);
  });

  it('ships standard free from the threshold, as the cart does, but never expedited', async () => {
    const { cart, checkout, quote } = await quoteFor([['K-2000-CP', 3]]);
    expect(summarizeCart(cart).cents.subtotalWithDiscount).toBeGreaterThanOrEqual(
      FREE_SHIPPING_FROM_CENTS,
    );
    expect(cart.shippingCost).toBe(0);
    expect(centsOf(quote)).toEqual({ standard: 0, expedited: EXPEDITED_CENTS });
    const expedited = await checkout.assignShipping(quote.cart.id, quote.cart.version, 'expedited');
    expect(expedited.shippingCost).toBe(EXPEDITED_CENTS);
    const standard = await checkout.assignShipping(expedited.id, expedited.version, 'standard');
    expect(standard.shippingCost).toBe(0);
  });

  it('offers only standard to a cart of services, as the server does', async () => {
    const { checkout, quote } = await quoteFor([['S-1', 1]]);
    expect(centsOf(quote)).toEqual({ standard: 0 });
    await expect(
      checkout.assignShipping(quote.cart.id, quote.cart.version, 'expedited'),
    ).rejects.toMatchObject({ fields: ['methodId'] });
  });

  it('takes no shipping code off expedited, and the cart, quote and order agree', async () => {
    const system = makeCartSystem();
    const seeded = await system.seed([['K-1000-BL', 1]]);
    const coded = await system.engine.applyDiscount(seeded.id, seeded.version, 'FREESHIP');
    const checkout = new FakeCheckoutGateway(system.engine, system.clock, 'http://shop.test');
    const quote = await checkout.shippingCost(coded.id, coded.version, ADDRESS);
    const expedited = await checkout.assignShipping(quote.cart.id, quote.cart.version, 'expedited');
    expect(summarizeCart(expedited).cents.estimatedShipping).toBe(EXPEDITED_CENTS);
    expect(summarizeCart(expedited).cents.totalPromotions).toBe(0);
    // The cart page reads the same cart: the choice is the cart's, not the checkout's.
    const read = await system.engine.getCart(expedited.id);
    expect(read).toEqual(expedited);
    // An e-mail typed in capitals is the order's in lower case, as the server keeps it.
    const again = await checkout.shippingCost(read.id, read.version, {
      ...ADDRESS,
      email: 'Ada@Example.COM',
    });
    expect(again.selectedMethodId).toBe('expedited');
    system.clock.set(CARD_NOW);
    const paid = again.cart;
    await checkout.authorizePayment(paid.id, paid.version, {
      method: 'card',
      card: {
        number: '4111 1111 1111 1111',
        expiryMonth: 12,
        expiryYear: new Date(CARD_NOW).getUTCFullYear() + 2,
        securityCode: '123',
        holderName: 'Ada Lovelace',
      },
    });
    const shown = summarizeCart(paid).cents.estimatedTotal;
    // A total other than the one the cart comes to is refused, and nothing is ordered.
    await expect(
      checkout.submitOrder(
        { cartId: paid.id, version: paid.version, totalCents: shown - 1 },
        'key-1',
      ),
    ).rejects.toBeInstanceOf(TotalChangedError);
    const order = await checkout.submitOrder(
      { cartId: paid.id, version: paid.version, totalCents: shown },
      'key-1',
    );
    expect(order.totals.shipping).toBe(EXPEDITED_CENTS);
    expect(order.totals).toEqual(orderTotals(paid));
    expect(order.totals.total).toBe(summarizeCart(paid).cents.estimatedTotal);
    expect(order.email).toBe('ada@example.com');
  });
});

describe('the fake checkout across a reload', () => {
  it('keeps payments, PayPal approvals and the orders placed, and numbers the next order after them', async () => {
    const storage = new MemoryStorage();
    const system = makeCartSystem();
    system.clock.set(CARD_NOW);
    const history = () => new FakeOrdersGateway(() => 'guest', storage);
    const checkoutIn = (orders: FakeOrdersGateway) =>
      new FakeCheckoutGateway(
        system.engine,
        system.clock,
        'http://shop.test',
        (o) => orders.add(o),
        undefined,
        storage,
      );
    const place = async (checkout: FakeCheckoutGateway, reload?: () => FakeCheckoutGateway) => {
      const cart = await system.seed([['K-1000-BL', 1]]);
      const quote = await checkout.shippingCost(cart.id, cart.version, ADDRESS);
      await checkout.authorizePayment(quote.cart.id, quote.cart.version, {
        method: 'card',
        card: { ...visa, expiryYear: new Date(CARD_NOW).getUTCFullYear() + 2 },
      });
      // The payment is the cart version's, whichever tab (or reload) submits it.
      const submitter = reload === undefined ? checkout : reload();
      return submitter.submitOrder(
        {
          cartId: quote.cart.id,
          version: quote.cart.version,
          totalCents: orderTotals(quote.cart).total,
        },
        `key-${cart.id}`,
      );
    };
    const first = await place(checkoutIn(history()), () => checkoutIn(history()));
    expect(storage.getItem(FAKE_CHECKOUT_STORAGE_KEY)).not.toBeNull();
    // The confirmation page after a reload: a new orders fake over the same storage.
    expect(await history().getOrder(first.orderNumber)).toEqual(first);
    const second = await place(checkoutIn(history()));
    expect(second.orderNumber).not.toBe(first.orderNumber);
    // Numbered as the server numbers them: at random, never in sequence (issue 13).
    for (const o of [first, second]) expect(isRandomOrderNumber(o.orderNumber)).toBe(true);
    const orders = history();
    expect(await orders.getOrder(first.orderNumber)).toEqual(first);
    expect(await orders.getOrder(second.orderNumber)).toEqual(second);

    // PayPal sends the shopper away and back (a page load): the approval is still there.
    const cart = await system.seed([['K-1000-BL', 1]]);
    const { token } = await checkoutIn(history()).paypalToken(cart.id);
    const back = checkoutIn(history());
    const paid = await back.authorizePayment(cart.id, cart.version, {
      method: 'paypal',
      paypalToken: token,
    });
    expect(paid.method).toBe('paypal');
    await expect(
      back.authorizePayment(cart.id, cart.version, { method: 'paypal', paypalToken: 'EC-nope' }),
    ).rejects.toBeInstanceOf(CheckoutFieldsError);
  });
});

/**
 * What a card payment came to, in terms both sides can be compared in: the fields a refusal names
 * (the wording of its message is the 400's, not the card rules').
 */
type Outcome =
  | { readonly kind: 'approved'; readonly brand: string; readonly last4: string }
  | { readonly kind: 'declined' }
  | { readonly kind: 'invalid'; readonly fields: readonly string[] };

const serverOutcome = (card: CardDetails): Outcome => {
  try {
    const auth = authoriseCard(card, CARD_NOW);
    return auth.approved
      ? { kind: 'approved', brand: auth.brand, last4: auth.last4 }
      : { kind: 'declined' };
  } catch (error) {
    if (!(error instanceof ServerError)) throw error;
    const fields = (error.errors ?? []).map((e) => String(e.field));
    return { kind: 'invalid', fields };
  }
};

const cardCheckout = async (cardTypes?: readonly string[]) => {
  const system = makeCartSystem();
  const cart = await system.seed([['K-1000-BL', 1]]);
  system.clock.set(CARD_NOW);
  const checkout = new FakeCheckoutGateway(
    system.engine,
    system.clock,
    'http://shop.test',
    () => undefined,
    ...(cardTypes === undefined ? [] : [cardTypes]),
  );
  const messages: string[] = [];
  const pay = async (card: CardDetails): Promise<Outcome> => {
    try {
      const auth = await checkout.authorizePayment(cart.id, cart.version, { method: 'card', card });
      return { kind: 'approved', brand: auth.brand ?? '', last4: auth.last4 ?? '' };
    } catch (error) {
      if (error instanceof PaymentDeclinedError) return { kind: 'declined' };
      if (error instanceof CheckoutFieldsError) {
        messages.push(error.message);
        return { kind: 'invalid', fields: error.fields };
      }
      throw error;
    }
  };
  return { pay, messages };
};

describe('the fake checkout’s card sandbox', () => {
  it('answers every card as the server’s card sandbox does', async () => {
    const { pay } = await cardCheckout();
    await fc.assert(
      fc.asyncProperty(cards, async (card) => {
        expect(await pay(card)).toEqual(serverOutcome(card));
      }),
      { numRuns: 300 },
    );
  });

  it('wants four digits from American Express, as the server does', async () => {
    const { pay } = await cardCheckout();
    const amex = { ...visa, number: '3782 822463 10005' };
    expect(await pay({ ...amex, securityCode: '123' })).toMatchObject({
      kind: 'invalid',
      fields: ['card.securityCode'],
    });
    expect(await pay({ ...amex, securityCode: '1234' })).toEqual({
      kind: 'approved',
      brand: 'amex',
      last4: '0005',
    });
  });

  it('takes only the brands the configuration’s card types name', async () => {
    const { pay, messages } = await cardCheckout(['Visa']);
    expect(await pay(visa)).toMatchObject({ kind: 'approved', brand: 'visa' });
    const refused = await pay({ ...visa, number: '5555 5555 5555 4444' });
    expect(refused).toEqual({ kind: 'invalid', fields: ['card.number'] });
    expect(messages).toEqual(['card.number: We accept Visa']);
  });

  it('still wants the holder’s name', async () => {
    const { pay } = await cardCheckout();
    expect(await pay({ ...visa, holderName: '  ' })).toMatchObject({
      kind: 'invalid',
      fields: ['card.holderName'],
    });
  });
});

const visa: CardDetails = {
  number: '4111 1111 1111 1111',
  expiryMonth: 12,
  expiryYear: 2030,
  securityCode: '123',
  holderName: 'Ada Lovelace',
};
