/**
 * Contract: the HTTP shopping-list gateway against the real server, and the offline fake fed the
 * server's own documents, pass the same suite — so the demo behaves as the shop does.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnsureSession } from '../../../core/auth/ensure-session';
import { VersionConflictError, ListNotFoundError } from '../../../core/lists/errors';
import type { ShoppingListGateway } from '../../../core/lists/ports';
import { isFavorite } from '../../../core/lists/is-favorite';
import { LoadFavorites } from '../../../core/lists/load-favorites';
import { ToggleListItem } from '../../../core/lists/toggle-list-item';
import { ManualClock } from '../../../core/shared/clock';
import { FieldsError } from '../../../core/shared/errors';
import { defaultAppConfig } from '../../../adapters/di/types';
import { FakeShoppingListGateway } from '../../../adapters/fake/lists/fake-shopping-list-gateway';
import { ApiClient } from '../../../adapters/http/api-client';
import { HttpTokenGateway } from '../../../adapters/http/auth/http-token-gateway';
import {
  PlpAnswerCodec,
  type SearchDocument,
} from '../../../adapters/http/catalog/search-document.codec';
import { HttpShoppingListGateway } from '../../../adapters/http/lists/http-shopping-list-gateway';
import { LocalStorageTokenStore } from '../../../adapters/storage/local-storage-token-store';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import { startTestServer, type TestServer } from '../../support/test-server';

let server: TestServer;
let docs: readonly SearchDocument[];

const config = () => ({ ...defaultAppConfig, apiBaseUrl: server.api });

/** An API client for one shopper (guest id); two clients with one id are two tabs. */
const client = (shopper: string): ApiClient =>
  new ApiClient(
    config(),
    new EnsureSession(
      new HttpTokenGateway(config()),
      new LocalStorageTokenStore(new MemoryStorage()),
      { now: () => Date.now() },
      { next: () => shopper },
    ),
  );

beforeAll(async () => {
  server = await startTestServer();
  const plp = await client(randomUUID()).get('/search/plp', PlpAnswerCodec, {
    params: { rows: 6, start: 0, sort: 'sku_s asc' },
  });
  docs = plp.response.docs;
  if (docs.length < 3) throw new Error('the demo catalogue is not seeded');
});
afterAll(() => server?.dispose());

interface Subject {
  readonly name: string;
  /** A gateway acting for this shopper; the same shopper twice is the same owner (two tabs). */
  gatewayFor(shopper: string): ShoppingListGateway;
}

const httpSubject: Subject = {
  name: 'HttpShoppingListGateway against the server',
  gatewayFor: (shopper) => new HttpShoppingListGateway(client(shopper)),
};

const fakeSubject = (): Subject => {
  let current = '';
  const fake = new FakeShoppingListGateway(
    { documents: docs },
    new ManualClock(Date.now()),
    () => current,
  );
  return {
    name: 'FakeShoppingListGateway',
    gatewayFor: (shopper) => ({
      getLists: (name) => ((current = shopper), fake.getLists(name)),
      createList: (name) => ((current = shopper), fake.createList(name)),
      addLineItem: (id, v, sku) => ((current = shopper), fake.addLineItem(id, v, sku)),
      removeLineItem: (id, v, line) => ((current = shopper), fake.removeLineItem(id, v, line)),
    }),
  };
};

const doc = (i: number): SearchDocument => {
  const d = docs[i];
  if (d === undefined) throw new Error(`no document ${i}`);
  return d;
};

const contract = (subject: () => Subject) => {
  it('has no list for a new shopper, and creates one Favorites list at version 1', async () => {
    const gateway = subject().gatewayFor(randomUUID());
    expect(await gateway.getLists('Favorites')).toEqual([]);
    const list = await gateway.createList('Favorites');
    expect(list).toMatchObject({ version: 1, name: { 'en-US': 'Favorites' }, lineItems: [] });
    expect((await gateway.createList('Favorites')).id).toBe(list.id);
    expect(await gateway.getLists('Favorites')).toEqual([list]);
  });

  it('adds a product once with its catalogue name and slug, and removes it, bumping the version', async () => {
    const gateway = subject().gatewayFor(randomUUID());
    const list = await gateway.createList('Favorites');
    const added = await gateway.addLineItem(list.id, 1, doc(0).sku_s);
    expect(added.version).toBe(2);
    expect(added.lineItems).toHaveLength(1);
    expect(added.lineItems[0]).toMatchObject({
      sku: doc(0).sku_s,
      productSlug: doc(0).slug_s,
      name: doc(0).Product_Title_s,
    });
    expect(Number.isNaN(Date.parse(added.lineItems[0]?.addedAt ?? ''))).toBe(false);
    expect(added.lineItems[0]?.image).toMatch(/\S/);
    const again = await gateway.addLineItem(list.id, 2, doc(0).sku_s);
    expect(again.lineItems).toHaveLength(1);
    const removed = await gateway.removeLineItem(list.id, 3, added.lineItems[0]?.id ?? '');
    expect(removed).toMatchObject({ version: 4, lineItems: [] });
  });

  it('throws VersionConflictError with the current version for a stale write', async () => {
    const gateway = subject().gatewayFor(randomUUID());
    const list = await gateway.createList('Favorites');
    await gateway.addLineItem(list.id, 1, doc(0).sku_s);
    const stale = await gateway.addLineItem(list.id, 1, doc(1).sku_s).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(VersionConflictError);
    expect((stale as VersionConflictError).currentVersion).toBe(2);
  });

  it('does not let one shopper see or change another’s list', async () => {
    const s = subject();
    const alice = s.gatewayFor(randomUUID());
    const bob = s.gatewayFor(randomUUID());
    const list = await alice.createList('Favorites');
    const withLine = await alice.addLineItem(list.id, 1, doc(0).sku_s);
    expect(await bob.getLists('Favorites')).toEqual([]);
    await expect(bob.addLineItem(list.id, 2, doc(1).sku_s)).rejects.toBeInstanceOf(
      ListNotFoundError,
    );
    await expect(
      bob.removeLineItem(list.id, 2, withLine.lineItems[0]?.id ?? ''),
    ).rejects.toBeInstanceOf(ListNotFoundError);
    expect(await alice.getLists('Favorites')).toEqual([withLine]);
  });

  it("refuses an unknown SKU with core's FieldsError naming the field", async () => {
    const gateway = subject().gatewayFor(randomUUID());
    const list = await gateway.createList('Favorites');
    const error = await gateway.addLineItem(list.id, 1, 'K-NOT-A-PRODUCT').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FieldsError);
    expect((error as FieldsError).problems).toEqual([
      {
        field: 'actions[0].sku',
        code: 'InvalidField',
        message: 'K-NOT-A-PRODUCT is not in the catalogue',
      },
    ]);
    expect((error as FieldsError).message).toBe(
      'actions[0].sku K-NOT-A-PRODUCT is not in the catalogue',
    );
  });

  it("refuses a line that is not on the list with core's FieldsError", async () => {
    const gateway = subject().gatewayFor(randomUUID());
    const list = await gateway.createList('Favorites');
    const error = await gateway.removeLineItem(list.id, 1, 'no-such-line').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FieldsError);
    expect((error as FieldsError).problems.map((p) => [p.field, p.code])).toEqual([
      ['actions[0].lineItemId', 'InvalidField'],
    ]);
  });

  it('toggles favorites across two tabs of one shopper, retrying once on a conflict', async () => {
    const s = subject();
    const shopper = randomUUID();
    const tabA = s.gatewayFor(shopper);
    const tabB = s.gatewayFor(shopper);
    const first = await new ToggleListItem(tabA).execute(doc(0).sku_s, null);
    expect(first.ok && first.value.onList).toBe(true);
    const seenByA = first.ok ? first.value.list : null;
    // Tab B changes the list; tab A still holds the old version.
    const second = await new ToggleListItem(tabB).execute(
      doc(1).sku_s,
      await new LoadFavorites(tabB).execute(),
    );
    expect(second.ok).toBe(true);
    const third = await new ToggleListItem(tabA).execute(doc(2).sku_s, seenByA);
    expect(third.ok && third.value.onList).toBe(true);
    const now = await new LoadFavorites(tabB).execute();
    expect(now?.lineItems.map((l) => l.sku)).toEqual([0, 1, 2].map((i) => doc(i).sku_s));
    // And off again from the stale view.
    const off = await new ToggleListItem(tabA).set(doc(1).sku_s, false, seenByA);
    expect(off.ok && off.value.onList).toBe(false);
    expect(isFavorite(await new LoadFavorites(tabA).execute(), doc(1).sku_s)).toBe(false);
  });
};

describe(httpSubject.name, () => contract(() => httpSubject));
describe('FakeShoppingListGateway with the server’s documents', () => contract(fakeSubject));
