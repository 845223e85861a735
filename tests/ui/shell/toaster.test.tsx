/**
 * The shell's toaster (spec §3 `toaster {message, isVisible, content}`, §9 5000 ms) and every visible
 * toast of spec §8 that a port failure raises: each test makes the port fail and reads the toast in
 * the one live region the shell renders.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeCheckoutGateway } from '../../../adapters/fake/checkout/fake-checkout-gateway';
import type { AddToCartSelection } from '../../../core/cart/add-to-cart-selection';
import { createCheckoutUseCases } from '../../../core/checkout/checkout-use-cases';
import { ContainerProvider } from '../../../ui/app/container-context';
import { CartViewModel } from '../../../ui/cart/cart-view-model';
import { CheckoutViewModel } from '../../../ui/checkout/checkout-view-model';
import { AccountProfile } from '../../../ui/account/account-profile';
import { TOAST_MS, toasterOf, ToasterStore, type Timers } from '../../../ui/shell/toaster';
import { Toaster } from '../../../ui/shell/toaster-view';
import { fill, LAKESHORE, makeAccount } from '../account/fixtures';
import { makeCartSystem, NOW } from '../cart/harness';
import { testContainer } from '../support/test-container';

afterEach(cleanup);

class ManualTimers implements Timers {
  private next = 0;
  readonly pending = new Map<number, { run: () => void; at: number }>();
  now = 0;
  setTimeout(run: () => void, ms: number): unknown {
    this.next += 1;
    this.pending.set(this.next, { run, at: this.now + ms });
    return this.next;
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  advance(ms: number): void {
    this.now += ms;
    for (const [id, t] of [...this.pending]) {
      if (t.at <= this.now) {
        this.pending.delete(id);
        t.run();
      }
    }
  }
}

/** The shell's toaster on screen, as the root layout renders it; returns the app's store. */
const renderToaster = () => {
  const container = testContainer();
  const toaster = toasterOf(container);
  render(
    <ContainerProvider container={container}>
      <MemoryRouter>
        <Toaster />
      </MemoryRouter>
    </ContainerProvider>,
  );
  return toaster;
};

const region = () => screen.getByRole('status');
/** The toast on screen, announced or quiet. */
const shown = () => document.querySelector('.toast__message')?.textContent ?? '';

const selection = (sku: string, quantity = 1): AddToCartSelection => ({
  skuid: sku,
  brandName: 'Lavabo',
  backorder: false,
  quantity,
  colorsData: [{ id: sku, isOutOfStock: false }],
  priceData: [{ id: sku, price: 100 }],
});

const offline = () => Promise.reject(new Error('Network Error'));

describe('ToasterStore', () => {
  it('shows one toast for 5000 ms, the newest replacing the last, as §3 toaster state', () => {
    const timers = new ManualTimers();
    const store = new ToasterStore(timers);
    expect(store).toMatchObject({ isVisible: false, message: '', content: null });
    store.show({ message: 'First' });
    timers.advance(TOAST_MS - 10);
    const second = store.show({
      message: 'Second',
      kind: 'success',
      action: { label: 'View cart', to: '/en/cart' },
    });
    expect(store).toMatchObject({
      isVisible: true,
      message: 'Second',
      content: { label: 'View cart', to: '/en/cart' },
    });
    // The first toast's timer no longer takes the second away.
    timers.advance(10);
    expect(store.current?.id).toBe(second);
    timers.advance(TOAST_MS - 11);
    expect(store.isVisible).toBe(true);
    timers.advance(1);
    expect(store.isVisible).toBe(false);
  });

  it('dismisses only the toast it was asked to', () => {
    const store = new ToasterStore(new ManualTimers());
    const first = store.show({ message: 'First' });
    store.show({ message: 'Second' });
    store.dismiss(first);
    expect(store.message).toBe('Second');
    store.dismiss();
    expect(store.current).toBeNull();
  });
});

describe('the shell toast', () => {
  it('is announced in one status region, offers its link and a dismiss button', () => {
    const toaster = renderToaster();
    expect(region().textContent).toBe('');
    act(() => {
      toaster.show({
        message: 'Cove sink added to your cart.',
        kind: 'success',
        action: { label: 'View cart', to: '/en/cart' },
      });
    });
    expect(region().textContent).toContain('Cove sink added to your cart.');
    expect(screen.getByRole('link', { name: 'View cart' }).getAttribute('href')).toBe('/en/cart');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(region().textContent).toBe('');
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('shows a quiet toast outside the live region, dismissable, and announces the next one', () => {
    const toaster = renderToaster();
    act(() => {
      toaster.show({ message: 'Failed to add address', kind: 'error', quiet: true });
    });
    expect(shown()).toBe('Failed to add address');
    expect(region().textContent).toBe('');
    // Still one live region: the quiet toast's place is not one.
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(document.querySelectorAll('[aria-live]')).toHaveLength(1);
    act(() => {
      toaster.show({ message: 'Cove sink added to your cart.', kind: 'success' });
    });
    expect(region().textContent).toContain('Cove sink added to your cart.');
    expect(document.querySelectorAll('.toast')).toHaveLength(1);
    act(() => {
      toaster.show({ message: 'Failed to edit address', kind: 'error', quiet: true });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(shown()).toBe('');
    expect(toaster.current).toBeNull();
  });
});

describe('spec §8 visible toasts', () => {
  const cartVm = (toaster: ToasterStore) => {
    const system = makeCartSystem();
    const vm = new CartViewModel(system.useCases, system.store, 1440, undefined, toaster);
    return { system, vm };
  };

  it('Failed to Fetch Cart', async () => {
    const toaster = renderToaster();
    const { system, vm } = cartVm(toaster);
    await system.seed([['K-1000-BL', 1]]);
    vi.spyOn(system.engine, 'getActiveCarts').mockImplementation(offline);
    vi.spyOn(system.engine, 'getCart').mockImplementation(offline);
    await act(() => vm.load());
    expect(vm.status).toBe('failed');
    expect(region().textContent).toContain('Failed to Fetch Cart');
  });

  it('Failed to Create Cart', async () => {
    const toaster = renderToaster();
    const { system, vm } = cartVm(toaster);
    vi.spyOn(system.engine, 'createCart').mockImplementation(offline);
    await act(async () => {
      expect((await vm.add([selection('K-1000-BL')])).ok).toBe(false);
    });
    expect(region().textContent).toContain('Failed to Create Cart');
  });

  it('Failed to Add to cart (a cart exists)', async () => {
    const toaster = renderToaster();
    const { system, vm } = cartVm(toaster);
    await act(async () => {
      await vm.add([selection('K-1000-BL')]);
    });
    vi.spyOn(system.engine, 'updateCart').mockImplementation(offline);
    await act(async () => {
      expect((await vm.add([selection('K-1000-BL')])).ok).toBe(false);
    });
    expect(region().textContent).toContain('Failed to Add to cart');
    expect(region().textContent).not.toContain('Failed to Create Cart');
  });

  it('Failed to Remove from Cart', async () => {
    const toaster = renderToaster();
    const { system, vm } = cartVm(toaster);
    await act(async () => {
      await vm.add([selection('K-1000-BL')]);
    });
    const line = vm.lines[0]?.id ?? '';
    vi.spyOn(system.engine, 'updateCart').mockImplementation(offline);
    await act(async () => {
      expect((await vm.removeLine(line)).ok).toBe(false);
    });
    expect(region().textContent).toContain('Failed to Remove from Cart');
    // Where the caller says it in its own live region (the cart page), the toast is quiet.
    await act(async () => {
      expect((await vm.removeLine(line, { announced: true })).ok).toBe(false);
    });
    expect(shown()).toBe('Failed to Remove from Cart');
    expect(region().textContent).toBe('');
  });

  it('Failed to set Shipping address', async () => {
    const toaster = renderToaster();
    const system = makeCartSystem();
    const cart = await system.seed([['K-1000-BL', 1]]);
    const gateway = new FakeCheckoutGateway(system.engine, system.clock, 'http://shop.test');
    vi.spyOn(gateway, 'shippingCost').mockImplementation(offline);
    const vm = new CheckoutViewModel({
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
      notify: toaster,
    });
    const address = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      mobile: '2125550100',
      streetName: '5 Main St',
      city: 'New York',
      state: 'NY',
      postalCode: '10001',
      country: 'US',
    } as const;
    for (const [field, value] of Object.entries(address)) {
      vm.setAddressField(field as Parameters<typeof vm.setAddressField>[0], value);
    }
    await act(async () => {
      expect(await vm.quoteShipping()).toBe(false);
    });
    expect(region().textContent).toContain('Failed to set Shipping address');
  });

  it('Failed to add address, Failed to edit address, Failed to set default address', async () => {
    const toaster = renderToaster();
    const system = makeAccount(undefined, undefined, toaster);
    await act(async () => {
      expect(await system.account.load()).toBe(true);
    });
    const first = system.addresses.addresses[0]?.id ?? '';

    system.addresses.startAdd();
    fill(system.addresses, LAKESHORE);
    system.failNext('apply', new Error('Network Error'));
    await act(async () => {
      expect(await system.addresses.save()).toBe(false);
    });
    // Shown, but quiet: the form's or the list's alert says it.
    expect(shown()).toBe('Failed to add address');
    expect(region().textContent).not.toContain('Failed to add address');

    system.addresses.cancel();
    system.addresses.startAdd();
    fill(system.addresses, LAKESHORE);
    await act(async () => {
      expect(await system.addresses.save()).toBe(true);
    });
    const second = system.addresses.addresses.find((a) => a.id !== first)?.id ?? '';

    system.addresses.startEdit(second);
    system.addresses.set('city', 'Chicago Heights');
    system.failNext('apply', new Error('Network Error'));
    await act(async () => {
      expect(await system.addresses.save()).toBe(false);
    });
    // Shown, but quiet: the form's or the list's alert says it.
    expect(shown()).toBe('Failed to edit address');
    expect(region().textContent).not.toContain('Failed to edit address');
    system.addresses.cancel();

    system.failNext('apply', new Error('Network Error'));
    await act(async () => {
      expect(await system.addresses.setDefault(second)).toBe(false);
    });
    // Shown, but quiet: the form's or the list's alert says it.
    expect(shown()).toBe('Failed to set default address');
    expect(region().textContent).not.toContain('Failed to set default address');
  });

  it('Failed to get profile', async () => {
    const toaster = renderToaster();
    const account = new AccountProfile({ profile: offline }, toaster);
    await act(async () => {
      expect(await account.load()).toBe(false);
    });
    expect(account.status).toBe('failed');
    expect(region().textContent).toContain('Failed to get profile');
  });
});
