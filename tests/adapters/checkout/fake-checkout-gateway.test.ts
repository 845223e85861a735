/**
 * The demo's checkout charges the shipping its cart showed: standard is the fake cart's own
 * shipping (free from the same threshold), expedited never free, and every figure the server's.
 * Its card sandbox answers every card as the server's does, for the brands the configuration takes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FAKE_FREE_SHIPPING_FROM_CENTS,
  FAKE_SHIPPING_CENTS,
} from '../../../adapters/fake/cart/fake-cart-gateway';
import {
  FAKE_EXPEDITED_CENTS,
  FakeCheckoutGateway,
} from '../../../adapters/fake/checkout/fake-checkout-gateway';
import { summarizeCart } from '../../../core/cart/summary';
import {
  CheckoutFieldsError,
  PaymentDeclinedError,
  TotalChangedError,
  type CardDetails,
  type CheckoutAddress,
} from '../../../core/checkout/checkout';
import {
  FREE_SHIPPING_FROM_CENTS,
  STANDARD_SHIPPING_CENTS,
} from '../../../core/cart/engine/pricing';
import { authoriseCard } from '../../../server/checkout/card-sandbox';
import { EXPEDITED_CENTS } from '../../../core/cart/engine/pricing';
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
  it('uses the server’s figures', () => {
    expect(FAKE_SHIPPING_CENTS).toBe(STANDARD_SHIPPING_CENTS);
    expect(FAKE_FREE_SHIPPING_FROM_CENTS).toBe(FREE_SHIPPING_FROM_CENTS);
    expect(FAKE_EXPEDITED_CENTS).toBe(EXPEDITED_CENTS);
  });

  it('quotes standard at the price the cart showed, under the free-shipping threshold', async () => {
    const { cart, quote } = await quoteFor([['K-1000-BL', 1]]);
    expect(summarizeCart(cart).cents.subtotalWithDiscount).toBeLessThan(
      FAKE_FREE_SHIPPING_FROM_CENTS,
    );
    expect(cart.shippingCost).toBe(FAKE_SHIPPING_CENTS);
    expect(centsOf(quote)).toEqual({
      standard: cart.shippingCost,
      expedited: FAKE_EXPEDITED_CENTS,
    });
    expect(quote.freeShippingThresholdCents).toBe(FAKE_FREE_SHIPPING_FROM_CENTS);
    expect(quote.cart.shippingCost).toBe(cart.shippingCost);
  });

  it('ships standard free from the threshold, as the cart does, but never expedited', async () => {
    const { cart, checkout, quote } = await quoteFor([['K-2000-CP', 3]]);
    expect(summarizeCart(cart).cents.subtotalWithDiscount).toBeGreaterThanOrEqual(
      FAKE_FREE_SHIPPING_FROM_CENTS,
    );
    expect(cart.shippingCost).toBe(0);
    expect(centsOf(quote)).toEqual({ standard: 0, expedited: FAKE_EXPEDITED_CENTS });
    const expedited = await checkout.assignShipping(quote.cart.id, quote.cart.version, 'expedited');
    expect(expedited.shippingCost).toBe(FAKE_EXPEDITED_CENTS);
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
    expect(summarizeCart(expedited).cents.estimatedShipping).toBe(FAKE_EXPEDITED_CENTS);
    expect(summarizeCart(expedited).cents.totalPromotions).toBe(0);
    // The cart page reads the same cart: the choice is the cart's, not the checkout's.
    const read = await system.engine.getCart(expedited.id);
    expect(read).toEqual(expedited);
    const again = await checkout.shippingCost(read.id, read.version, ADDRESS);
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
    expect(order.totals.shipping).toBe(FAKE_EXPEDITED_CENTS);
    expect(order.totals.total).toBe(summarizeCart(paid).cents.estimatedTotal);
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
