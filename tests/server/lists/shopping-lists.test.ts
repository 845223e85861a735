/**
 * Shopping lists end to end on the real server (docs/api.md "Shopping lists"): versions, stale
 * writes, isolation between owners, all-or-nothing updates, bad bodies and fuzzed ones.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LIST_ITEMS } from '../../../core/lists/limits';
import { startTestServer, type TestServer } from '../../support/test-server';

interface Line {
  id: string;
  sku: string;
  productSlug: string;
  name: string;
  addedAt: string;
  image?: string;
}
interface List {
  id: string;
  version: number;
  name: { 'en-US': string };
  lineItems: Line[];
}
interface Answer<T = unknown> {
  status: number;
  body: T;
}
interface ErrorAnswer {
  statusCode: number;
  error: string;
  message: string;
  errors?: { code: string; currentVersion?: number }[];
}

let server: TestServer;
let skus: string[];
let variantSku: { sku: string; master: string };

beforeAll(async () => {
  server = await startTestServer();
  const products = await server.db.query<{ sku: string }>(
    'SELECT sku FROM products ORDER BY sku LIMIT 12',
  );
  skus = products.rows.map((r) => r.sku);
  const variant = await server.db.query<{ sku: string; product_sku: string }>(
    'SELECT sku, product_sku FROM product_variants ORDER BY sku LIMIT 1',
  );
  const v = variant.rows[0];
  if (v === undefined || skus.length < 12) throw new Error('the demo catalogue is not seeded');
  variantSku = { sku: v.sku, master: v.product_sku };
});
afterAll(() => server.dispose());

const guest = async (gId: string = randomUUID()): Promise<string> => {
  const res = await fetch(`${server.api}/oauth/token?scope=guest&channel=KOUS&gId=${gId}`, {
    method: 'POST',
  });
  return ((await res.json()) as { access_token: string }).access_token;
};

const call = async <T = unknown>(
  method: 'GET' | 'POST',
  path: string,
  token: string | null,
  body?: unknown,
  rawBody?: string,
): Promise<Answer<T>> => {
  const headers: Record<string, string> = {};
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const payload = rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.api}${path}`, {
    method,
    headers,
    ...(payload === undefined ? {} : { body: payload }),
  });
  const text = await res.text();
  return { status: res.status, body: (text === '' ? null : JSON.parse(text)) as T };
};

const favorites = (token: string) =>
  call<{ results: List[] }>('GET', '/shopping-list/Favorites', token);
const create = (token: string, name = 'Favorites') =>
  call<List>('POST', '/shopping-list/create', token, { name: { 'en-US': name } });
const addAction = (sku: string) => ({
  action: 'addLineItem',
  sku,
  quantity: 1,
  custom: { type: { key: 'lineItemShoppingList' } },
});
const add = (token: string, id: string, version: number, ...items: string[]) =>
  call<List>('POST', `/shopping-list/add/${id}?type=product`, token, {
    version,
    actions: items.map(addAction),
  });
const remove = (token: string, id: string, version: number, ...lineItemIds: string[]) =>
  call<List>('POST', `/shopping-list/remove/items/${id}`, token, {
    version,
    actions: lineItemIds.map((lineItemId) => ({ action: 'removeLineItem', lineItemId })),
  });

const newList = async (token: string): Promise<List> => {
  const created = await create(token);
  expect(created.status).toBe(201);
  return created.body;
};

const sku = (i: number): string => {
  const s = skus[i];
  if (s === undefined) throw new Error(`no sku ${i}`);
  return s;
};

describe('a shopper’s Favorites', () => {
  it('is absent until created, then created once at version 1', async () => {
    const token = await guest();
    expect(await favorites(token)).toEqual({ status: 200, body: { results: [] } });
    const created = await create(token);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      version: 1,
      name: { 'en-US': 'Favorites' },
      lineItems: [],
    });
    // A second create (another tab) answers the same list rather than making a twin.
    const again = await create(token);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(created.body.id);
    expect((await favorites(token)).body.results.map((l) => l.id)).toEqual([created.body.id]);
  });

  it('adds products with their catalogue name, slug and image, once each, bumping the version', async () => {
    const token = await guest();
    const list = await newList(token);
    const added = await add(token, list.id, 1, sku(0).toLowerCase());
    expect(added.status).toBe(200);
    expect(added.body.version).toBe(2);
    const [line] = added.body.lineItems;
    const product = await server.db.query<{ slug: string; title: string }>(
      'SELECT slug, title FROM products WHERE sku = $1',
      [sku(0)],
    );
    expect(line).toMatchObject({
      sku: sku(0),
      productSlug: product.rows[0]?.slug,
      name: product.rows[0]?.title,
    });
    expect(new Date(line?.addedAt ?? '').toISOString()).toBe(line?.addedAt);
    expect(line?.image).toMatch(/^\/images\//);

    const twice = await add(token, list.id, 2, sku(0), sku(1));
    expect(twice.status).toBe(200);
    expect(twice.body.version).toBe(3);
    expect(twice.body.lineItems.map((l) => l.sku)).toEqual([sku(0), sku(1)]);
    expect((await favorites(token)).body.results).toEqual([twice.body]);
  });

  it('takes a variant SKU and shows its product', async () => {
    const token = await guest();
    const list = await newList(token);
    const added = await add(token, list.id, 1, variantSku.sku);
    expect(added.status).toBe(200);
    const master = await server.db.query<{ slug: string }>(
      'SELECT slug FROM products WHERE sku = $1',
      [variantSku.master],
    );
    expect(added.body.lineItems[0]).toMatchObject({
      sku: variantSku.sku,
      productSlug: master.rows[0]?.slug,
    });
  });

  it('removes lines by id; a line not on the list is a 400 naming it and changes nothing', async () => {
    const token = await guest();
    const list = await newList(token);
    const full = (await add(token, list.id, 1, sku(0), sku(1), sku(2))).body;
    const middle = full.lineItems[1]?.id ?? '';
    const removed = await remove(token, list.id, full.version, middle);
    expect(removed.status).toBe(200);
    expect(removed.body.version).toBe(full.version + 1);
    expect(removed.body.lineItems.map((l) => l.sku)).toEqual([sku(0), sku(2)]);

    const first = removed.body.lineItems[0]?.id ?? '';
    const missing = await remove(token, list.id, removed.body.version, first, middle);
    expect(missing.status).toBe(400);
    expect((missing.body as unknown as ErrorAnswer).message).toContain('actions[1].lineItemId');
    // The first removal of that request was rolled back with it.
    expect((await favorites(token)).body.results[0]).toEqual(removed.body);
  });

  it('applies all actions of a request or none: an unknown SKU fails the whole add', async () => {
    const token = await guest();
    const list = await newList(token);
    const res = await add(token, list.id, 1, sku(3), 'K-NOPE-0000');
    expect(res.status).toBe(400);
    expect((res.body as unknown as ErrorAnswer).message).toMatch(/^actions\[1\]\.sku/);
    expect((await favorites(token)).body.results[0]).toMatchObject({ version: 1, lineItems: [] });
  });

  it('answers a stale version with 409 ConcurrentModification and the current version', async () => {
    const token = await guest();
    const list = await newList(token);
    await add(token, list.id, 1, sku(0));
    const stale = await add(token, list.id, 1, sku(1));
    expect(stale.status).toBe(409);
    expect(stale.body as unknown as ErrorAnswer).toMatchObject({
      statusCode: 409,
      errors: [{ code: 'ConcurrentModification', currentVersion: 2 }],
    });
    const staleRemove = await remove(token, list.id, 1, 'whatever');
    expect(staleRemove.status).toBe(409);
    expect((await favorites(token)).body.results[0]?.lineItems.map((l) => l.sku)).toEqual([sku(0)]);
  });

  it('lets exactly one of two writes at the same version through', async () => {
    const token = await guest();
    const list = await newList(token);
    const answers = await Promise.all([
      add(token, list.id, 1, sku(4)),
      add(token, list.id, 1, sku(5)),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const [now] = (await favorites(token)).body.results;
    expect(now?.version).toBe(2);
    expect(now?.lineItems).toHaveLength(1);
  });

  it(`holds at most ${MAX_LIST_ITEMS} products`, async () => {
    const token = await guest();
    const list = await newList(token);
    const many = await server.db.query<{ sku: string }>(
      'SELECT sku FROM products ORDER BY sku LIMIT $1',
      [MAX_LIST_ITEMS + 1],
    );
    const all = many.rows.map((r) => r.sku);
    const first = await add(token, list.id, 1, ...all.slice(0, 50));
    const second = await add(token, list.id, 2, ...all.slice(50, MAX_LIST_ITEMS));
    expect(second.body.lineItems).toHaveLength(MAX_LIST_ITEMS);
    expect(first.status).toBe(200);
    const over = await add(token, list.id, 3, all[MAX_LIST_ITEMS] ?? '');
    expect(over.status).toBe(400);
    expect((over.body as unknown as ErrorAnswer).message).toContain('actions');
  });
});

describe('owners', () => {
  it('keeps each owner’s lists to themselves: another’s list is not found', async () => {
    const alice = await guest();
    const bob = await guest();
    const list = await newList(alice);
    const withLine = (await add(alice, list.id, 1, sku(0))).body;
    const lineId = withLine.lineItems[0]?.id ?? '';

    expect((await favorites(bob)).body.results).toEqual([]);
    const bobAdds = await add(bob, list.id, 2, sku(1));
    expect(bobAdds.status).toBe(404);
    const bobRemoves = await remove(bob, list.id, 2, lineId);
    expect(bobRemoves.status).toBe(404);
    expect((await favorites(alice)).body.results).toEqual([withLine]);

    // Bob's own Favorites is a different list.
    const bobs = await newList(bob);
    expect(bobs.id).not.toBe(list.id);
  });

  it('keeps a returning guest’s favorites under the same guest id', async () => {
    const gId = randomUUID();
    const first = await guest(gId);
    const list = await newList(first);
    await add(first, list.id, 1, sku(6));
    const later = await guest(gId);
    expect((await favorites(later)).body.results[0]?.lineItems.map((l) => l.sku)).toEqual([sku(6)]);
  });

  it('is listed in the API reference, behind a bearer token', async () => {
    const res = await call<{
      paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>>;
    }>('GET', '/openapi.json', null);
    const routes: [string, string][] = [
      ['/api/shopping-list/{name}', 'get'],
      ['/api/shopping-list/create', 'post'],
      ['/api/shopping-list/add/{id}', 'post'],
      ['/api/shopping-list/remove/items/{id}', 'post'],
    ];
    for (const [path, method] of routes) {
      const op = res.body.paths[path]?.[method];
      expect(op?.tags, `${method} ${path}`).toEqual(['Shopping lists']);
      expect(op?.security).toBeUndefined();
    }
  });

  it('needs a token', async () => {
    const res = await call<ErrorAnswer>('GET', '/shopping-list/Favorites', null);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('JWT not present.');
  });
});

describe('bad input', () => {
  it('answers 400 naming the field', async () => {
    const token = await guest();
    const list = await newList(token);
    const addPath = `/shopping-list/add/${list.id}?type=product`;
    const removePath = `/shopping-list/remove/items/${list.id}`;
    const cases: [string, unknown, string][] = [
      ['/shopping-list/create', {}, 'name'],
      ['/shopping-list/create', { name: 'Favorites' }, 'name'],
      ['/shopping-list/create', { name: { 'en-US': 'Wishlist' } }, 'name.en-US'],
      ['/shopping-list/create', [], 'body'],
      [addPath, { actions: [addAction(sku(0))] }, 'version'],
      [addPath, { version: 0, actions: [addAction(sku(0))] }, 'version'],
      [addPath, { version: 1.5, actions: [addAction(sku(0))] }, 'version'],
      [addPath, { version: '1', actions: [addAction(sku(0))] }, 'version'],
      [addPath, { version: 1, actions: [] }, 'actions'],
      [addPath, { version: 1, actions: {} }, 'actions'],
      [addPath, { version: 1, actions: [null] }, 'actions[0]'],
      [
        addPath,
        { version: 1, actions: [{ action: 'removeLineItem', sku: sku(0) }] },
        'actions[0].action',
      ],
      [addPath, { version: 1, actions: [{ action: 'addLineItem' }] }, 'actions[0].sku'],
      [
        addPath,
        { version: 1, actions: [{ action: 'addLineItem', sku: 'K 1;--' }] },
        'actions[0].sku',
      ],
      [
        addPath,
        { version: 1, actions: [{ ...addAction(sku(0)), quantity: 3 }] },
        'actions[0].quantity',
      ],
      [
        addPath,
        { version: 1, actions: [{ ...addAction(sku(0)), custom: { type: { key: 'x' } } }] },
        'actions[0].custom.type.key',
      ],
      [
        `/shopping-list/add/${list.id}?type=service`,
        { version: 1, actions: [addAction(sku(0))] },
        'type',
      ],
      [
        removePath,
        { version: 1, actions: [{ action: 'removeLineItem' }] },
        'actions[0].lineItemId',
      ],
      [
        removePath,
        { version: 1, actions: [{ action: 'addLineItem', sku: sku(0) }] },
        'actions[0].action',
      ],
      [
        removePath,
        { version: 1, actions: [{ action: 'removeTextLineItem', textLineItemId: 'x' }] },
        'actions[0].textLineItemId',
      ],
    ];
    for (const [path, body, field] of cases) {
      const res = await call<ErrorAnswer>('POST', path, token, body);
      expect({ path, body, status: res.status }).toEqual({ path, body, status: 400 });
      expect(res.body.message.startsWith(field), `${res.body.message} names ${field}`).toBe(true);
    }
    const badName = await call<ErrorAnswer>('GET', '/shopping-list/Wishlist', token);
    expect(badName.status).toBe(400);
    expect(badName.body.message).toContain('name');
    const noBody = await call<ErrorAnswer>('POST', addPath, token, undefined, '');
    expect(noBody.status).toBe(400);
    const broken = await call<ErrorAnswer>('POST', addPath, token, undefined, '{"version":');
    expect(broken.status).toBe(400);
    // Nothing of the above changed the list.
    expect((await favorites(token)).body.results).toEqual([list]);
  });

  it('never answers a fuzzed request with a 5xx', async () => {
    const token = await guest();
    const list = await newList(token);
    const ids = fc.constantFrom(list.id, 'x', randomUUID(), '%00', '..%2F..', 'a'.repeat(300));
    const action = fc.record(
      {
        action: fc.constantFrom('addLineItem', 'removeLineItem', 'removeTextLineItem', 'other'),
        sku: fc.oneof(fc.constantFrom(sku(0), sku(1), 'K-0', ''), fc.string(), fc.anything()),
        quantity: fc.oneof(fc.constant(1), fc.anything()),
        lineItemId: fc.oneof(fc.uuid(), fc.string(), fc.anything()),
        custom: fc.anything(),
      },
      { requiredKeys: [] },
    );
    const body = fc.oneof(
      fc.anything(),
      fc.record(
        {
          version: fc.oneof(fc.integer({ min: -2, max: 30 }), fc.anything()),
          actions: fc.oneof(fc.array(action, { maxLength: 4 }), fc.anything()),
          name: fc.oneof(
            fc.record({ 'en-US': fc.constantFrom('Favorites', 'MyProducts', 'X') }),
            fc.anything(),
          ),
        },
        { requiredKeys: [] },
      ),
    );
    const path = fc.oneof(
      fc.constant('/shopping-list/create'),
      ids.map((id) => `/shopping-list/add/${id}?type=product`),
      ids.map((id) => `/shopping-list/remove/items/${id}`),
    );
    await fc.assert(
      fc.asyncProperty(path, body, async (p, b) => {
        const res = await call('POST', p, token, b === undefined ? null : b);
        expect(res.status).toBeGreaterThanOrEqual(200);
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 80 },
    );
    // Whatever the fuzz did, the list still reads back consistently.
    const [after] = (await favorites(token)).body.results;
    expect(after?.version).toBeGreaterThanOrEqual(1);
  });
});

describe('versions (property)', () => {
  type Op =
    | { kind: 'add'; skuIndex: number }
    | { kind: 'remove'; pick: number }
    | { kind: 'stale'; skuIndex: number; behind: number };

  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('add' as const), skuIndex: fc.nat({ max: 5 }) }),
    fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
    fc.record({
      kind: fc.constant('stale' as const),
      skuIndex: fc.nat({ max: 5 }),
      behind: fc.integer({ min: 1, max: 3 }),
    }),
  );

  it('bumps the version by one on every accepted change, refuses stale ones untouched, and keeps the set of SKUs', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        const token = await guest();
        let list = await newList(token);
        const model: string[] = [];
        for (const o of ops) {
          if (o.kind === 'add') {
            const res = await add(token, list.id, list.version, sku(o.skuIndex));
            expect(res.status).toBe(200);
            expect(res.body.version).toBe(list.version + 1);
            if (!model.includes(sku(o.skuIndex))) model.push(sku(o.skuIndex));
            list = res.body;
          } else if (o.kind === 'remove') {
            const line = list.lineItems[o.pick % Math.max(1, list.lineItems.length)];
            if (line === undefined) continue;
            const res = await remove(token, list.id, list.version, line.id);
            expect(res.status).toBe(200);
            expect(res.body.version).toBe(list.version + 1);
            model.splice(model.indexOf(line.sku), 1);
            list = res.body;
          } else {
            const version = list.version - o.behind;
            if (version < 1) continue;
            const res = await add(token, list.id, version, sku(o.skuIndex));
            expect(res.status).toBe(409);
            expect((res.body as unknown as ErrorAnswer).errors?.[0]?.currentVersion).toBe(
              list.version,
            );
          }
          expect(list.lineItems.map((l) => l.sku)).toEqual(model);
        }
        expect((await favorites(token)).body.results).toEqual([list]);
      }),
      { numRuns: 12 },
    );
  });
});
