/**
 * The checkout view model's configured parts: the card types the configuration lists decide which
 * cards are taken, and a sales associate sees that the order is recorded as ISC.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeCheckoutGateway } from '../../../adapters/fake/checkout/fake-checkout-gateway';
import { ApplyForFinance } from '../../../core/checkout/apply-for-finance';
import { PlaceOrder } from '../../../core/checkout/place-order';
import { CheckoutView } from '../../../ui/checkout/checkout-view';
import { CheckoutViewModel } from '../../../ui/checkout/checkout-view-model';
import { makeCartSystem, NOW } from '../cart/harness';

afterEach(cleanup);

const makeVm = async ({
  cardTypes,
  associate = false,
}: {
  cardTypes: readonly string[];
  associate?: boolean;
}) => {
  const system = makeCartSystem();
  const cart = await system.seed([['K-1000-BL', 1]]);
  const gateway = new FakeCheckoutGateway(system.engine, system.clock, 'http://shop.test');
  const vm = new CheckoutViewModel({
    cart: { cart, load: async () => undefined },
    store: system.store,
    gateway,
    placeOrder: new PlaceOrder(gateway),
    applyForFinance: new ApplyForFinance(gateway),
    now: () => NOW,
    redirect: () => undefined,
    newKey: () => 'key-1',
    origin: 'http://shop.test',
    cardTypes: () => cardTypes,
    isAssociate: () => associate,
  });
  return { vm, gateway };
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
