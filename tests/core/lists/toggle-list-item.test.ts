import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VersionConflictError } from '../../../core/lists/errors';
import { isFavorite } from '../../../core/lists/is-favorite';
import { LoadFavorites } from '../../../core/lists/load-favorites';
import { MY_PRODUCTS, pickList, type ShoppingList } from '../../../core/lists/shopping-list';
import { ToggleListItem } from '../../../core/lists/toggle-list-item';
import { MemoryListGateway } from './list-doubles';

const SKUS = ['K-1', 'K-2', 'K-3', 'K-4'] as const;
const skuArb = fc.constantFrom(...SKUS);
/** The server's list at the start: none, or some of the SKUs. */
const initialArb = fc.option(fc.uniqueArray(skuArb, { maxLength: SKUS.length }), { nil: null });

const snapshot = (gateway: MemoryListGateway): ShoppingList | null => gateway.favorites ?? null;

describe('ToggleListItem', () => {
  it('creates the Favorites list on the first add, then adds to it', async () => {
    const gateway = new MemoryListGateway(null);
    const toggle = new ToggleListItem(gateway);
    const result = await toggle.execute('K-1', null);
    expect(result.ok && result.value).toMatchObject({ onList: true });
    expect(gateway.calls).toEqual(['create Favorites', 'add K-1']);
    expect(gateway.skus()).toEqual(['K-1']);
  });

  it('flips a product relative to the list the caller saw', async () => {
    const gateway = new MemoryListGateway(['K-1', 'K-2']);
    const toggle = new ToggleListItem(gateway);
    const off = await toggle.execute('k-1', snapshot(gateway));
    expect(off.ok && off.value.onList).toBe(false);
    expect(gateway.skus()).toEqual(['K-2']);
    const on = await toggle.execute('K-1', off.ok ? off.value.list : null);
    expect(on.ok && on.value.onList).toBe(true);
    expect(gateway.skus()).toEqual(['K-2', 'K-1']);
  });

  it('changes only the list it was made for: saving a product leaves the favorites alone', async () => {
    const gateway = new MemoryListGateway(['K-1']);
    const save = new ToggleListItem(gateway, MY_PRODUCTS);
    const saved = await save.set('K-2', true, null);
    expect(saved.ok && saved.value.onList).toBe(true);
    expect(gateway.calls).toEqual(['create MyProducts', 'add K-2']);
    expect(gateway.skus()).toEqual(['K-1']);
    const mine = pickList(await gateway.getLists(MY_PRODUCTS));
    expect(mine?.lineItems.map((l) => l.sku)).toEqual(['K-2']);
    // Taken off again by SKU, from the list as it is now (the caller knows no list).
    const removed = await save.set('k-2', false, null);
    expect(removed.ok && removed.value.onList).toBe(false);
    expect(pickList(await gateway.getLists(MY_PRODUCTS))?.lineItems).toEqual([]);
    expect(gateway.skus()).toEqual(['K-1']);
  });

  it('removing from no list at all changes nothing and calls nothing that writes', async () => {
    const gateway = new MemoryListGateway(null);
    const result = await new ToggleListItem(gateway).set('K-1', false, null);
    expect(result).toEqual({ ok: true, value: { list: null, onList: false } });
    expect(gateway.lists).toEqual([]);
  });

  it('property: whatever another tab did first, the product ends up as asked, with one retry at most', async () => {
    await fc.assert(
      fc.asyncProperty(
        initialArb,
        skuArb,
        fc.boolean(),
        fc.option(
          fc.record({
            add: fc.option(skuArb, { nil: undefined }),
            remove: fc.option(skuArb, { nil: undefined }),
          }),
          { nil: null },
        ),
        fc.boolean(),
        async (initial, sku, want, race, raceBeforeCall) => {
          const gateway = new MemoryListGateway(initial);
          const known = snapshot(gateway);
          if (race !== null) {
            const change = {
              ...(race.add === undefined ? {} : { add: race.add }),
              ...(race.remove === undefined ? {} : { remove: race.remove }),
            };
            // The other tab changed the list before this call (the caller's view is stale), or
            // just before this call's write reaches the server.
            if (raceBeforeCall) gateway.otherTab(change);
            else gateway.beforeWrite = () => gateway.otherTab(change);
          }
          const others = new Set(gateway.skus());
          const result = await new ToggleListItem(gateway).set(sku, want, known);
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          expect(result.value.onList).toBe(want);
          expect(isFavorite(snapshot(gateway), sku)).toBe(want);
          expect(result.value.list).toEqual(want || initial !== null ? snapshot(gateway) : null);
          // The product is on the list at most once.
          expect(gateway.skus().filter((s) => s === sku).length).toBeLessThanOrEqual(1);
          // Without a race nothing else on the list changed.
          if (race === null) {
            const after = new Set(gateway.skus());
            for (const other of SKUS.filter((s) => s !== sku)) {
              expect(after.has(other)).toBe(others.has(other));
            }
          }
          const writes = gateway.calls.filter((c) => c.startsWith('add') || c.startsWith('remove'));
          expect(writes.length).toBeLessThanOrEqual(2);
          expect(gateway.calls.filter((c) => c.startsWith('create'))).toHaveLength(
            initial === null && want ? 1 : 0,
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('checks a change its stale view says is done against the list as it is now', async () => {
    const gateway = new MemoryListGateway(['K-2']);
    const stale = snapshot(gateway);
    gateway.otherTab({ add: 'K-1' });
    const result = await new ToggleListItem(gateway).set('K-1', false, stale);
    expect(result.ok && result.value.onList).toBe(false);
    expect(gateway.skus()).toEqual(['K-2']);
  });

  it('reports a second conflict in a row instead of retrying for ever', async () => {
    const gateway = new MemoryListGateway(['K-2']);
    const known = snapshot(gateway);
    const originalAdd = gateway.addLineItem.bind(gateway);
    gateway.addLineItem = (id, version, sku) => {
      gateway.otherTab({ add: `X-${gateway.calls.length}` });
      return originalAdd(id, version, sku);
    };
    const result = await new ToggleListItem(gateway).set('K-1', true, known);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toBeInstanceOf(VersionConflictError);
    expect(gateway.calls.filter((c) => c.startsWith('add'))).toHaveLength(2);
    expect(isFavorite(snapshot(gateway), 'K-1')).toBe(false);
  });

  it('does not swallow failures that are not list errors', async () => {
    const gateway = new MemoryListGateway(['K-2']);
    gateway.addLineItem = () => Promise.reject(new Error('network down'));
    await expect(new ToggleListItem(gateway).set('K-1', true, snapshot(gateway))).rejects.toThrow(
      'network down',
    );
  });

  it('shares one create between concurrent first adds', async () => {
    const gateway = new MemoryListGateway(null);
    const toggle = new ToggleListItem(gateway);
    await Promise.all([toggle.set('K-1', true, null), toggle.set('K-2', true, null)]);
    expect(gateway.calls.filter((c) => c.startsWith('create'))).toHaveLength(1);
    expect(gateway.lists).toHaveLength(1);
    expect(new Set(gateway.skus())).toEqual(new Set(['K-1', 'K-2']));
  });
});

describe('LoadFavorites, isFavorite and pickList', () => {
  it('reads the Favorites list, or null when the shopper has none', async () => {
    expect(await new LoadFavorites(new MemoryListGateway(null)).execute()).toBeNull();
    const list = await new LoadFavorites(new MemoryListGateway(['K-3'])).execute();
    expect(list?.lineItems.map((l) => l.sku)).toEqual(['K-3']);
  });

  it('property: a product is a favorite exactly when its SKU is on the list, in any letter case', () => {
    fc.assert(
      fc.property(initialArb, skuArb, fc.boolean(), (initial, sku, lower) => {
        const list = new MemoryListGateway(initial).favorites ?? null;
        const asked = lower ? sku.toLowerCase() : sku;
        expect(isFavorite(list, asked)).toBe(initial?.includes(sku) ?? false);
      }),
    );
  });

  it('uses the latest version when several lists answer', () => {
    const list = (id: string, version: number): ShoppingList => ({
      id,
      version,
      name: { 'en-US': 'Favorites' },
      lineItems: [],
    });
    expect(pickList([])).toBeNull();
    expect(pickList([list('a', 2), list('b', 5), list('c', 3)])?.id).toBe('b');
  });
});
