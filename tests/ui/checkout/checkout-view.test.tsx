/**
 * The checkout screen's shared parts: the "State or province" select fed by the configuration's
 * regions, amounts in the cart's currency, the payment tabs' keyboard, and the review's address.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeCheckoutGateway } from '../../../adapters/fake/checkout/fake-checkout-gateway';
import type { Cart } from '../../../core/cart/cart';
import { createCheckoutUseCases } from '../../../core/checkout/checkout-use-cases';
import { CA_PROVINCES, REGIONS, US_STATES } from '../../../core/validation/regions';
import { CheckoutView } from '../../../ui/checkout/checkout-view';
import { CheckoutViewModel, type CheckoutDeps } from '../../../ui/checkout/checkout-view-model';
import type { ConfiguredRegion } from '../../../ui/components/region-options';
import { makeCartSystem, NOW } from '../cart/harness';

afterEach(cleanup);

const show = async ({
  regions,
  currency,
}: { regions?: readonly ConfiguredRegion[]; currency?: string } = {}) => {
  const system = makeCartSystem();
  const seeded = await system.seed([['K-1000-BL', 1]]);
  const cart: Cart = currency === undefined ? seeded : { ...seeded, currency };
  const gateway = new FakeCheckoutGateway(system.engine, system.clock, 'http://shop.test');
  const deps: CheckoutDeps = {
    cart: { cart, firstLoad: false, status: 'succeeded', load: async () => undefined },
    store: system.store,
    useCases: createCheckoutUseCases({ gateway, finance: gateway }),
    now: () => NOW,
    redirect: () => undefined,
    newKey: () => 'key-1',
    origin: 'http://shop.test',
    cardTypes: () => ['Visa'],
    isAssociate: () => false,
    customerEmail: () => null,
    ...(regions === undefined ? {} : { regions: () => regions }),
  };
  const vm = new CheckoutViewModel(deps);
  render(
    <MemoryRouter>
      <CheckoutView vm={vm} now={NOW} onPlaced={() => undefined} />
    </MemoryRouter>,
  );
  return vm;
};

const stateField = () => screen.getByLabelText('State or province', { exact: true });
const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('State or province', () => {
  it('is a select of the country’s regions when the configuration lists them', async () => {
    const vm = await show({ regions: REGIONS });
    const select = stateField();
    expect(select.tagName).toBe('SELECT');
    expect(select.getAttribute('autocomplete')).toBe('address-level1');
    expect(optionTexts(select)).toEqual([
      'Select a state or province',
      ...US_STATES.map((r) => r.name),
    ]);
    fireEvent.change(select, { target: { value: 'NY' } });
    expect(vm.address.state).toBe('NY');
    expect((stateField() as HTMLSelectElement).value).toBe('NY');
  });

  it('offers Canada’s provinces for Canada and drops a US state on the way', async () => {
    const vm = await show({ regions: REGIONS });
    fireEvent.change(stateField(), { target: { value: 'NY' } });
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'CA' } });
    expect(vm.address.state).toBe('');
    expect(optionTexts(stateField()).slice(1)).toEqual(CA_PROVINCES.map((r) => r.name));
    fireEvent.change(stateField(), { target: { value: 'ON' } });
    // Ontario is no US state either: back to the US, the shopper picks again.
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'US' } });
    expect(vm.address.state).toBe('');
  });

  it('is typed when the configuration lists no regions (the offline fallback)', async () => {
    const vm = await show();
    const input = stateField();
    expect(input.tagName).toBe('INPUT');
    fireEvent.change(input, { target: { value: 'NY' } });
    expect(vm.address.state).toBe('NY');
  });

  it('keeps a value the list lacks visible rather than silently changing it', async () => {
    const vm = await show({ regions: REGIONS });
    act(() => vm.setAddressField('state', 'Ny'));
    const select = stateField() as HTMLSelectElement;
    expect(select.value).toBe('Ny');
    expect(optionTexts(select).at(-1)).toBe('Ny');
  });
});

describe('amounts in the cart’s currency', () => {
  const total = () =>
    within(screen.getByRole('complementary', { name: 'Order summary' }))
      .getAllByRole('definition')
      .at(-1)?.textContent;

  it('shows a Canadian-dollar cart in CA$, in the summary and the review', async () => {
    await show({ currency: 'CAD' });
    expect(total()).toMatch(/^CA\$\d[\d,]*\.\d{2}$/);
    const review = screen.getByRole('region', { name: /Review/ });
    expect(within(review).getByText(/^CA\$/)).toBeTruthy();
    expect(screen.queryByText(/^\$\d/)).toBeNull();
  });

  it('shows a US-dollar cart in $', async () => {
    await show();
    expect(total()).toMatch(/^\$\d[\d,]*\.\d{2}$/);
  });

  it('states the finance range in the cart’s currency', async () => {
    const vm = await show({ currency: 'CAD' });
    expect(vm.financeEligible).toBe(false);
    fireEvent.click(screen.getByRole('tab', { name: 'Finance' }));
    expect(
      screen.getByText('Finance is available for orders from CA$350 to CA$15,000.'),
    ).toBeTruthy();
    cleanup();
    await show();
    fireEvent.click(screen.getByRole('tab', { name: 'Finance' }));
    expect(screen.getByText('Finance is available for orders from $350 to $15,000.')).toBeTruthy();
  });
});

describe('shipping address', () => {
  it('asks for the country first, before the fields that depend on it', async () => {
    await show();
    const step = screen.getByRole('group', { name: /Shipping address/ });
    const labels = within(step)
      .getAllByRole('combobox')
      .concat(within(step).getAllByRole('textbox'))
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
      .map((el) => el.getAttribute('id'));
    expect(labels.indexOf('checkout-country')).toBe(0);
    expect(labels.indexOf('checkout-country')).toBeLessThan(labels.indexOf('checkout-state'));
    expect(labels.indexOf('checkout-country')).toBeLessThan(labels.indexOf('checkout-postalCode'));
  });
});

describe('payment tabs', () => {
  it('move with the arrows (wrapping), Home and End, selecting as they go', async () => {
    const vm = await show();
    const tab = (name: string) => screen.getByRole('tab', { name });
    tab('Card').focus();
    const press = (key: string) => {
      fireEvent.keyDown(document.activeElement ?? document.body, { key });
      return document.activeElement?.textContent;
    };
    expect(press('End')).toBe('Finance');
    expect(vm.paymentMethod).toBe('finance');
    expect(press('ArrowRight')).toBe('Card');
    expect(press('ArrowLeft')).toBe('Finance');
    expect(press('Home')).toBe('Card');
    expect(press('ArrowRight')).toBe('PayPal');
    expect(vm.paymentMethod).toBe('paypal');
    expect(tab('PayPal').tabIndex).toBe(0);
    expect(tab('Card').tabIndex).toBe(-1);
    const panel = screen.getByRole('tabpanel', { name: 'PayPal' });
    expect(tab('Card').getAttribute('aria-controls')).toBe(panel.id);
  });
});

describe('review', () => {
  it('ships to the address on one line, once there is somewhere to ship to', async () => {
    const vm = await show({ regions: REGIONS });
    const shipTo = () =>
      within(screen.getByRole('region', { name: /Review/ })).getAllByRole('definition')[0]
        ?.textContent;
    act(() => {
      vm.setAddressField('firstName', 'Ada');
      vm.setAddressField('lastName', 'Shopper');
    });
    // A name alone is nowhere to ship to.
    expect(shipTo()).toBe('Not entered yet');
    act(() => {
      vm.setAddressField('streetName', '1 Main Street');
      vm.setAddressField('city', 'New York');
      vm.setAddressField('state', 'NY');
      vm.setAddressField('postalCode', '10001');
    });
    expect(shipTo()).toBe('Ada Shopper, 1 Main Street, New York, NY 10001');
  });
});
