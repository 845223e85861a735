import { describe, expect, it, vi } from 'vitest';
import { StoredLocalCartState } from '../../../adapters/storage/local-cart-state';
import type { AddToCartSelection } from '../../../core/cart/add-to-cart-selection';
import type { AddToCartOutcome } from '../../../core/cart/add-to-cart';
import {
  CartViewModel,
  cartLinkLabel,
  TOAST_MS,
  type Timers,
} from '../../../ui/cart/cart-view-model';
import { customerTokens } from '../../adapters/cart/fixtures';
import { makeCartSystem } from './harness';

const selection = (sku: string, quantity = 1, outOfStock = false): AddToCartSelection => ({
  skuid: sku,
  brandName: 'Lavabo',
  backorder: false,
  quantity,
  colorsData: [{ id: sku, isOutOfStock: outOfStock }],
  priceData: [{ id: sku, price: 100 }],
});

/** Timers the test runs by hand. */
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

const makeVm = (width = 1440) => {
  const system = makeCartSystem();
  const timers = new ManualTimers();
  const vm = new CartViewModel(system.useCases, system.store, width, timers);
  const disconnect = vm.connect();
  return { system, timers, vm, disconnect };
};

describe('the cart link name', () => {
  it('starts with "Cart" and counts items', () => {
    expect(cartLinkLabel(0)).toBe('Cart, 0 items');
    expect(cartLinkLabel(1)).toBe('Cart, 1 item');
    expect(cartLinkLabel(12)).toBe('Cart, 12 items');
  });
});

describe('CartViewModel', () => {
  it('adds, counts, toasts for 5 s and hands the outcome to the callback', async () => {
    const { vm, timers } = makeVm();
    await vm.load();
    expect(vm.linkLabel).toBe('Cart, 0 items');
    const onAdded = vi.fn<(o: AddToCartOutcome) => void>();
    const result = await vm.add([selection('K-1000-BL', 2)], { onAdded });
    expect(result.ok).toBe(true);
    expect(vm.count).toBe(2);
    expect(vm.linkLabel).toBe('Cart, 2 items');
    expect(onAdded).toHaveBeenCalledOnce();
    expect(onAdded.mock.calls[0]?.[0].cart.id).toBe(vm.cart?.id);
    expect(vm.toast).toMatchObject({
      kind: 'added',
      message: '2 × Product K-1000-BL added to your cart.',
    });
    timers.advance(TOAST_MS - 1);
    expect(vm.toast).not.toBeNull();
    timers.advance(1);
    expect(vm.toast).toBeNull();
  });

  it('adds without a toast when asked, and says why an add failed', async () => {
    const { vm } = makeVm();
    await vm.add([selection('K-1000-BL')], { toast: false });
    expect(vm.toast).toBeNull();
    const failed = await vm.add([selection('K-5000', 1, true)], { itemName: 'Cove sink' });
    expect(failed.ok).toBe(false);
    expect(vm.toast).toMatchObject({
      kind: 'error',
      message: 'Failed to Add to cart: Cove sink is out of stock.',
    });
    // The server refuses more than the stock even when the page thought it was there.
    const refused = await vm.add([selection('K-3000', 5)]);
    expect(refused.ok).toBe(false);
    expect(vm.count).toBe(1);
  });

  it('remembers the guest of the cart, so sign-in can merge it, and follows the merge', async () => {
    const { vm, system } = makeVm();
    await vm.add([selection('K-1000-BL', 1)]);
    expect(system.anonymousIds.load()).toBe('guest-1');
    system.tokens.tokens = customerTokens({ sub: 'homeowner@lavabo.test' });
    // What the sign-in flow does: merge, outside this view model.
    const merged = await system.useCases.mergeGuestCart.execute();
    expect(merged.ok).toBe(true);
    await vi.waitFor(() => expect(vm.cart?.id).toBe(merged.ok ? merged.value?.id : ''));
    expect(vm.count).toBe(1);
    expect(system.anonymousIds.load()).toBeNull();
  });

  it('drops the cart when sign-out clears it', async () => {
    const { vm, system } = makeVm();
    await vm.add([selection('K-1000-BL', 3)]);
    new StoredLocalCartState(system.store, system.anonymousIds).clearCart();
    expect(vm.cart).toBeNull();
    expect(vm.linkLabel).toBe('Cart, 0 items');
  });

  it('stops following the pointer once disconnected', async () => {
    const { vm, system, disconnect } = makeVm();
    await vm.add([selection('K-1000-BL', 3)]);
    disconnect();
    system.store.clear();
    expect(vm.count).toBe(3);
  });

  it('opens the preview on desktop widths only', () => {
    const { vm } = makeVm(1280);
    vm.openPreview();
    expect(vm.previewOpen).toBe(true);
    vm.setViewportWidth(800);
    expect(vm.previewOpen).toBe(false);
    vm.openPreview();
    expect(vm.previewOpen).toBe(false);
  });

  it('reports a failed read and keeps the cart it had', async () => {
    const { vm, system } = makeVm();
    await vm.add([selection('K-1000-BL')]);
    const spy = vi
      .spyOn(system.engine, 'getActiveCarts')
      .mockRejectedValueOnce(new Error('offline'));
    await vm.load();
    expect(vm.status).toBe('failed');
    expect(vm.count).toBe(1);
    spy.mockRestore();
    await vm.load();
    expect(vm.status).toBe('succeeded');
  });

  it('shares one read between callers that ask at once', async () => {
    const { vm, system } = makeVm();
    const spy = vi.spyOn(system.engine, 'getActiveCarts');
    await Promise.all([vm.load(), vm.load(), vm.load()]);
    expect(spy).toHaveBeenCalledTimes(1);
  });
});

describe('a first read that answers after a change of ours', () => {
  it('does not put back the older cart it saw (the add stays)', async () => {
    const { system, vm } = makeVm();
    // The first read (no cart yet) is held until the add has answered.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const pick = system.useCases.pickActiveCart.execute.bind(system.useCases.pickActiveCart);
    const seen = vi
      .spyOn(system.useCases.pickActiveCart, 'execute')
      .mockImplementationOnce(async () => {
        const answer = await pick();
        await held;
        return answer;
      });
    const reading = vm.load();
    expect(vm.firstLoad).toBe(true);
    const added = await vm.add([selection('K-2000-CP')]);
    expect(added.ok).toBe(true);
    expect(vm.count).toBe(1);
    release();
    await reading;
    expect(seen).toHaveBeenCalledTimes(1);
    expect(vm.count).toBe(1);
    expect(vm.status).toBe('succeeded');
    expect(vm.firstLoad).toBe(false);
    // A read that starts afterwards is followed as usual.
    await vm.load();
    expect(vm.count).toBe(1);
  });
});
