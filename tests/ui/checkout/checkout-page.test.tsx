/**
 * The checkout and confirmation screens over the in-tab cart and checkout sandboxes: a guest pays
 * by card and sees the order number; a declined card keeps the form; a double click makes one
 * order; PayPal and finance returns pick their payment. Placed orders are read back the way the
 * demo does: from a FakeOrdersGateway the fake checkout tells of each order.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TYPES } from '../../../adapters/di/types';
import { FakeCheckoutGateway } from '../../../adapters/fake/checkout/fake-checkout-gateway';
import { EXPEDITED_CENTS } from '../../../core/cart/engine/pricing';
import { FakeOrdersGateway } from '../../../adapters/fake/orders/fake-orders-gateway';
import { cartRef } from '../../../core/cart/cart';
import { CheckoutFieldsError, type CheckoutAddress } from '../../../core/checkout/checkout';
import type { Order } from '../../../core/orders/order';
import { orderNumberFromBytes } from '../../../core/orders/order-number';
import CheckoutPage from '../../../ui/pages/checkout-page';
import OrderConfirmationPage from '../../../ui/pages/order-confirmation-page';
import { makeCartSystem, renderCart, type CartSystem } from '../cart/harness';

afterEach(cleanup);

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

/**
 * The fake checkout's random source made predictable, so the tests can name the numbers it hands
 * out: the n-th order's bytes are all n (`LV-1111111111`, then `LV-2222222222`).
 */
const predictable = () => {
  let n = 0;
  return (length: number) => new Uint8Array(length).fill((n += 1));
};
const FIRST = orderNumberFromBytes(new Uint8Array(10).fill(1));
const SECOND = orderNumberFromBytes(new Uint8Array(10).fill(2));

const setup = async (lines: readonly [string, number][] = [['K-1000-BL', 1]]) => {
  const system = makeCartSystem();
  const cart = await system.seed(lines);
  system.store.save(cartRef(cart));
  const orders = new FakeOrdersGateway(() => 'guest');
  const checkout = new FakeCheckoutGateway(
    system.engine,
    system.clock,
    'http://shop.test',
    (o) => orders.add(o),
    undefined,
    null,
    predictable(),
  );
  return { system, cart, checkout, orders };
};

const show = (
  system: CartSystem,
  checkout: FakeCheckoutGateway,
  orders: FakeOrdersGateway,
  url = '/en/checkout',
) =>
  renderCart({
    system,
    url,
    routes: [
      { path: '/en/checkout', Component: CheckoutPage },
      { path: '/en/order-confirmation', Component: OrderConfirmationPage },
    ],
    bind: (c) => {
      c.bind(TYPES.Clock).toConstantValue(system.clock);
      c.bind(TYPES.CheckoutGateway).toConstantValue(checkout);
      c.bind(TYPES.FinanceGateway).toConstantValue(checkout);
      c.bind(TYPES.OrdersGateway).toConstantValue(orders);
    },
  });

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const fillAddress = () => {
  type('First name', ADDRESS.firstName);
  type('Last name', ADDRESS.lastName);
  type('Email', ADDRESS.email);
  type('Mobile phone', ADDRESS.mobile);
  type('Street address', ADDRESS.streetName);
  type('City', ADDRESS.city);
  type('State or province', ADDRESS.state);
  type('Postal code', ADDRESS.postalCode);
};

/** The amount the summary's Tax row shows. */
const taxCell = (summary: HTMLElement): string => {
  const term = [...summary.querySelectorAll('dt')].find((dt) => dt.textContent === 'Tax');
  return term?.nextElementSibling?.textContent ?? '';
};

const fillCard = (number: string) => {
  type('Name on card', 'Ada Lovelace');
  type('Card number', number);
  type('Expiry month', '12');
  type('Expiry year', '2028');
  type('Security code', '123');
};

const valueOf = (el: HTMLElement): string => (el as HTMLInputElement).value;

/** The amount the review shows after "Total to pay" (or "Estimated total"), in cents. */
const reviewTotalCents = (): { label: string; cents: number } => {
  const review = screen.getByRole('region', { name: /Review/ });
  const amount = review.querySelector('#checkout-total');
  const label = amount?.previousElementSibling?.textContent ?? '';
  return {
    label,
    cents: Math.round(Number((amount?.textContent ?? '').replace(/[^0-9.]/g, '')) * 100),
  };
};

/**
 * "Place order" on an address never sent with "Continue to shipping": the first press assigns it,
 * shows the total to pay (said and focused) and places nothing; the second press places the order
 * at that total. Returns the total the shopper was shown when placing.
 */
const placeConfirmingTotal = async (): Promise<number> => {
  expect(reviewTotalCents().label).toBe('Estimated total');
  fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
  const check = await screen.findByText(/^Your total to pay is/);
  await waitFor(() => expect(document.activeElement).toBe(check));
  const shown = reviewTotalCents();
  expect(shown.label).toBe('Total to pay');
  expect(check.textContent).toContain(
    `$${(shown.cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
  return shown.cents;
};

const location = () => screen.getByTestId('location').textContent ?? '';

describe('checkout', () => {
  it('takes a guest from the form to a confirmation showing the order number', async () => {
    const { system, checkout, orders } = await setup();
    const read = vi.spyOn(orders, 'getOrder');
    show(system, checkout, orders);
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    fillAddress();
    fillCard('4111 1111 1111 1111');
    const shown = await placeConfirmingTotal();
    await waitFor(() => expect(location()).toBe(`/en/order-confirmation?id=${FIRST}`));
    expect(screen.getByTestId('order-number').textContent).toBe(FIRST);
    // Checkout handed the order over: the confirmation shows it without reading it back.
    expect(read).not.toHaveBeenCalled();
    const order = await orders.getOrder(FIRST);
    // Charged what was shown when placing: New York's tax and the delivery included.
    expect(order?.totals.total).toBe(shown);
    expect(order?.totals.tax).toBeGreaterThan(0);
    expect(order?.payment).toEqual({ method: 'card', brand: 'visa', last4: '1111' });
    expect(order?.email).toBe('ada@example.com');
    // The ordered cart is gone from the shopper's pointer.
    expect(system.store.load()).toBeNull();
  });

  it('records the placed order in the demo order history', async () => {
    const system = makeCartSystem();
    const cart = await system.seed([['K-1000-BL', 2]]);
    system.store.save(cartRef(cart));
    const history = new FakeOrdersGateway(() => 'guest');
    const checkout = new FakeCheckoutGateway(
      system.engine,
      system.clock,
      'http://shop.test',
      (o) => history.add(o, 'guest'),
      undefined,
      null,
      predictable(),
    );
    show(system, checkout, history);
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    fillAddress();
    fillCard('4111 1111 1111 1111');
    await placeConfirmingTotal();
    await waitFor(() => expect(location()).toMatch(/^\/en\/order-confirmation/));
    const open = await history.listOrders('open');
    expect(open.map((o) => o.orderNumber)).toEqual([FIRST]);
    expect(open[0]?.lineItems.map((l) => [l.sku, l.quantity])).toEqual([['K-1000-BL', 2]]);
    expect(await history.findMyOrders({ email: ADDRESS.email, orderNumber: FIRST })).toHaveLength(
      1,
    );
  });

  it('lists shipping methods for the address and assigns the chosen one', async () => {
    const { system, checkout, orders } = await setup();
    show(system, checkout, orders);
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    fillAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to shipping' }));
    const expedited = await screen.findByRole('radio', { name: /Expedited/ });
    const spy = vi.spyOn(checkout, 'assignShipping');
    fireEvent.click(expedited);
    await waitFor(() =>
      expect(spy).toHaveBeenCalledWith(expect.any(String), expect.any(Number), 'expedited'),
    );
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: /Expedited/ }) as HTMLInputElement).checked).toBe(
        true,
      ),
    );
  });

  it('says tax is calculated after the address until it is assigned, then shows it', async () => {
    const { system, checkout, orders } = await setup();
    show(system, checkout, orders);
    const summary = await screen.findByRole('complementary', { name: 'Order summary' });
    const taxOf = () => taxCell(summary);
    await waitFor(() => expect(taxOf()).toBe('Calculated after address'));
    fillAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to shipping' }));
    await screen.findByRole('radio', { name: /Expedited/ });
    // New York, 4%: $4.00 on the $100.00 faucet.
    await waitFor(() => expect(taxOf()).toBe('$4.00'));
  });

  it('says, in a live region, that choosing expedited took FREESHIP off and why', async () => {
    const { system, cart, checkout, orders } = await setup();
    const withCode = await system.engine.applyDiscount(cart.id, cart.version, 'FREESHIP');
    system.store.save(cartRef(withCode));
    show(system, checkout, orders);
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    fillAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to shipping' }));
    fireEvent.click(await screen.findByRole('radio', { name: /Expedited/ }));
    const said =
      'FREESHIP was removed from your order: it takes off standard shipping only, and you chose expedited shipping. To use it, choose standard shipping and apply it again in your cart.';
    const notice = await screen.findByText(said);
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.getAttribute('aria-live')).toBe('polite');
    const after = await system.engine.getCart(cart.id);
    expect(after.discountCodes).toEqual([]);
    // Back to standard: nothing more is taken off, and the notice is not said again.
    fireEvent.click(screen.getByRole('radio', { name: /Standard/ }));
    await waitFor(() => expect(screen.queryByText(said)).toBeNull());
  });

  it('shows the decline, keeps what was typed and places no order', async () => {
    const { system, checkout, orders } = await setup();
    show(system, checkout, orders);
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    fillAddress();
    fillCard('4000 0000 0000 0002');
    await placeConfirmingTotal();
    expect((await screen.findByRole('alert')).textContent).toMatch(/declined/i);
    expect(valueOf(screen.getByLabelText('Card number'))).toBe('4000 0000 0000 0002');
    expect(valueOf(screen.getByLabelText('Email'))).toBe(ADDRESS.email);
    expect(location()).toBe('/en/checkout');
    expect(await orders.getOrder(FIRST)).toBeNull();
    // Fixing the card then places the order.
    type('Card number', '4111111111111111');
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(location()).toBe(`/en/order-confirmation?id=${FIRST}`));
  });

  it('names the fields to fix and sends nothing while the form is incomplete', async () => {
    const { system, checkout, orders } = await setup();
    const spy = vi.spyOn(checkout, 'authorizePayment');
    show(system, checkout, orders);
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    type('Card number', '1234');
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/highlighted/);
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(valueOf(screen.getByLabelText('Card number'))).toBe('1234');
    expect(spy).not.toHaveBeenCalled();
  });

  it('sums up the fields to fix at the top, each a link to its field', async () => {
    const { system, checkout, orders } = await setup();
    show(system, checkout, orders);
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    type('Email', 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    const alert = await screen.findByRole('alert');
    const links = [...alert.querySelectorAll('a')];
    const email = links.find((a) => a.textContent?.startsWith('Email:'));
    expect(email?.getAttribute('href')).toBe('#checkout-email');
    expect(document.getElementById('checkout-email')).toBe(screen.getByLabelText('Email'));
    const card = links.find((a) => a.textContent?.startsWith('Card number:'));
    expect(document.querySelector(card?.getAttribute('href') ?? '#none')).toBe(
      screen.getByLabelText('Card number'),
    );
    expect(links.some((a) => a.textContent?.startsWith('Street address:'))).toBe(true);
    // The summary takes focus so it is seen; its links move focus to their field.
    expect(document.activeElement).toBe(alert);
    if (email !== undefined) fireEvent.click(email);
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('says which cards the shop takes', async () => {
    const { system, checkout, orders } = await setup();
    show(system, checkout, orders);
    expect(
      await screen.findByText('We accept Visa, Mastercard, American Express and Discover.'),
    ).toBeTruthy();
    type('Card number', '5500 0000 0000 0004');
    expect(screen.getByText('Card type: Mastercard')).toBeTruthy();
  });

  it('tells the shopper when the order will ship in parts', async () => {
    const { system, cart, checkout, orders } = await setup();
    const line = cart.lineItems[0]?.id ?? '';
    vi.spyOn(checkout, 'splitCheck').mockResolvedValue({
      split: true,
      shipments: [
        { source: 'warehouse', lineItemIds: [line] },
        { source: 'drop-ship', lineItemIds: ['other'] },
      ],
    });
    show(system, checkout, orders);
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    expect(screen.queryByText(/arrive in 2 parts/)).toBeNull();
    fillAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to shipping' }));
    expect((await screen.findByText(/arrive in 2 parts/)).textContent).toContain(
      '1 item from our warehouse and 1 item direct from the maker',
    );
  });

  it('shows no split notice for an order that ships as one', async () => {
    const { system, checkout, orders } = await setup();
    const split = vi.spyOn(checkout, 'splitCheck');
    show(system, checkout, orders);
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    fillAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to shipping' }));
    await screen.findByRole('radio', { name: /Standard/ });
    await waitFor(() => expect(split).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/arrive in \d+ parts/)).toBeNull();
  });

  it('makes one order of a double click', async () => {
    const { system, checkout, orders } = await setup();
    const submit = vi.spyOn(checkout, 'submitOrder');
    show(system, checkout, orders);
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    fillAddress();
    fillCard('4111111111111111');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to shipping' }));
    await screen.findByRole('radio', { name: /Standard/ });
    expect(reviewTotalCents().label).toBe('Total to pay');
    const button = screen.getByRole('button', { name: 'Place order' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(location()).toMatch(/^\/en\/order-confirmation/));
    expect(submit).toHaveBeenCalledTimes(1);
    expect(await orders.getOrder(SECOND)).toBeNull();
  });

  it('shows the new total and asks again when the cart changed after the total was shown', async () => {
    const { system, checkout, orders } = await setup([['K-1000-BL', 1]]);
    const submit = vi.spyOn(checkout, 'submitOrder');
    show(system, checkout, orders);
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    fillAddress();
    fillCard('4111111111111111');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to shipping' }));
    await screen.findByRole('radio', { name: /Standard/ });
    const before = reviewTotalCents();
    expect(before.label).toBe('Total to pay');
    // Another tab adds a second unit: the version and the total the shopper saw are gone.
    const current = await system.engine.getCart(system.store.load()?.cartId ?? '');
    const line = current.lineItems[0]?.id ?? '';
    await system.engine.updateCart(current.id, current.version, [
      { action: 'changeLineItemQuantity', lineItemId: line, quantity: 2 },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    const check = await screen.findByText(/^Your total to pay is/);
    await waitFor(() => expect(document.activeElement).toBe(check));
    const after = reviewTotalCents();
    expect(after.cents).toBeGreaterThan(before.cents);
    expect(await orders.getOrder(FIRST)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(location()).toBe(`/en/order-confirmation?id=${FIRST}`));
    expect((await orders.getOrder(FIRST))?.totals.total).toBe(after.cents);
    // Every submit carried the total shown for its version; only the confirmed one went through.
    expect(submit.mock.calls.at(-1)?.[0].totalCents).toBe(after.cents);
  });

  it('pays with PayPal on the return from the approval page, address filled from the cart', async () => {
    const { system, cart, checkout, orders } = await setup();
    const quoted = await checkout.shippingCost(cart.id, cart.version, ADDRESS);
    system.store.save(cartRef(quoted.cart));
    const { token } = await checkout.paypalToken(cart.id);
    show(system, checkout, orders, `/en/checkout?paypal=approved&token=${token}`);
    await screen.findByText(/PayPal approved/);
    await waitFor(() => expect(valueOf(screen.getByLabelText('Email'))).toBe(ADDRESS.email));
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(location()).toMatch(/^\/en\/order-confirmation\?id=LV-/));
    expect((await orders.getOrder(FIRST))?.payment.method).toBe('paypal');
  });

  it('keeps the shipping method chosen before PayPal when the shopper comes back', async () => {
    const { system, cart, checkout, orders } = await setup();
    const quoted = await checkout.shippingCost(cart.id, cart.version, ADDRESS);
    const assigned = await checkout.assignShipping(
      quoted.cart.id,
      quoted.cart.version,
      'expedited',
    );
    system.store.save(cartRef(assigned));
    const { token } = await checkout.paypalToken(cart.id);
    const assign = vi.spyOn(checkout, 'assignShipping');
    show(system, checkout, orders, `/en/checkout?paypal=approved&token=${token}`);
    await screen.findByText(/PayPal approved/);
    await waitFor(() => expect(valueOf(screen.getByLabelText('Email'))).toBe(ADDRESS.email));
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(location()).toMatch(/^\/en\/order-confirmation\?id=LV-/));
    // The cart came back holding the address and the method: its total is the total to pay as it
    // stands, so nothing is assigned again.
    expect(assign).not.toHaveBeenCalled();
    expect((await orders.getOrder(FIRST))?.totals.shipping).toBe(EXPEDITED_CENTS);
  });

  it('asks for PayPal again when the approval no longer covers the cart', async () => {
    const { system, cart, checkout, orders } = await setup();
    const quoted = await checkout.shippingCost(cart.id, cart.version, ADDRESS);
    system.store.save(cartRef(quoted.cart));
    const { token } = await checkout.paypalToken(cart.id);
    vi.spyOn(checkout, 'authorizePayment').mockRejectedValue(
      new CheckoutFieldsError(['paypalToken'], 'paypalToken: the cart changed'),
    );
    show(system, checkout, orders, `/en/checkout?paypal=approved&token=${token}`);
    await screen.findByText(/PayPal approved/);
    await waitFor(() => expect(valueOf(screen.getByLabelText('Email'))).toBe(ADDRESS.email));
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/continue with PayPal again/);
    expect(screen.getByRole('button', { name: 'Continue with PayPal' })).toBeTruthy();
    expect(screen.queryByText(/PayPal approved/)).toBeNull();
    expect(location()).toBe(`/en/checkout?paypal=approved&token=${token}`);
  });

  it('says a declined finance application plainly and completes an approved one', async () => {
    const { system, cart, checkout, orders } = await setup([['K-2000-CP', 3]]);
    const quoted = await checkout.shippingCost(cart.id, cart.version, ADDRESS);
    system.store.save(cartRef(quoted.cart));
    const declined = show(system, checkout, orders, '/en/checkout?paydiv=failure');
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /finance application was declined/,
    );
    declined.unmount();

    const created = await checkout.createApplication({
      finance_plan_id: 'LAVABO-12M',
      deposit_percentage: 10,
      applicants: [],
      order_items: [{ name: 'Item', quantity: 3, price: 20_000 }],
      urls: {
        merchant_redirect_url: 'http://shop.test',
        merchant_checkout_url: 'http://shop.test',
      },
      metadata: {
        cartId: cart.id,
        version: cart.version,
        paymentSource: 'finance',
        planOption: '12 months',
      },
    });
    const application = new URL(created.applicationUrl ?? '').searchParams.get('application');
    show(system, checkout, orders, `/en/checkout?paydiv=success&application=${application ?? ''}`);
    await screen.findByText(/finance application was approved/);
    await waitFor(() => expect(valueOf(screen.getByLabelText('Email'))).toBe(ADDRESS.email));
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(location()).toMatch(/^\/en\/order-confirmation\?id=LV-/));
    expect((await orders.getOrder(FIRST))?.payment.method).toBe('finance');
  });

  it('starts a finance application and sends the shopper to the provider', async () => {
    const { system, checkout, orders } = await setup([['K-2000-CP', 3]]);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: 'http://shop.test' });
    try {
      show(system, checkout, orders);
      await screen.findByRole('heading', { level: 1, name: 'Checkout' });
      fillAddress();
      fireEvent.click(screen.getByRole('tab', { name: 'Finance' }));
      expect(screen.getByText(/over 12 months/)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Apply for finance' }));
      await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
      expect(String(assign.mock.calls[0]?.[0])).toMatch(/paydiv=success&application=FA-/);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('offers no finance below $350', async () => {
    const { system, checkout, orders } = await setup([['K-1000-BL', 1]]);
    show(system, checkout, orders);
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    fireEvent.click(screen.getByRole('tab', { name: 'Finance' }));
    expect(screen.getByText(/available for orders from \$350/)).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Apply for finance' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});

describe('order confirmation', () => {
  it('reads the order back on a reload and says so when it is not the shopper’s', async () => {
    const { system, checkout, orders } = await setup();
    vi.spyOn(orders, 'getOrder').mockImplementation(async (n) =>
      n === 'LV-1'
        ? {
            orderNumber: 'LV-1',
            status: 'Open',
            orderType: 'WEB',
            createdAt: '2026-01-15T00:00:00.000Z',
            email: 'a@b.co',
            shippingAddress: { ...ADDRESS },
            lineItems: [],
            totals: { subtotal: 0, discount: 0, shipping: 0, tax: 0, total: 0 },
            payment: { method: 'card' },
          }
        : null,
    );
    const first = show(system, checkout, orders, '/en/order-confirmation?id=LV-1');
    expect((await screen.findByTestId('order-number')).textContent).toBe('LV-1');
    first.unmount();
    show(system, checkout, orders, '/en/order-confirmation?id=LV-999');
    expect(await screen.findByText('We could not find that order.')).toBeTruthy();
    expect(screen.queryByText('LV-999')).toBeNull();
  });

  it('reads a guest’s own order back after a reload', async () => {
    const { system, checkout, orders } = await setup();
    const placing = show(system, checkout, orders);
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    fillAddress();
    fillCard('4111 1111 1111 1111');
    await placeConfirmingTotal();
    await waitFor(() => expect(location()).toBe(`/en/order-confirmation?id=${FIRST}`));
    placing.unmount();
    const read = vi.spyOn(orders, 'getOrder');
    show(system, checkout, orders, `/en/order-confirmation?id=${FIRST}`);
    expect((await screen.findByTestId('order-number')).textContent).toBe(FIRST);
    expect(read).toHaveBeenCalledWith(FIRST);
    expect(screen.getByText(`We have sent a confirmation to ${ADDRESS.email}.`)).toBeTruthy();
  });

  it('says a failed read is a failure, not a missing order, and reads again on retry', async () => {
    const { system, checkout, orders } = await setup();
    const order: Order = {
      orderNumber: 'LV-7',
      status: 'Open',
      orderType: 'WEB',
      createdAt: '2026-01-15T00:00:00.000Z',
      email: 'a@b.co',
      shippingAddress: { ...ADDRESS },
      lineItems: [],
      totals: { subtotal: 0, discount: 0, shipping: 0, tax: 0, total: 0 },
      payment: { method: 'card' },
    };
    orders.add(order);
    const read = vi.spyOn(orders, 'getOrder').mockRejectedValueOnce(new Error('offline'));
    show(system, checkout, orders, '/en/order-confirmation?id=LV-7');
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not load your order/);
    expect(screen.queryByText('We could not find that order.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('order-number')).textContent).toBe('LV-7');
    expect(read).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for nothing without an order number', async () => {
    const { system, checkout, orders } = await setup();
    const spy = vi.spyOn(orders, 'getOrder');
    show(system, checkout, orders, '/en/order-confirmation');
    expect(await screen.findByText('We could not find that order.')).toBeTruthy();
    expect(spy).not.toHaveBeenCalled();
  });
});
