/**
 * The checkout view model's configured parts: the card types the configuration lists decide which
 * cards are taken, and a sales associate sees that the order is recorded as ISC.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeCheckoutGateway } from '../../../adapters/fake/checkout/fake-checkout-gateway';
import {
  createCheckoutUseCases,
  type CheckoutPorts,
} from '../../../core/checkout/checkout-use-cases';
import { CheckoutView } from '../../../ui/checkout/checkout-view';
import type { Address } from '../../../core/account/addresses';
import type { Profile } from '../../../core/account/profile';
import {
  CheckoutViewModel,
  NEW_ADDRESS,
  type CheckoutDeps,
} from '../../../ui/checkout/checkout-view-model';
import { makeCartSystem, NOW } from '../cart/harness';

afterEach(cleanup);

const makeVm = async ({
  cardTypes,
  associate = false,
  customerEmail = null,
  addressBook,
}: {
  cardTypes: readonly string[];
  associate?: boolean;
  customerEmail?: string | null;
  addressBook?: CheckoutPorts['addressBook'];
}) => {
  const system = makeCartSystem();
  const cart = await system.seed([['K-1000-BL', 1]]);
  const gateway = new FakeCheckoutGateway(system.engine, system.clock, 'http://shop.test');
  const deps: CheckoutDeps = {
    cart: { cart, firstLoad: false, status: 'succeeded', load: async () => undefined },
    store: system.store,
    useCases: createCheckoutUseCases({ gateway, finance: gateway, addressBook }),
    now: () => NOW,
    redirect: () => undefined,
    newKey: () => 'key-1',
    origin: 'http://shop.test',
    cardTypes: () => cardTypes,
    isAssociate: () => associate,
    customerEmail: () => customerEmail,
  };
  const vm = new CheckoutViewModel(deps);
  return { vm, gateway, deps };
};

const MASTERCARD = '5500 0000 0000 0004';

describe('card types from the configuration', () => {
  it('refuses a valid card of a brand the configuration does not list, naming the ones it does', async () => {
    const { vm, gateway } = await makeVm({ cardTypes: ['Visa', 'Discover'] });
    const pay = vi.spyOn(gateway, 'authorizePayment');
    vm.setCardField('number', MASTERCARD);
    expect(vm.cardBrand).toBeNull();
    expect(vm.acceptedCardsText).toBe('We accept Visa and Discover.');
    expect(await vm.place()).toBeNull();
    expect(vm.cardErrors.number).toBe('We accept Visa and Discover');
    expect(pay).not.toHaveBeenCalled();
  });

  it('takes the same card once its brand is listed', async () => {
    const { vm } = await makeVm({ cardTypes: ['Visa', 'Mastercard'] });
    vm.setCardField('number', MASTERCARD);
    expect(vm.cardBrand).toBe('Mastercard');
    await vm.place();
    expect(vm.cardErrors.number).toBeUndefined();
  });

  it('says so when the configuration lists no card the shop knows', async () => {
    const { vm } = await makeVm({ cardTypes: ['Diners Club'] });
    expect(vm.acceptedCardsText).toMatch(/not available/);
  });
});

describe('orders entered by a sales associate', () => {
  const renderView = (vm: CheckoutViewModel) =>
    render(
      <MemoryRouter>
        <CheckoutView vm={vm} now={NOW} onPlaced={() => undefined} />
      </MemoryRouter>,
    );

  it('tells the associate the order is recorded as ISC', async () => {
    const { vm } = await makeVm({ cardTypes: ['Visa'], associate: true });
    renderView(vm);
    expect(screen.getByRole('note').textContent).toMatch(/sales associate.*\(ISC\)/);
  });

  it('shows shoppers no associate notice', async () => {
    const { vm } = await makeVm({ cardTypes: ['Visa'] });
    renderView(vm);
    expect(screen.queryByText(/sales associate/)).toBeNull();
  });
});

describe('saved addresses at checkout', () => {
  const HOME: Address = {
    id: 'a-home',
    firstName: 'Harriet',
    lastName: 'Holm',
    mobile: '2125550100',
    streetName: '1 Main St',
    city: 'New York',
    state: 'NY',
    postalCode: '10001',
    country: 'US',
  };
  const WORK: Address = {
    id: 'a-work',
    streetName: '200 Office Park',
    addressLine2: 'Suite 4',
    city: 'Austin',
    state: 'TX',
    postalCode: '73301',
    country: 'US',
  };
  const ABROAD: Address = { id: 'a-uk', streetName: '1 High St', city: 'Leeds', country: 'GB' };
  const profile: Profile = {
    version: 7,
    firstName: 'Harriet',
    lastName: 'Holm',
    addresses: [WORK, HOME, ABROAD],
    defaultShippingAddressId: HOME.id,
  };
  const book = () => ({
    profile: vi.fn(async () => profile),
    apply: vi.fn(async () => ({ version: 8, addresses: [] as Address[] })),
  });
  const EMAIL = 'homeowner@lavabo.test';
  const card = (vm: CheckoutViewModel) => {
    vm.setCardField('holderName', 'Harriet Holm');
    vm.setCardField('number', '4111111111111111');
    vm.setCardField('expiryMonth', '12');
    vm.setCardField('expiryYear', '2030');
    vm.setCardField('securityCode', '123');
  };

  it('fills the form from the default, lists the ones checkout ships to, and keeps a guest out', async () => {
    const addressBook = book();
    const { vm } = await makeVm({ cardTypes: ['Visa'], customerEmail: EMAIL, addressBook });
    await vm.loadSavedAddresses();
    expect(vm.savedAddresses.map((a) => a.id)).toEqual([HOME.id, WORK.id]);
    expect(vm.savedChoice).toBe(HOME.id);
    expect(vm.address).toMatchObject({
      firstName: 'Harriet',
      email: EMAIL,
      streetName: '1 Main St',
      postalCode: '10001',
      mobile: '2125550100',
    });

    const guestBook = book();
    const guest = await makeVm({ cardTypes: ['Visa'], addressBook: guestBook });
    await guest.vm.loadSavedAddresses();
    expect(guestBook.profile).not.toHaveBeenCalled();
    expect(guest.vm.savedAddresses).toEqual([]);
  });

  it('assigns the pre-selected saved address, so the total to pay shows before any press', async () => {
    const { vm, gateway } = await makeVm({
      cardTypes: ['Visa'],
      customerEmail: EMAIL,
      addressBook: book(),
    });
    const estimated = vm.totalCents;
    expect(vm.totalToPayCents).toBeNull();
    const submit = vi.spyOn(gateway, 'submitOrder');
    await vm.loadSavedAddresses();
    // New York's tax is in it: the total the shopper was charged without seeing it.
    expect(vm.totalToPayCents).toBe(vm.quote?.totalCents);
    expect(vm.totalToPayCents).toBeGreaterThan(estimated);
    expect(vm.deliveryLabel).toBe('Standard shipping');
    card(vm);
    const shown = vm.totalToPayCents;
    const order = await vm.place();
    expect(order?.totals.total).toBe(shown);
    expect(submit.mock.calls[0]?.[0].totalCents).toBe(shown);
  });

  it('assigns the saved address once the cart arrives when the profile answered first', async () => {
    const { vm, deps } = await makeVm({
      cardTypes: ['Visa'],
      customerEmail: EMAIL,
      addressBook: book(),
    });
    const loaded = deps.cart.cart;
    const app = { ...deps.cart, cart: null as typeof loaded, firstLoad: true };
    const late = new CheckoutViewModel({ ...deps, cart: app });
    await late.loadSavedAddresses();
    expect(late.savedChoice).toBe(HOME.id);
    expect(late.quote).toBeNull();
    app.cart = loaded;
    app.firstLoad = false;
    late.fillFromCart();
    await waitFor(() => expect(late.totalToPayCents).not.toBeNull());
    expect(late.deliveryLabel).toBe('Standard shipping');
    expect(vm.totalToPayCents).toBeNull();
  });

  it('switches between saved addresses and a new one, keeping the contact details', async () => {
    const { vm } = await makeVm({ cardTypes: ['Visa'], customerEmail: EMAIL, addressBook: book() });
    await vm.loadSavedAddresses();
    vm.chooseSavedAddress(WORK.id);
    expect(vm.address).toMatchObject({
      firstName: 'Harriet',
      streetName: '200 Office Park',
      addressLine2: 'Suite 4',
      city: 'Austin',
    });
    expect(vm.canSaveAddress).toBe(false);
    vm.chooseSavedAddress(NEW_ADDRESS);
    expect(vm.address).toMatchObject({ firstName: 'Harriet', email: EMAIL, streetName: '' });
    expect(vm.canSaveAddress).toBe(true);
    vm.chooseSavedAddress(HOME.id);
    vm.setAddressField('streetName', '2 Main St');
    expect(vm.savedChoice).toBe(NEW_ADDRESS);
  });

  it('saves a new address to the account after the order, only when asked', async () => {
    const addressBook = book();
    const { vm } = await makeVm({ cardTypes: ['Visa'], customerEmail: EMAIL, addressBook });
    await vm.loadSavedAddresses();
    vm.chooseSavedAddress(NEW_ADDRESS);
    vm.setAddressField('streetName', '9 Elm St');
    vm.setAddressField('city', 'Boston');
    vm.setAddressField('state', 'MA');
    vm.setAddressField('postalCode', '02108');
    card(vm);
    // The new address is not on the cart yet: the first press shows the total to pay for it.
    expect(await vm.place()).toBeNull();
    expect(vm.totalCheck).toMatch(/^Your total to pay is \$/);
    expect(addressBook.apply).not.toHaveBeenCalled();
    const order = await vm.place();
    expect(order).not.toBeNull();
    expect(order?.totals.total).toBe(vm.quote?.totalCents);
    // The order carries the cart's currency, as the server's do.
    expect(order?.currency).toBe(vm.currency);
    expect(addressBook.apply).toHaveBeenCalledTimes(1);
    const [version, actions] = addressBook.apply.mock.calls[0] as unknown as [
      number,
      { action: string; address?: { streetName?: string; city?: string } }[],
    ];
    expect(version).toBe(7);
    expect(actions.map((a) => a.action)).toEqual(['addAddress']);
    expect(actions[0]?.address).toMatchObject({ streetName: '9 Elm St', city: 'Boston' });
  });

  it('saves nothing when the shopper unticks it or ships to a saved address', async () => {
    for (const pick of ['untick', 'saved'] as const) {
      const addressBook = book();
      const { vm } = await makeVm({ cardTypes: ['Visa'], customerEmail: EMAIL, addressBook });
      await vm.loadSavedAddresses();
      if (pick === 'untick') {
        vm.setAddressField('streetName', '9 Elm St');
        vm.setSaveAddress(false);
      }
      card(vm);
      // The saved address was assigned as it filled the form; a typed one is confirmed first.
      if (pick === 'untick') expect(await vm.place()).toBeNull();
      expect(await vm.place()).not.toBeNull();
      expect(addressBook.apply).not.toHaveBeenCalled();
    }
  });

  it('does not replace an address the cart already holds (back from PayPal)', async () => {
    const { vm, gateway, deps } = await makeVm({
      cardTypes: ['Visa'],
      customerEmail: EMAIL,
      addressBook: book(),
    });
    const cart = vm.cart;
    if (cart === null) throw new Error('no cart');
    const quoted = await gateway.shippingCost(cart.id, cart.version, {
      firstName: 'Ada',
      lastName: 'L',
      email: EMAIL,
      mobile: '2125550100',
      streetName: '5 Cart St',
      city: 'New York',
      state: 'NY',
      postalCode: '10001',
      country: 'US',
    });
    // The same cart, now holding its address, as the app's cart after the provider's return.
    const vm2 = new CheckoutViewModel({
      ...deps,
      cart: {
        cart: quoted.cart,
        firstLoad: false,
        status: 'succeeded',
        load: async () => undefined,
      },
    });
    vm2.fillFromCart();
    await vm2.loadSavedAddresses();
    expect(vm2.address.streetName).toBe('5 Cart St');
    expect(vm2.savedAddresses).toHaveLength(2);
  });

  it('renders the saved addresses as radios with a new-address choice and the default marked', async () => {
    const { vm } = await makeVm({ cardTypes: ['Visa'], customerEmail: EMAIL, addressBook: book() });
    await vm.loadSavedAddresses();
    render(
      <MemoryRouter>
        <CheckoutView vm={vm} now={NOW} onPlaced={() => undefined} />
      </MemoryRouter>,
    );
    const group = screen.getByRole('radiogroup', { name: 'Saved addresses' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    expect((radios[0] as HTMLInputElement).checked).toBe(true);
    expect(radios[0]?.closest('label')?.textContent).toMatch(/1 Main St.*Default/);
    fireEvent.click(within(group).getByLabelText('Use a new address'));
    expect((screen.getByLabelText('Street address') as HTMLInputElement).value).toBe('');
    expect(screen.getByLabelText('Save this address to my account')).toBeTruthy();
  });
});

describe('checkout without a cart to show', () => {
  const viewWith = async (cart: CheckoutDeps['cart']) => {
    const { deps } = await makeVm({ cardTypes: ['Visa'] });
    const vm = new CheckoutViewModel({ ...deps, cart });
    render(
      <MemoryRouter>
        <CheckoutView vm={vm} now={NOW} onPlaced={() => undefined} />
      </MemoryRouter>,
    );
  };

  it('says it is loading only until the first read answers', async () => {
    await viewWith({ cart: null, firstLoad: true, status: 'pending', load: async () => undefined });
    expect(screen.getByRole('status').textContent).toBe('Loading your cart…');
  });

  it('says the cart is empty, with a way on, when the shopper has none', async () => {
    await viewWith({
      cart: null,
      firstLoad: false,
      status: 'succeeded',
      load: async () => undefined,
    });
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe(
      '/en',
    );
    expect(screen.queryByText('Loading your cart…')).toBeNull();
  });

  it('offers a retry when the cart could not be read', async () => {
    const load = vi.fn(async () => undefined);
    await viewWith({ cart: null, firstLoad: false, status: 'failed', load });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(/couldn’t load your cart/);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
