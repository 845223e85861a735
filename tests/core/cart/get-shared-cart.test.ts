import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLineItemRequests } from '../../../core/cart/add-to-cart-selection';
import type { SharedCart } from '../../../core/cart/cart';
import { deriveLineItem } from '../../../core/cart/derive-line-items';
import { CartNotFoundError, OutOfStockError } from '../../../core/cart/errors';
import { GetSharedCart, sharedCartSelections } from '../../../core/cart/get-shared-cart';
import { cartArb } from './arbitraries';

const sharedArb = cartArb().map((cart): SharedCart => ({
  id: 'shared-1',
  currency: cart.currency,
  lineItems: cart.lineItems,
}));

describe('sharedCartSelections', () => {
  it('selects each line without a bundle parent once, and adds exactly the ones in stock', () => {
    fc.assert(
      fc.property(sharedArb, (shared) => {
        const selections = sharedCartSelections(shared);
        const parents = shared.lineItems.filter((l) => l.bundleParentId === undefined);
        expect(selections.map((s) => s.skuid)).toEqual(parents.map((l) => l.sku));
        const plan = buildLineItemRequests(selections, { byBrand: {} });
        const addable = parents.filter((l) => {
          const d = deriveLineItem(l);
          return l.backorderable || (!d.outOfStock && d.quantity >= 1);
        });
        expect(plan.requests.map((r) => r.sku)).toEqual(addable.map((l) => l.sku));
        // Requests follow the addable lines in order (two lines may share a SKU: pair by position).
        plan.requests.forEach((r, i) => {
          const line = addable[i];
          expect(r.action).toBe(line?.isComboSku === true ? 'addbundle' : 'addLineItem');
          if (line?.backorderable !== true) expect(r.quantity).toBe(line?.quantity);
        });
      }),
      { numRuns: 200 },
    );
  });
});

describe('GetSharedCart', () => {
  const shared: SharedCart = { id: 's1', currency: 'USD', lineItems: [] };

  it('answers null for an unknown or blank id, and the cart otherwise', async () => {
    const use = new GetSharedCart({
      getSharedCart: async (id) => {
        if (id !== 's1') throw new CartNotFoundError(id);
        return shared;
      },
    });
    expect(await use.execute(' s1 ')).toEqual({ ok: true, value: shared });
    expect(await use.execute('s2')).toEqual({ ok: true, value: null });
    expect(await use.execute('   ')).toEqual({ ok: true, value: null });
  });

  it('asks for the shared lines in the shopper’s own currency', async () => {
    const asked: (string | undefined)[] = [];
    const use = new GetSharedCart(
      {
        getSharedCart: async (_id, currency) => {
          asked.push(currency);
          return { ...shared, currency: currency ?? shared.currency };
        },
      },
      { currency: 'CAD' },
    );
    const read = await use.execute('s1');
    expect(asked).toEqual(['CAD']);
    expect(read.ok && read.value?.currency).toBe('CAD');
  });

  it('returns cart errors and rethrows anything else', async () => {
    const failing = new GetSharedCart({
      getSharedCart: () => Promise.reject(new OutOfStockError([])),
    });
    expect((await failing.execute('x')).ok).toBe(false);
    const broken = new GetSharedCart({
      getSharedCart: () => Promise.reject(new Error('offline')),
    });
    await expect(broken.execute('x')).rejects.toThrow('offline');
  });
});
