/**
 * AddToCart when the server's stock is newer than the page's: items the server refuses as out of
 * stock are left out (reason outOfStock) and the rest is added, however many answers that takes;
 * when nothing is left to add, the refusal names every refused SKU. A refusal for a SKU that was
 * not asked for (a bundle part, a required item) still fails the add as before.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OutOfStockError } from '../../../core/cart/errors';
import type { CartUpdateAction } from '../../../core/cart/ports';
import { InMemoryCartGateway } from './in-memory-cart-gateway';
import { CART_TYPE, inStock, makeSystem } from './support';

/** Refuses a write that raises any of `gone`, naming only the first such SKU (as one 400 may). */
class RunningOutGateway extends InMemoryCartGateway {
  writes = 0;
  constructor(readonly gone: ReadonlySet<string>) {
    super(CART_TYPE);
  }

  override async updateCart(cartId: string, version: number, actions: readonly CartUpdateAction[]) {
    this.writes += 1;
    const refused = actions.find(
      (a) => (a.action === 'addLineItem' || a.action === 'addbundle') && this.gone.has(a.sku),
    );
    if (refused !== undefined && 'sku' in refused) throw new OutOfStockError([refused.sku]);
    return super.updateCart(cartId, version, actions);
  }
}

const skus = fc.uniqueArray(fc.constantFrom('K-1', 'K-2', 'K-3', 'K-4', 'K-5'), {
  minLength: 1,
  maxLength: 5,
});

describe('AddToCart: items that ran out at the server', () => {
  it('adds the rest and reports each refused SKU as left out, in any mix', async () => {
    await fc.assert(
      fc.asyncProperty(
        skus.chain((asked) => fc.record({ asked: fc.constant(asked), gone: fc.subarray(asked) })),
        async ({ asked, gone }) => {
          const gateway = new RunningOutGateway(new Set(gone));
          const sys = makeSystem({ gateway });
          const result = await sys.addToCart.execute(asked.map((sku) => inStock(sku)));
          const kept = asked.filter((sku) => !gone.includes(sku));
          if (kept.length === 0) {
            expect(result.ok).toBe(false);
            if (!result.ok) {
              expect(result.error).toBeInstanceOf(OutOfStockError);
              expect([...(result.error as OutOfStockError).skus].sort()).toEqual([...gone].sort());
            }
            return;
          }
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          expect(result.value.added.map((r) => r.sku)).toEqual(kept);
          expect(result.value.leftOut).toEqual(gone.map((sku) => ({ sku, reason: 'outOfStock' })));
          expect(result.value.cart.lineItems.map((l) => l.sku).sort()).toEqual([...kept].sort());
          // One refused answer per SKU that ran out, then the write that took the rest.
          expect(gateway.writes).toBe(gone.length + 1);
          expect(sys.store.load()?.version).toBe(result.value.cart.version);
        },
      ),
    );
  });

  it('keeps page-side leftovers and server refusals apart from what was added', async () => {
    const gateway = new RunningOutGateway(new Set(['K-2']));
    const sys = makeSystem({ gateway });
    const result = await sys.addToCart.execute([
      inStock('K-1'),
      inStock('K-2'),
      { ...inStock('K-3'), colorsData: [{ id: 'K-3', isOutOfStock: true }] },
    ]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.added.map((r) => r.sku)).toEqual(['K-1']);
    expect(result.value.leftOut).toEqual([
      { sku: 'K-3', reason: 'outOfStock' },
      { sku: 'K-2', reason: 'outOfStock' },
    ]);
  });

  it('fails as before when the refused SKU is none of those asked for', async () => {
    const gateway = new InMemoryCartGateway(CART_TYPE);
    gateway.updateCart = async () => {
      throw new OutOfStockError(['K-6000-BOWL']);
    };
    const sys = makeSystem({ gateway });
    const result = await sys.addToCart.execute([inStock('K-1'), inStock('K-2')]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect((result.error as OutOfStockError).skus).toEqual(['K-6000-BOWL']);
  });
});
