/**
 * A guest's list is one this device made (core/lists/load-favorites.ts): a guest whose device
 * never made or saw a list is answered null without a call; a customer's lists, and a list the
 * device knows, are read, and each read and each new list tells the device what it now knows.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LoadFavorites, LoadList } from '../../../core/lists/load-favorites';
import type { ListPresence } from '../../../core/lists/ports';
import { FAVORITES, MY_PRODUCTS, type ShoppingListName } from '../../../core/lists/shopping-list';
import { ToggleListItem } from '../../../core/lists/toggle-list-item';
import { MemoryListGateway } from './list-doubles';

/** What a device knows, in memory. */
class MemoryPresence implements ListPresence {
  readonly known = new Set<ShoppingListName>();
  constructor(private readonly customer = false) {}
  signedIn(): boolean {
    return this.customer;
  }
  has(name: ShoppingListName): boolean {
    return this.known.has(name);
  }
  set(name: ShoppingListName, exists: boolean): void {
    if (exists) this.known.add(name);
    else this.known.delete(name);
  }
}

const gets = (gateway: MemoryListGateway) => gateway.calls.filter((c) => c.startsWith('get'));

describe('reading a list, by what the device knows', () => {
  it('reads only for a customer or a known list, and then knows what the read found', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.option(fc.array(fc.constantFrom('K-1', 'K-2'), { maxLength: 2 }), { nil: null }),
        fc.boolean(),
        fc.boolean(),
        async (onServer, customer, known) => {
          const gateway = new MemoryListGateway(onServer);
          const presence = new MemoryPresence(customer);
          if (known) presence.set(FAVORITES, true);
          const list = await new LoadFavorites(gateway, presence).execute();
          const reads = customer || known;
          expect(gets(gateway)).toHaveLength(reads ? 1 : 0);
          expect(list?.lineItems.map((l) => l.sku) ?? null).toEqual(reads ? onServer : null);
          // A read tells the device whether the list is there; no read changes nothing.
          expect(presence.has(FAVORITES)).toBe(reads ? onServer !== null : known);
        },
      ),
    );
  });

  it('keeps each list apart', async () => {
    const presence = new MemoryPresence();
    presence.set(MY_PRODUCTS, true);
    const gateway = new MemoryListGateway(['K-1']);
    expect(await new LoadList(gateway, FAVORITES, presence).execute()).toBeNull();
    expect(await new LoadList(gateway, MY_PRODUCTS, presence).execute()).toBeNull();
    expect(gets(gateway)).toEqual([`get ${MY_PRODUCTS}`]);
    expect(presence.has(MY_PRODUCTS)).toBe(false);
  });
});

describe('a change, by what the device knows', () => {
  it('makes the list known when it is made, even if the add then fails', async () => {
    const gateway = new MemoryListGateway(null);
    gateway.addLineItem = () => Promise.reject(new Error('offline'));
    const presence = new MemoryPresence();
    await expect(
      new ToggleListItem(gateway, FAVORITES, presence).set('K-1', true, null),
    ).rejects.toThrow('offline');
    expect(gateway.lists).toHaveLength(1);
    expect(presence.has(FAVORITES)).toBe(true);
    // The guest's next read asks for it.
    expect(await new LoadFavorites(gateway, presence).execute()).not.toBeNull();
  });

  it('learns from the fresh read a stale change makes', async () => {
    const gateway = new MemoryListGateway(['K-1']);
    const presence = new MemoryPresence();
    const result = await new ToggleListItem(gateway, FAVORITES, presence).set('K-1', false, null);
    expect(result.ok).toBe(true);
    expect(gets(gateway)).toEqual(['get Favorites']);
    expect(presence.has(FAVORITES)).toBe(true);
  });
});
