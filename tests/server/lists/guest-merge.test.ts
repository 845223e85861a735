/**
 * A guest's shopping lists join the account when the guest signs in or signs up from that session
 * (docs/api.md "Shopping lists"), on the real server: the union without duplicates, versions, the
 * guest's lists gone, nothing on a failed sign-in or for another session, once under concurrent
 * sign-ins, and a merge that fails leaves the sign-in alone. The planning rule is a property.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GuestListMerge, linesToMove, mergeGuestListsAtSignIn } from '../../../server/lists/merge';
import { MAX_LIST_ITEMS } from '../../../core/lists/limits';
import { startTestServer, type TestServer } from '../../support/test-server';
import { client, customerToken, guestToken, type Client } from '../cart/support';

interface Line {
  id: string;
  sku: string;
  addedAt: string;
}
interface List {
  id: string;
  version: number;
  name: { 'en-US': string };
  lineItems: Line[];
}
interface SignInAnswer {
  status: string;
  tokens?: { access_token: string };
}

const PASSWORD = 'Sturdy-Tap-2026!';
let server: TestServer;
let skus: string[];

beforeAll(async () => {
  server = await startTestServer();
  const products = await server.db.query<{ sku: string }>(
    'SELECT sku FROM products ORDER BY sku LIMIT 12',
  );
  skus = products.rows.map((r) => r.sku);
  if (skus.length < 12) throw new Error('the demo catalogue is not seeded');
});
afterAll(() => server.dispose());

const sku = (i: number): string => {
  const s = skus[i];
  if (s === undefined) throw new Error(`no sku ${i}`);
  return s;
};

const listOf = async (c: Client, name = 'Favorites'): Promise<List | undefined> => {
  const res = await c.get<{ results: List[] }>(`/shopping-list/${name}`);
  expect(res.status).toBe(200);
  expect(res.body.results.length).toBeLessThanOrEqual(1);
  return res.body.results[0];
};

/** The owner's list of this name holding `items`, made through the API as the storefront does. */
const heart = async (c: Client, items: readonly string[], name = 'Favorites'): Promise<List> => {
  const created = await c.post<List>('/shopping-list/create', { name: { 'en-US': name } });
  expect([200, 201]).toContain(created.status);
  if (items.length === 0) return created.body;
  const added = await c.post<List>(`/shopping-list/add/${created.body.id}?type=product`, {
    version: created.body.version,
    actions: items.map((s) => ({ action: 'addLineItem', sku: s, quantity: 1 })),
  });
  expect(added.status).toBe(200);
  return added.body;
};

const newGuest = async (): Promise<Client> => client(server, (await guestToken(server)).token);

const signUp = async (guest: Client, email: string) =>
  guest.post<{ email: string }>('/customer/signup', {
    email,
    password: PASSWORD,
    firstName: 'Robin',
    lastName: 'Tester',
    accountType: 'homeowner',
  });

const signIn = async (guest: Client, email: string, password = PASSWORD) =>
  (await guest.post<SignInAnswer>('/identity/signin', { username: email, password })).body;

/** A signed-in customer (signed up and in from sessions with no lists of their own). */
const account = async (): Promise<{ email: string; customer: Client }> => {
  const email = `lists-${randomUUID()}@example.test`;
  expect((await signUp(await newGuest(), email)).status).toBe(202);
  const answer = await signIn(await newGuest(), email);
  expect(answer.status).toBe('SUCCESS');
  return { email, customer: client(server, answer.tokens?.access_token ?? '') };
};

const skusOf = (list: List | undefined): string[] => list?.lineItems.map((l) => l.sku) ?? [];

describe('at sign-in, the guest session’s lists join the customer’s', () => {
  it('adds what the customer lacks, keeps their lines, bumps the version and drops the guest’s', async () => {
    const { email, customer } = await account();
    const mine = await heart(customer, [sku(1), sku(2)]);
    const guest = await newGuest();
    const guestFavorites = await heart(guest, [sku(0), sku(1)]);
    await heart(guest, [sku(3)], 'MyProducts');

    const answer = await signIn(guest, email);
    expect(answer.status).toBe('SUCCESS');

    const merged = await listOf(customer);
    expect(merged?.id).toBe(mine.id);
    expect(merged?.version).toBe(mine.version + 1);
    expect([...skusOf(merged)].sort()).toEqual([sku(0), sku(1), sku(2)].sort());
    // The customer's own lines stay as they were; the guest's new one keeps its addedAt.
    for (const line of mine.lineItems) expect(merged?.lineItems).toContainEqual(line);
    const moved = merged?.lineItems.find((l) => l.sku === sku(0));
    expect(moved?.addedAt).toBe(guestFavorites.lineItems[0]?.addedAt);
    // A list the customer did not have is created for them.
    const products = await listOf(customer, 'MyProducts');
    expect(skusOf(products)).toEqual([sku(3)]);
    expect(products?.version).toBe(1);
    // The new token reads the same lists; the guest's are gone.
    expect(await listOf(client(server, answer.tokens?.access_token ?? ''))).toEqual(merged);
    expect(await listOf(guest)).toBeUndefined();
    expect(await listOf(guest, 'MyProducts')).toBeUndefined();

    // A tab still holding the version before the merge is told to reload.
    const stale = await customer.post<{ errors?: { code: string; currentVersion?: number }[] }>(
      `/shopping-list/add/${mine.id}?type=product`,
      { version: mine.version, actions: [{ action: 'addLineItem', sku: sku(4) }] },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.errors?.[0]).toMatchObject({
      code: 'ConcurrentModification',
      currentVersion: mine.version + 1,
    });

    // Signing in from the session again merges nothing more.
    expect((await signIn(guest, email)).status).toBe('SUCCESS');
    expect(await listOf(customer)).toEqual(merged);
  });

  it('at sign-up, the guest’s lists become the new account’s', async () => {
    const guest = await newGuest();
    const hearted = await heart(guest, [sku(5), sku(6)]);
    const email = `signup-${randomUUID()}@example.test`;
    expect((await signUp(guest, email)).status).toBe(202);
    expect(await listOf(guest)).toBeUndefined();

    const answer = await signIn(await newGuest(), email);
    const customer = client(server, answer.tokens?.access_token ?? '');
    const list = await listOf(customer);
    expect(list?.version).toBe(1);
    expect(list?.lineItems).toEqual(hearted.lineItems);
  });

  it('merges nothing on a wrong password or a taken e-mail, nor from another session', async () => {
    const { email, customer } = await account();
    const mine = await heart(customer, [sku(7)]);
    const guest = await newGuest();
    const theirs = await heart(guest, [sku(8)]);
    const other = await newGuest();
    const others = await heart(other, [sku(9)]);

    expect((await signIn(guest, email, 'Not-The-Password-1!')).status).toBe(
      'AUTHENTICATION_FAILED',
    );
    // Signing up with the taken e-mail answers as for a new one and changes nothing.
    expect((await signUp(guest, email)).status).toBe(202);
    expect(await listOf(customer)).toEqual(mine);
    expect(await listOf(guest)).toEqual(theirs);

    expect((await signIn(guest, email)).status).toBe('SUCCESS');
    expect([...skusOf(await listOf(customer))].sort()).toEqual([sku(7), sku(8)].sort());
    // Another guest session's lists are its own still.
    expect(await listOf(other)).toEqual(others);
  });

  it('merges once when the session signs in several times at once', async () => {
    const { email, customer } = await account();
    const mine = await heart(customer, [sku(10)]);
    const guest = await newGuest();
    await heart(guest, [sku(0), sku(10), sku(11)]);

    const answers = await Promise.all([1, 2, 3, 4].map(() => signIn(guest, email)));
    expect(answers.map((a) => a.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS']);
    const merged = await listOf(customer);
    expect(merged?.version).toBe(mine.version + 1);
    expect(skusOf(merged)).toHaveLength(3);
    expect([...skusOf(merged)].sort()).toEqual([sku(0), sku(10), sku(11)].sort());
    expect(await listOf(guest)).toBeUndefined();
  });

  it('a merge that fails leaves the sign-in successful and the lists as they were, for next time', async () => {
    const { email, customer } = await account();
    const mine = await heart(customer, [sku(1)]);
    const guest = await newGuest();
    const theirs = await heart(guest, [sku(2)]);
    const trigger = `refuse_${randomUUID().replaceAll('-', '')}`;
    // The guest's list cannot be deleted: the merge's last step fails, after lines have moved.
    await server.db.exec(`
      CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$;
      CREATE TRIGGER ${trigger} BEFORE DELETE ON shopping_lists
        FOR EACH ROW WHEN (OLD.id = '${theirs.id}') EXECUTE FUNCTION ${trigger}();`);
    try {
      const answer = await signIn(guest, email);
      expect(answer.status).toBe('SUCCESS');
      expect(answer.tokens?.access_token).toEqual(expect.any(String));
      expect(await listOf(customer)).toEqual(mine);
      expect(await listOf(guest)).toEqual(theirs);
    } finally {
      await server.db.exec(
        `DROP TRIGGER ${trigger} ON shopping_lists; DROP FUNCTION ${trigger}();`,
      );
    }
    expect((await signIn(guest, email)).status).toBe('SUCCESS');
    expect([...skusOf(await listOf(customer))].sort()).toEqual([sku(1), sku(2)].sort());
  });

  it('an account deleted meanwhile takes nothing; the guest keeps their lists', async () => {
    const guest = await guestToken(server);
    const theirs = await heart(client(server, guest.token), [sku(3)]);
    expect(await new GuestListMerge(server.db).merge(randomUUID(), guest.anonymousId)).toEqual([]);
    expect(await listOf(client(server, guest.token))).toEqual(theirs);
  });

  it('for any lists on both sides: the union, the customer’s lines kept, one version step', async () => {
    const merger = new GuestListMerge(server.db);
    const subset = fc.subarray([...Array(12).keys()]);
    await fc.assert(
      fc.asyncProperty(subset, subset, fc.boolean(), async (ours, theirs, hasList) => {
        const c = await customerToken(server);
        const customer = client(server, c.token);
        const mine = hasList ? await heart(customer, ours.map(sku)) : undefined;
        const g = await guestToken(server);
        await heart(client(server, g.token), theirs.map(sku));

        await merger.merge(c.customerId, g.anonymousId);

        const after = await listOf(customer);
        const want = new Set([...(mine === undefined ? [] : ours), ...theirs].map(sku));
        expect(new Set(skusOf(after))).toEqual(want);
        expect(skusOf(after)).toHaveLength(want.size);
        for (const line of mine?.lineItems ?? []) expect(after?.lineItems).toContainEqual(line);
        const added = theirs.some((i) => !ours.includes(i));
        if (mine !== undefined) expect(after?.version).toBe(mine.version + (added ? 1 : 0));
        else if (theirs.length > 0) expect(after?.version).toBe(1);
        else expect(after).toBeUndefined();
        expect(await listOf(client(server, g.token))).toBeUndefined();
      }),
      { numRuns: 15 },
    );
  });
});

describe('linesToMove', () => {
  const sku4 = fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F');
  const guestLines = fc
    .uniqueArray(sku4, { maxLength: 6 })
    .map((s) => s.map((sku, i) => ({ id: `line-${i}`, sku })));

  it('moves, in order, the lines whose SKU the customer lacks, up to the room left', () => {
    fc.assert(
      fc.property(fc.uniqueArray(sku4), guestLines, fc.nat(8), (customer, guest, room) => {
        const moving = linesToMove(customer, guest, room);
        const lacking = guest.filter((l) => !customer.includes(l.sku));
        expect(moving).toEqual(lacking.slice(0, room));
      }),
    );
  });

  it('never takes a SKU twice nor fills a list beyond its limit', () => {
    const line = fc.record({ id: fc.uuid(), sku: sku4 });
    fc.assert(
      fc.property(fc.array(sku4), fc.array(line), (customer, guest) => {
        const moving = linesToMove(customer, guest, MAX_LIST_ITEMS - customer.length);
        const all = [...new Set(customer), ...moving.map((l) => l.sku)];
        expect(new Set(all).size).toBe(all.length);
        expect(customer.length + moving.length).toBeLessThanOrEqual(
          Math.max(MAX_LIST_ITEMS, customer.length),
        );
        for (const l of moving) expect(guest).toContain(l);
      }),
    );
  });
});

describe('mergeGuestListsAtSignIn', () => {
  it('logs a failed merge instead of failing the sign-in', async () => {
    const logged: { details: object; message: string }[] = [];
    const failure = new Error('database is gone');
    const merger = { merge: () => Promise.reject(failure) };
    await expect(
      mergeGuestListsAtSignIn(merger, 'c-1', 'g-1', {
        error: (details, message) => logged.push({ details, message }),
      }),
    ).resolves.toBeUndefined();
    expect(logged).toEqual([{ details: { err: failure }, message: expect.any(String) }]);
  });
});
