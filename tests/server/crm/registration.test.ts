/**
 * Product registration over HTTP on a real test server (docs/registration.md): every field of the
 * offline form refused by name, uploads judged by their bytes and size and read back by their owner
 * only, customers kept apart, online registration of order lines (once each), my products and my
 * services, a guest's registration joining the account at sign-in, and never a 5xx under fuzzed
 * bodies and query strings.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../core/registration/registration-rules';
import { deleteCustomerAccount } from '../../../server/identity/account-deletion';
import { startTestServer, type TestServer } from '../../support/test-server';
import { client, customerToken, guestToken } from '../cart/support';
import { insertOrder, lineItem } from '../orders/fixture';
import { ELF, EXE, HEIC, JPEG, PDF, PNG } from './files';

let server: TestServer;
let model: { sku: string; productSku: string };
let discontinued: string;
let service: string;

beforeAll(async () => {
  server = await startTestServer();
  const finished = await server.db.query<{ sku: string; product_sku: string }>(
    `SELECT v.sku, v.product_sku FROM product_variants v JOIN products p ON p.sku = v.product_sku
     WHERE p.kind = 'finished-good' AND v.discontinued_at IS NULL
       AND EXISTS (SELECT 1 FROM products q WHERE q.kind = 'part' AND p.sku = ANY (q.fits_models))
     ORDER BY v.sku LIMIT 1`,
  );
  model = { sku: finished.rows[0]?.sku ?? '', productSku: finished.rows[0]?.product_sku ?? '' };
  const gone = await server.db.query<{ sku: string }>(
    `SELECT v.sku FROM product_variants v JOIN products p ON p.sku = v.product_sku
     WHERE p.kind = 'finished-good' AND v.discontinued_at IS NOT NULL AND v.discontinued_at < now()
     ORDER BY v.sku LIMIT 1`,
  );
  discontinued = gone.rows[0]?.sku ?? '';
  const svc = await server.db.query<{ sku: string }>(
    `SELECT v.sku FROM product_variants v JOIN products p ON p.sku = v.product_sku
     WHERE p.kind = 'install-service' ORDER BY v.sku LIMIT 1`,
  );
  service = svc.rows[0]?.sku ?? '';
  expect(model.sku).not.toBe('');
  expect(discontinued).not.toBe('');
  expect(service).not.toBe('');
});
afterAll(() => server.dispose());

const OWNER = {
  firstName: 'Ada',
  lastName: 'Byron',
  email: 'ada@example.test',
  mobile: '2125550123',
  streetName: '1 Main St',
  city: 'New York',
  state: 'NY',
  postalCode: '10001',
  country: 'US',
};

const offline = (over: Record<string, unknown> = {}) => ({
  kind: 'offline',
  modelNumber: model.sku,
  purchaseDate: '2025-03-15',
  placeOfPurchase: 'Showroom',
  owner: OWNER,
  ...over,
});

interface Answer<T = Record<string, unknown>> {
  readonly status: number;
  readonly body: T;
}

const upload = async (
  token: string,
  bytes: Uint8Array<ArrayBuffer>,
  fileName: string,
  type = 'application/octet-stream',
): Promise<Answer> => {
  const res = await fetch(
    `${server.api}/crm/asset/upload?fileName=${encodeURIComponent(fileName)}`,
    {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      body: bytes,
    },
  );
  const text = await res.text();
  return {
    status: res.status,
    body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
  };
};

const fieldsOf = (body: unknown): string[] =>
  ((body as { errors?: { field?: string }[] }).errors ?? []).map((e) => e.field ?? '');

const assetCount = async (): Promise<number> =>
  Number(
    (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM crm_assets')).rows[0]?.n,
  );

describe('offline registration', () => {
  it('registers a product and answers success as the string "true"', async () => {
    const c = client(server, (await customerToken(server)).token);
    const answer = await c.post<{ success: unknown; registrations: { modelNumber: string }[] }>(
      '/crm/product/registration',
      offline({ serialNumber: 'SN-42/7', installationAddress: { ...OWNER, firstName: undefined } }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe('true');
    expect(answer.body.registrations.map((r) => r.modelNumber)).toEqual([model.sku]);
    const listed = await c.get<{ results: { modelNumber: string; serialNumber: string }[] }>(
      '/crm/fetchproductregistration',
    );
    expect(listed.body.results).toMatchObject([
      { modelNumber: model.sku, serialNumber: 'SN-42/7' },
    ]);
  });

  it('registers a discontinued model', async () => {
    const c = client(server, (await customerToken(server)).token);
    const answer = await c.post(
      '/crm/product/registration',
      offline({ modelNumber: discontinued }),
    );
    expect(answer.status).toBe(200);
    const suggested = await c.get<{ results: { modelNumber: string; discontinued: boolean }[] }>(
      `/crm/modelnumbers?q=${encodeURIComponent(discontinued)}`,
    );
    expect(suggested.body.results).toContainEqual(
      expect.objectContaining({ modelNumber: discontinued, discontinued: true }),
    );
  });

  const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  it.each([
    ['modelNumber', { modelNumber: undefined }],
    ['modelNumber', { modelNumber: 'K-NOT-A-MODEL-999' }],
    ['modelNumber', { modelNumber: 42 }],
    ['modelNumber', { modelNumber: service }],
    ['purchaseDate', { purchaseDate: undefined }],
    ['purchaseDate', { purchaseDate: tomorrow }],
    ['purchaseDate', { purchaseDate: '2025-02-30' }],
    ['purchaseDate', { purchaseDate: '15/03/2025' }],
    ['placeOfPurchase', { placeOfPurchase: 'A car boot sale' }],
    ['placeOfPurchase', { placeOfPurchase: undefined }],
    ['serialNumber', { serialNumber: 'has spaces!' }],
    ['owner', { owner: undefined }],
    ['owner.postalCode', { owner: { ...OWNER, postalCode: 'ABCDE' } }],
    ['owner.email', { owner: { ...OWNER, email: 'not-an-email' } }],
    ['owner.state', { owner: { ...OWNER, state: 'ZZ' } }],
    ['owner.streetName', { owner: { ...OWNER, streetName: undefined } }],
    ['installationAddress.city', { installationAddress: { ...OWNER, city: undefined } }],
    ['proofOfPurchase', { proofOfPurchase: randomUUID() }],
    ['proofOfPurchase', { proofOfPurchase: 'x' }],
    ['kind', { kind: 'sideways' }],
  ])('refuses a bad %s by name, writing nothing', async (field, over) => {
    const c = client(server, (await customerToken(server)).token);
    const answer = await c.post('/crm/product/registration', offline(over));
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer.body)).toContain(field);
    expect(
      (await c.get<{ results: unknown[] }>('/crm/fetchproductregistration')).body.results,
    ).toEqual([]);
  });

  it('names every bad field at once', async () => {
    const c = client(server, (await customerToken(server)).token);
    const answer = await c.post('/crm/product/registration', {
      kind: 'offline',
      purchaseDate: tomorrow,
      placeOfPurchase: 'nowhere',
      owner: { ...OWNER, postalCode: '1' },
    });
    expect(fieldsOf(answer.body)).toEqual(
      expect.arrayContaining([
        'modelNumber',
        'purchaseDate',
        'placeOfPurchase',
        'owner.postalCode',
      ]),
    );
  });
});

describe('uploads', () => {
  it.each([
    ['My Receipt.PDF', 'application/pdf', 'my-receipt.pdf', PDF],
    ['Photo 1.jpg', 'image/jpeg', 'photo-1.jpg', JPEG],
    ['scan.png', 'image/png', 'scan.png', PNG],
    ['IMG 0001.HEIC', 'image/heic', 'img-0001.heic', HEIC],
  ])('keeps %s as %s named %s (spec §5)', async (name, type, stored, bytes) => {
    const { token } = await customerToken(server);
    const answer = await upload(token, bytes, name, 'application/octet-stream');
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ fileName: stored, contentType: type, size: bytes.length });
    const res = await fetch(`${server.api}${String(answer.body.url)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain(type);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
  });

  it('refuses a program renamed .pdf and sent as application/pdf, keeping nothing', async () => {
    const { token } = await customerToken(server);
    const before = await assetCount();
    for (const bytes of [ELF, EXE, new TextEncoder().encode('just text, not a PDF')]) {
      const answer = await upload(token, bytes, 'invoice.pdf', 'application/pdf');
      expect(answer.status).toBe(415);
      expect(answer.body.errors).toEqual([
        expect.objectContaining({ code: 'UnsupportedFileType', field: 'file' }),
      ]);
    }
    expect(await assetCount()).toBe(before);
  });

  it('refuses an empty file and one over 10 MB, keeping nothing', async () => {
    const { token } = await customerToken(server);
    const before = await assetCount();
    const empty = await upload(token, new Uint8Array(0), 'empty.pdf', 'application/pdf');
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([
      expect.objectContaining({ code: 'EmptyFile', field: 'file' }),
    ]);
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set(PDF);
    const tooBig = await upload(token, big, 'big.pdf', 'application/pdf');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.errors).toEqual([
      expect.objectContaining({ code: 'FileTooLarge', field: 'file' }),
    ]);
    expect(await assetCount()).toBe(before);
  });

  it('keeps a file of exactly 10 MB', async () => {
    const { token } = await customerToken(server);
    const before = await assetCount();
    const limit = new Uint8Array(MAX_UPLOAD_BYTES);
    limit.set(PDF);
    expect((await upload(token, limit, 'limit.pdf', 'application/pdf')).status).toBe(201);
    expect(await assetCount()).toBe(before + 1);
  });

  it('refuses a missing or bad file name by name', async () => {
    const { token } = await customerToken(server);
    const res = await fetch(`${server.api}/crm/asset/upload`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf' },
      body: PDF,
    });
    expect(res.status).toBe(400);
    expect(fieldsOf(await res.json())).toEqual(['fileName']);
    const slash = await upload(token, PDF, '../etc/passwd.pdf', 'application/pdf');
    expect(fieldsOf(slash.body)).toEqual(['fileName']);
  });

  it('needs a bearer token', async () => {
    const res = await fetch(`${server.api}/crm/asset/upload?fileName=a.pdf`, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: PDF,
    });
    expect(res.status).toBe(401);
  });
});

describe('isolation between customers', () => {
  it("B reads neither A's registrations nor A's files, nor uses A's file, nor removes A's registration", async () => {
    const a = await customerToken(server);
    const b = await customerToken(server);
    const asset = await upload(a.token, PDF, 'a receipt.pdf', 'application/pdf');
    const assetId = String(asset.body.assetId);
    const ca = client(server, a.token);
    const cb = client(server, b.token);
    const registered = await ca.post<{ registrations: { id: string }[] }>(
      '/crm/product/registration',
      offline({ proofOfPurchase: assetId }),
    );
    expect(registered.status).toBe(200);
    const id = registered.body.registrations[0]?.id ?? '';

    expect(
      (await cb.get<{ results: unknown[] }>('/crm/fetchproductregistration')).body.results,
    ).toEqual([]);
    expect((await cb.get<{ results: unknown[] }>('/crm/myproducts')).body.results).toEqual([]);
    const read = await fetch(`${server.api}/crm/asset/${assetId}`, {
      headers: { authorization: `Bearer ${b.token}` },
    });
    expect(read.status).toBe(404);
    const anonymous = await fetch(`${server.api}/crm/asset/${assetId}`);
    expect(anonymous.status).toBe(401);
    const reuse = await cb.post('/crm/product/registration', offline({ proofOfPurchase: assetId }));
    expect(fieldsOf(reuse.body)).toEqual(['proofOfPurchase']);
    expect((await cb.del(`/crm/product/registration/${id}`)).status).toBe(404);
    // A's own proof proves one registration only.
    const again = await ca.post('/crm/product/registration', offline({ proofOfPurchase: assetId }));
    expect(fieldsOf(again.body)).toEqual(['proofOfPurchase']);
    expect(
      (await ca.get<{ results: unknown[] }>('/crm/fetchproductregistration')).body.results,
    ).toHaveLength(1);
    expect((await ca.del(`/crm/product/registration/${id}`)).status).toBe(204);
    expect(
      (await ca.get<{ results: unknown[] }>('/crm/fetchproductregistration')).body.results,
    ).toEqual([]);
  });
});

describe('online registration', () => {
  it('registers lines of the customer’s orders once; lines already registered say so', async () => {
    const me = await customerToken(server);
    const c = client(server, me.token);
    const line = lineItem(model.sku, 1, 10_000);
    const svc = { ...lineItem(service, 1, 5_000), isService: true };
    const order = await insertOrder(server.db, {
      ownerKey: `customer:${me.customerId}`,
      email: me.email,
      lineItems: [line, svc],
      createdAt: new Date('2025-06-01T10:00:00Z'),
    });
    const items = await c.get<{ results: { lineItemId: string; registrationId: string | null }[] }>(
      '/crm/registrable-items',
    );
    expect(items.body.results).toEqual([
      expect.objectContaining({ lineItemId: line.id, registrationId: null }),
    ]);
    const ref = { orderNumber: order.orderNumber, lineItemId: line.id };
    const first = await c.post<{ success: string; items: { status: string }[] }>(
      '/crm/product/registration',
      { kind: 'online', items: [ref] },
    );
    expect(first.body).toMatchObject({ success: 'true', items: [{ status: 'registered' }] });
    const second = await c.post<{
      success: string;
      items: { status: string }[];
      registrations: unknown[];
    }>('/crm/product/registration', { kind: 'online', items: [ref] });
    expect(second.body).toMatchObject({
      success: 'true',
      items: [{ status: 'already-registered' }],
      registrations: [],
    });
    const registered = await c.get<{
      results: { purchaseDate: string; placeOfPurchase: string }[];
    }>('/crm/fetchproductregistration');
    expect(registered.body.results).toMatchObject([
      { purchaseDate: '2025-06-01', placeOfPurchase: 'Lavabo online' },
    ]);
    // The service on the order is in my services with the order's status.
    const services = await c.get<{ results: { sku: string; status: string; source: string }[] }>(
      '/crm/myservices',
    );
    expect(services.body.results).toEqual([
      expect.objectContaining({ sku: service, status: 'Open', source: 'ordered' }),
    ]);
  });

  it("refuses another customer's order line and a guest, by name", async () => {
    const a = await customerToken(server);
    const b = await customerToken(server);
    const line = lineItem(model.sku, 1, 10_000);
    const order = await insertOrder(server.db, {
      ownerKey: `customer:${a.customerId}`,
      email: a.email,
      lineItems: [line],
    });
    const body = {
      kind: 'online',
      items: [{ orderNumber: order.orderNumber, lineItemId: line.id }],
    };
    const theirs = await client(server, b.token).post('/crm/product/registration', body);
    expect(theirs.status).toBe(400);
    expect(fieldsOf(theirs.body)).toEqual(['items[0]']);
    const guest = await client(server, (await guestToken(server)).token).post(
      '/crm/product/registration',
      body,
    );
    expect(guest.status).toBe(403);
    expect(
      (
        await client(server, b.token).post('/crm/product/registration', {
          kind: 'online',
          items: [],
        })
      ).status,
    ).toBe(400);
  });
});

describe('my products', () => {
  it('lists registered products with warranty, documents and fitting parts, then saved ones', async () => {
    const c = client(server, (await customerToken(server)).token);
    await c.post('/crm/product/registration', offline({ purchaseDate: '2024-01-10' }));
    const list = await c.post<{ id: string; version: number }>('/shopping-list/create', {
      name: { 'en-US': 'MyProducts' },
    });
    expect(list.status).toBeLessThan(300);
    const mine = await c.get<{
      results: {
        source: string;
        sku: string;
        warranty: { status: string };
        documents: unknown[];
        fittingParts: { url: string }[];
        url: string;
        proofOfPurchase: unknown;
      }[];
    }>('/crm/myproducts');
    expect(mine.status).toBe(200);
    const [registered] = mine.body.results;
    expect(registered).toMatchObject({ source: 'registered', sku: model.sku });
    expect(['active', 'expired', 'lifetime']).toContain(registered?.warranty.status);
    expect(registered?.documents.length).toBeGreaterThan(0);
    expect(registered?.fittingParts.length).toBeGreaterThan(0);
    expect(registered?.url).toMatch(/^\/en\/products\//);
    // Registered without a receipt: none is named (one given is checked in the adapter contract).
    expect(registered?.proofOfPurchase).toBeNull();
  });
});

describe('a guest registration joins the account at sign-in', () => {
  it('moves with its proof of purchase when the owner e-mail is the customer’s', async () => {
    const PASSWORD = 'Sturdy-Tap-2026!';
    const email = `reg-${randomUUID()}@example.test`;
    const signup = await client(server, (await guestToken(server)).token).post('/customer/signup', {
      email,
      password: PASSWORD,
      firstName: 'Robin',
      lastName: 'Tester',
      accountType: 'homeowner',
    });
    expect(signup.status).toBe(202);
    const g = await guestToken(server);
    const asset = await upload(g.token, PNG, 'receipt.png', 'image/png');
    const guest = client(server, g.token);
    expect(
      (
        await guest.post(
          '/crm/product/registration',
          offline({
            owner: { ...OWNER, email: email.toUpperCase() },
            proofOfPurchase: asset.body.assetId,
          }),
        )
      ).status,
    ).toBe(200);
    // Someone else's e-mail stays with the guest session.
    await guest.post(
      '/crm/product/registration',
      offline({ owner: { ...OWNER, email: 'x@example.test' } }),
    );
    expect(
      (await guest.get<{ results: unknown[] }>('/crm/fetchproductregistration')).body.results,
    ).toHaveLength(2);

    const signIn = await guest.post<{ status: string; tokens?: { access_token: string } }>(
      '/identity/signin',
      { username: email, password: PASSWORD },
    );
    expect(signIn.body.status).toBe('SUCCESS');
    const token = signIn.body.tokens?.access_token ?? '';
    const mine = await client(server, token).get<{
      results: { owner: { email: string }; proofOfPurchase: { url: string } | null }[];
    }>('/crm/fetchproductregistration');
    expect(mine.body.results).toHaveLength(1);
    expect(mine.body.results[0]?.owner.email).toBe(email);
    const proof = await fetch(`${server.api}${mine.body.results[0]?.proofOfPurchase?.url ?? ''}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(proof.status).toBe(200);
    expect(
      (await guest.get<{ results: unknown[] }>('/crm/fetchproductregistration')).body.results,
    ).toHaveLength(1);
  });
});

describe('deleting the account', () => {
  it('deletes the customer’s registrations and files with it', async () => {
    const me = await customerToken(server);
    const asset = await upload(me.token, PDF, 'receipt.pdf', 'application/pdf');
    const c = client(server, me.token);
    expect(
      (await c.post('/crm/product/registration', offline({ proofOfPurchase: asset.body.assetId })))
        .status,
    ).toBe(200);
    const key = `customer:${me.customerId}`;
    const count = async (table: string) =>
      Number(
        (
          await server.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM ${table} WHERE owner_key = $1`,
            [key],
          )
        ).rows[0]?.n,
      );
    expect(await count('product_registrations')).toBe(1);
    expect(await count('crm_assets')).toBe(1);
    expect(await server.db.transaction((tx) => deleteCustomerAccount(tx, me.customerId))).toBe(
      true,
    );
    expect(await count('product_registrations')).toBe(0);
    expect(await count('crm_assets')).toBe(0);
  });
});

describe('never a 5xx', () => {
  const json = fc.jsonValue({ maxDepth: 3 });
  const body = fc.oneof(
    json,
    fc.record(
      {
        kind: fc.oneof(fc.constantFrom('offline', 'online'), json),
        modelNumber: fc.oneof(fc.string(), json),
        purchaseDate: fc.oneof(
          fc.string(),
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
          json,
        ),
        placeOfPurchase: fc.oneof(fc.constantFrom('Showroom', 'Other'), json),
        serialNumber: json,
        owner: fc.oneof(
          fc.constant(OWNER),
          fc.dictionary(fc.constantFrom(...Object.keys(OWNER)), json),
        ),
        installationAddress: json,
        proofOfPurchase: fc.oneof(fc.uuid(), json),
        items: fc.oneof(json, fc.array(fc.record({ orderNumber: json, lineItemId: json }))),
      },
      { requiredKeys: [] },
    ),
  );

  it('answers fuzzed registration bodies with a 2xx or a 4xx', async () => {
    const { token } = await customerToken(server);
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const res = await fetch(`${server.api}/crm/product/registration`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(b),
        });
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });

  it('answers fuzzed query strings, paths and uploads with a 2xx or a 4xx', async () => {
    const { token } = await customerToken(server);
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 60 }),
        fc.constantFrom(
          '/crm/modelnumbers?q=',
          '/crm/asset/',
          '/crm/fetchproductregistration?x=',
          '/crm/myproducts?',
          '/crm/registrable-items?',
        ),
        fc.uint8Array({ maxLength: 64 }),
        fc.string({ maxLength: 30 }),
        async (text, path, bytes, contentType) => {
          const get = await fetch(`${server.api}${path}${encodeURIComponent(text)}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          expect(get.status).toBeLessThan(500);
          const put = await fetch(
            `${server.api}/crm/asset/upload?fileName=${encodeURIComponent(text)}`,
            {
              method: 'PUT',
              headers: {
                authorization: `Bearer ${token}`,
                ...(/^[\x21-\x7e]+$/.test(contentType) ? { 'content-type': contentType } : {}),
              },
              body: bytes,
            },
          );
          expect(put.status).toBeLessThan(500);
          const del = await fetch(
            `${server.api}/crm/product/registration/${encodeURIComponent(text)}`,
            { method: 'DELETE', headers: { authorization: `Bearer ${token}` } },
          );
          expect(del.status).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });
});
