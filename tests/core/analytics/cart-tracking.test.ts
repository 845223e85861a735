import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CART_TRACKING_DELAY_MS, CartTracking } from '../../../core/analytics/cart-tracking';
import { CLEAR_ECOMMERCE, cartUpdatedEvent } from '../../../core/analytics/events';
import type { DataLayerEvent } from '../../../core/analytics/ports';
import type { Cart } from '../../../core/cart/cart';
import { ManualTimers } from './manual-timers';

/** A cart holding `quantity` of one SKU (0: empty). */
const cartWith = (quantity: number): Cart => ({
  id: 'c1',
  version: quantity,
  currency: 'USD',
  lineItems:
    quantity === 0
      ? []
      : [
          {
            id: 'l1',
            sku: 'K-1',
            quantity,
            addedAt: '2026-01-01T00:00:00Z',
            productSlug: { 'en-US': 'k-1' },
            name: { 'en-US': 'Faucet' },
            price: { value: 1000 },
            discounts: [],
            backorderable: false,
            noShipping: false,
            isService: false,
            isComboSku: false,
          },
        ],
  totalTax: 0,
  discountCodes: [],
  shippingCost: 0,
  freightDiscount: 0,
});

const setUp = () => {
  const pushed: DataLayerEvent[] = [];
  const timers = new ManualTimers();
  const tracking = new CartTracking({ push: (e) => pushed.push(e) }, timers);
  const events = () => pushed.filter((e) => e.event === 'cart_updated');
  return { pushed, timers, tracking, events };
};

describe('cart tracking: one event 500 ms after the last cart change', () => {
  it('waits 500 ms, then sends the cart as it is, after clearing the last e-commerce data', () => {
    const { pushed, timers, tracking } = setUp();
    tracking.observe(cartWith(1));
    tracking.observe(cartWith(2));
    timers.advance(CART_TRACKING_DELAY_MS - 1);
    expect(pushed).toEqual([]);
    timers.advance(1);
    expect(pushed).toEqual([CLEAR_ECOMMERCE, cartUpdatedEvent(cartWith(2))]);
  });

  it('the first cart seen, and the same contents read again, are no change', () => {
    const { timers, tracking, events } = setUp();
    tracking.observe(null);
    tracking.observe(null);
    timers.advance(10_000);
    expect(events()).toEqual([]);
    tracking.observe(cartWith(0));
    timers.advance(10_000);
    expect(events()).toEqual([]);
  });

  it('contents that come back to what was last sent send nothing', () => {
    const { timers, tracking, events } = setUp();
    tracking.observe(cartWith(1));
    tracking.observe(cartWith(2));
    tracking.observe(cartWith(1));
    timers.advance(1000);
    expect(events()).toEqual([]);
  });

  it('dispose drops a pending event', () => {
    const { timers, tracking, events } = setUp();
    tracking.observe(cartWith(1));
    tracking.observe(cartWith(3));
    tracking.dispose();
    timers.advance(1000);
    expect(events()).toEqual([]);
    expect(timers.pending).toBe(0);
  });

  it('for any changes at any times: one event per quiet spell of 500 ms, with the latest cart', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.array(
          fc.record({
            wait: fc.integer({ min: 0, max: 1200 }),
            quantity: fc.integer({ min: 0, max: 3 }),
          }),
          { maxLength: 25 },
        ),
        (first, steps) => {
          const { timers, tracking, events } = setUp();
          tracking.observe(cartWith(first));
          // The model: what a debounce of 500 ms after each change, sending only news, sends.
          const expected: number[] = [];
          let told = first;
          let seen = first;
          let lastChangeAt: number | null = null;
          let now = 0;
          const settle = (until: number) => {
            if (lastChangeAt !== null && lastChangeAt + CART_TRACKING_DELAY_MS <= until) {
              if (seen !== told) {
                expected.push(seen);
                told = seen;
              }
              lastChangeAt = null;
            }
          };
          for (const { wait, quantity } of steps) {
            now += wait;
            settle(now);
            timers.advance(wait);
            tracking.observe(cartWith(quantity));
            if (quantity !== seen) {
              seen = quantity;
              lastChangeAt = now;
            }
          }
          settle(now + CART_TRACKING_DELAY_MS);
          timers.advance(CART_TRACKING_DELAY_MS);
          expect(events()).toEqual(expected.map((q) => cartUpdatedEvent(cartWith(q))));
          // Never two events closer than the delay, and never the same contents twice running.
          for (let i = 1; i < expected.length; i += 1) {
            expect(expected[i]).not.toBe(expected[i - 1]);
          }
        },
      ),
    );
  });
});
