/**
 * The customer's profile and saved addresses on the real server (docs/api.md "Customer profile and
 * addresses"): add, change, set default, remove, versions and stale writes, bad fields, the address
 * limit, all-or-nothing requests, guests, isolation between customers, profile edits and their
 * persona rule, the demo accounts' addresses, and a model run that compares the server with core's
 * applyAddressActions over random action sequences.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyAddressActions,
  addressToCheckoutForm,
  MAX_SAVED_ADDRESSES,
} from '../../../core/account/address-book';
import {
  fromWireAddress,
  type AddressAction,
  type AddressBook,
  type WireAddress,
} from '../../../core/account/addresses';
import { validateAddress } from '../../../core/checkout/checkout-form';
import { DEMO_ADDRESSES } from '../../../core/account/demo-addresses';
import { seedDemoAddresses } from '../../../server/customer/demo-addresses';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../server/identity/demo-accounts';
import { insertCustomer } from '../../../server/identity/customer-repository';
import { startTestServer, type TestServer } from '../../support/test-server';
import { client, customerToken, guestToken, type Answer, type Client } from '../cart/support';

interface AddressBody extends WireAddress {
  readonly id: string;
  readonly isDefault: boolean;
}
interface BookBody {
  readonly version: number;
  readonly addresses: readonly AddressBody[];
  readonly defaultShippingAddressId?: string;
  readonly profileDetail?: Omit<BookBody, 'profileDetail'>;
}
interface ProfileBody extends BookBody {
  readonly firstName: string;
  readonly lastName: string;
  readonly companyName?: string;
  readonly businessType?: string;
  readonly businessSubtype?: string;
}
interface ErrorBody {
  readonly statusCode: number;
  readonly message: string;
  readonly errors?: readonly {
    readonly code: string;
    readonly field?: string;
    readonly currentVersion?: number;
    readonly addressId?: string;
  }[];
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.dispose());

/** A customer account of its own (persona GST unless given) and a client signed in as it. */
const newCustomer = async (
  opts: { persona?: string; accountType?: 'homeowner' | 'professional' } = {},
): Promise<{ readonly id: string; readonly c: Client }> => {
  const id = randomUUID();
  const email = `${id}@example.test`;
  await insertCustomer(server.db, {
    id,
    uid: randomUUID(),
    email,
    passwordHash: 'not-a-hash',
    firstName: 'Robin',
    lastName: 'Tester',
    accountType: opts.accountType ?? 'homeowner',
    persona: opts.persona ?? 'GST',
    businessType: opts.accountType === 'professional' ? 'Plumber' : null,
    businessSubtype: null,
    phone: null,
    zipCode: null,
    newsletter: false,
    passwordChangedAt: new Date(),
    passwordExpiresAt: null,
  });
  const { token } = await customerToken(server, { customerId: id, email });
  return { id, c: client(server, token) };
};

const wire = (overrides: Partial<WireAddress> & { label?: string } = {}): WireAddress => {
  const { label, ...rest } = overrides;
  return {
    firstName: 'Robin',
    lastName: 'Tester',
    mobile: '(212) 555-0100',
    streetName: '1 Main Street',
    city: 'New York',
    state: 'NY',
    postalCode: '10001',
    country: 'US',
    ...rest,
    custom: { type: { key: 'custom-address' }, fields: label === undefined ? {} : { label } },
  };
};

const add = (address: WireAddress = wire()): AddressAction => ({ action: 'addAddress', address });

const profile = async (c: Client): Promise<ProfileBody> => {
  const answer = await c.get<ProfileBody>('/customer/profile');
  expect(answer.status).toBe(200);
  return answer.body;
};

const update = (c: Client, version: number, actions: readonly unknown[]) =>
  c.post<BookBody & ErrorBody>('/customer/address', { version, actions });

const ok = async (answer: Promise<Answer<BookBody & ErrorBody>>): Promise<BookBody & ErrorBody> => {
  const a = await answer;
  if (a.status !== 200) throw new Error(`${a.status} ${JSON.stringify(a.body)}`);
  return a.body;
};

/** Exactly one address flagged default, and it is the book's defaultShippingAddressId. */
const expectOneDefault = (book: BookBody) => {
  const flagged = book.addresses.filter((a) => a.isDefault).map((a) => a.id);
  if (book.addresses.length === 0) {
    expect(flagged).toEqual([]);
    expect(book.defaultShippingAddressId).toBeUndefined();
  } else {
    expect(flagged).toEqual([book.defaultShippingAddressId]);
  }
};

const defaultsInDb = async (customerId: string): Promise<number> => {
  const r = await server.db.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM customer_addresses WHERE customer_id = $1 AND is_default',
    [customerId],
  );
  return Number(r.rows[0]?.n ?? -1);
};

const fieldsOf = (error: ErrorBody) => (error.errors ?? []).map((e) => e.field);

describe('saved addresses', () => {
  it('starts empty at version 1, with the customer’s names', async () => {
    const { c } = await newCustomer();
    expect(await profile(c)).toEqual({
      version: 1,
      firstName: 'Robin',
      lastName: 'Tester',
      addresses: [],
    });
  });

  it('adds addresses: the first becomes the default; a new one can take it by key', async () => {
    const { id, c } = await newCustomer();
    const first = await ok(update(c, 1, [add(wire({ label: 'Profile' }))]));
    expect(first.version).toBe(2);
    expect(first.addresses).toHaveLength(1);
    expect(first.addresses[0]).toMatchObject({
      streetName: '1 Main Street',
      postalCode: '10001',
      country: 'US',
      mobile: '(212) 555-0100',
      custom: { type: { key: 'custom-address' }, fields: { label: 'Profile' } },
      isDefault: true,
    });
    expect(first.defaultShippingAddressId).toBe(first.addresses[0]?.id);

    const second = await ok(
      update(c, 2, [
        add(wire({ streetName: '2 Side Street', key: 'work' })),
        { action: 'setDefaultShippingAddress', addressKey: 'work' },
      ]),
    );
    expect(second.version).toBe(3);
    expect(second.addresses.map((a) => a.streetName)).toEqual(['1 Main Street', '2 Side Street']);
    expect(second.defaultShippingAddressId).toBe(second.addresses[1]?.id);
    expectOneDefault(second);
    expect(await defaultsInDb(id)).toBe(1);
    expect(await profile(c)).toMatchObject({ version: 3, addresses: second.addresses });
  });

  it('tidies what it stores: trimmed, upper-cased codes, GB when no country is given', async () => {
    const { c } = await newCustomer();
    const book = await ok(
      update(c, 1, [
        add(wire({ state: ' ny ', postalCode: ' 10001 ', country: ' us ', city: ' New York ' })),
        add({
          streetName: '10 Downing Street',
          city: 'London',
          postalCode: 'sw1a 2aa',
          country: '',
          custom: { type: { key: 'custom-address' }, fields: {} },
        }),
      ]),
    );
    expect(book.addresses[0]).toMatchObject({ state: 'NY', postalCode: '10001', country: 'US' });
    expect(book.addresses[0]?.city).toBe('New York');
    expect(book.addresses[1]).toMatchObject({ postalCode: 'SW1A 2AA', country: 'GB' });
  });

  it('changes an address in place, replacing its fields, and keeps the default', async () => {
    const { c } = await newCustomer();
    const before = await ok(update(c, 1, [add(), add(wire({ streetName: '2 Side Street' }))]));
    const target = before.addresses[1];
    if (target === undefined) throw new Error('no second address');
    const after = await ok(
      update(c, 2, [
        {
          action: 'changeAddress',
          addressId: target.id,
          address: wire({
            streetName: '9 New Road',
            city: 'Toronto',
            state: 'on',
            postalCode: 'm5v 2t6',
            country: 'CA',
          }),
        },
      ]),
    );
    expect(after.version).toBe(3);
    expect(after.addresses.map((a) => a.id)).toEqual(before.addresses.map((a) => a.id));
    expect(after.addresses[1]).toMatchObject({
      id: target.id,
      streetName: '9 New Road',
      state: 'ON',
      postalCode: 'M5V 2T6',
      country: 'CA',
    });
    expect(after.addresses[0]).toEqual(before.addresses[0]);
    expect(after.defaultShippingAddressId).toBe(before.defaultShippingAddressId);
  });

  it('sets the default shipping address: exactly one, in the answer and in the database', async () => {
    const { id, c } = await newCustomer();
    const book = await ok(update(c, 1, [add(), add(), add()]));
    let version = book.version;
    for (const target of [book.addresses[2], book.addresses[1], book.addresses[1]]) {
      const after = await ok(
        update(c, version, [{ action: 'setDefaultShippingAddress', addressId: target?.id }]),
      );
      version = after.version;
      expect(after.defaultShippingAddressId).toBe(target?.id);
      expectOneDefault(after);
      expect(await defaultsInDb(id)).toBe(1);
    }
  });

  it('removes: the default going promotes the oldest remaining, the last leaves none', async () => {
    const { id, c } = await newCustomer();
    const book = await ok(update(c, 1, [add(), add(), add()]));
    const [a, b, third] = book.addresses;
    const moved = await ok(
      update(c, 2, [{ action: 'setDefaultShippingAddress', addressId: b?.id }]),
    );
    expect(moved.defaultShippingAddressId).toBe(b?.id);
    const removed = await ok(update(c, 3, [{ action: 'removeAddress', addressId: b?.id }]));
    expect(removed.addresses.map((x) => x.id)).toEqual([a?.id, third?.id]);
    expect(removed.defaultShippingAddressId).toBe(a?.id);
    // Spec §7: the remove answer also carries the book inside profileDetail.
    expect(removed.profileDetail).toEqual({
      version: 4,
      addresses: removed.addresses,
      defaultShippingAddressId: a?.id,
    });
    const empty = await ok(
      update(c, 4, [
        { action: 'removeAddress', addressId: a?.id },
        { action: 'removeAddress', addressId: third?.id },
      ]),
    );
    expect(empty).toMatchObject({ version: 5, addresses: [] });
    expect(empty.defaultShippingAddressId).toBeUndefined();
    expect(await defaultsInDb(id)).toBe(0);
  });

  it('refuses a stale version with 409 ConcurrentModification and the current version', async () => {
    const { c } = await newCustomer();
    await ok(update(c, 1, [add()]));
    const stale = await update(c, 1, [add(wire({ streetName: 'Stale Street' }))]);
    expect(stale.status).toBe(409);
    expect(stale.body.errors).toEqual([{ code: 'ConcurrentModification', currentVersion: 2 }]);
    const now = await profile(c);
    expect(now.version).toBe(2);
    expect(now.addresses.map((a) => a.streetName)).toEqual(['1 Main Street']);
  });

  it('lets one of two writers at the same version win; the other gets 409', async () => {
    const { c } = await newCustomer();
    const answers = await Promise.all([update(c, 1, [add()]), update(c, 1, [add()])]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await profile(c)).addresses).toHaveLength(1);
  });

  it('names every bad field in a 400 and writes nothing', async () => {
    const { c } = await newCustomer();
    const answer = await update(c, 1, [
      add(
        wire({
          postalCode: '1234',
          state: '',
          mobile: '555',
          firstName: 'Bobby <script>',
          streetName: '',
        }),
      ),
      add(wire({ country: 'USA' })),
      { action: 'teleport' },
      { action: 'removeAddress' },
    ]);
    expect(answer.status).toBe(400);
    const fields = fieldsOf(answer.body);
    expect(fields.sort()).toEqual(
      [
        'actions[0].address.firstName',
        'actions[0].address.mobile',
        'actions[0].address.streetName',
        'actions[0].address.state',
        'actions[0].address.postalCode',
        'actions[1].address.country',
        'actions[2].action',
        'actions[3].addressId',
      ].sort(),
    );
    for (const field of fields) expect(answer.body.message).toContain(field);
    expect((await profile(c)).version).toBe(1);

    const noVersion = await c.post<ErrorBody>('/customer/address', { actions: [add()] });
    expect(noVersion.status).toBe(400);
    expect(fieldsOf(noVersion.body)).toEqual(['version']);
    const notObject = await c.post<ErrorBody>('/customer/address', '[1]');
    expect(notObject.status).toBe(400);
    expect(fieldsOf(notObject.body)).toEqual(['body']);
  });

  it('never answers a 500 to a malformed body', async () => {
    const { c } = await newCustomer();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.anything(),
          fc.record({ version: fc.anything(), actions: fc.array(fc.anything()) }),
          fc.record({
            version: fc.constant(1),
            actions: fc.array(
              fc.record({
                action: fc.constantFrom('addAddress', 'changeAddress', 'removeAddress'),
                addressId: fc.anything(),
                address: fc.oneof(fc.anything(), fc.dictionary(fc.string(), fc.anything())),
              }),
            ),
          }),
        ),
        async (body) => {
          const answer = await c.post<ErrorBody>('/customer/address', body ?? null);
          // A whole-number version other than the profile's is a stale edit: 409, as it should be.
          expect([200, 400, 404, 409]).toContain(answer.status);
        },
      ),
      { numRuns: 60 },
    );
  });

  it(`keeps at most ${MAX_SAVED_ADDRESSES} addresses (400 AddressLimitReached, nothing written)`, async () => {
    const { c } = await newCustomer();
    const full = await ok(
      update(
        c,
        1,
        Array.from({ length: MAX_SAVED_ADDRESSES }, () => add()),
      ),
    );
    expect(full.addresses).toHaveLength(MAX_SAVED_ADDRESSES);
    const over = await update(c, 2, [add()]);
    expect(over.status).toBe(400);
    expect(over.body.errors).toEqual([
      { code: 'AddressLimitReached', field: 'actions[0]', max: MAX_SAVED_ADDRESSES },
    ]);
    expect((await profile(c)).version).toBe(2);
    const swap = await ok(
      update(c, 2, [{ action: 'removeAddress', addressId: full.addresses[0]?.id }, add()]),
    );
    expect(swap.addresses).toHaveLength(MAX_SAVED_ADDRESSES);
  });

  it('applies a request all or none: a failing later action undoes the earlier ones', async () => {
    const { c } = await newCustomer();
    const book = await ok(update(c, 1, [add()]));
    const answer = await update(c, 2, [
      add(wire({ streetName: 'Never Saved Road' })),
      { action: 'removeAddress', addressId: book.addresses[0]?.id },
      { action: 'setDefaultShippingAddress', addressId: randomUUID() },
    ]);
    expect(answer.status).toBe(404);
    expect(await profile(c)).toMatchObject({ version: 2, addresses: book.addresses });
  });
});

describe('who may call', () => {
  it('refuses a guest token with 403 and no token with 401', async () => {
    const guest = client(server, (await guestToken(server)).token);
    expect((await guest.get('/customer/profile')).status).toBe(403);
    expect((await update(guest, 1, [add()])).status).toBe(403);
    expect((await guest.post('/customer/profile', { version: 1, actions: [] })).status).toBe(403);
    const anonymous = await fetch(`${server.api}/customer/profile`);
    expect(anonymous.status).toBe(401);
  });

  it('a token for an account that does not exist is 401 Invalid JWT', async () => {
    const ghost = client(server, (await customerToken(server, { account: false })).token);
    const answer = await ghost.get<ErrorBody>('/customer/profile');
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('Invalid JWT.');
  });

  it('customer A can neither see nor change B’s addresses (404 naming the id)', async () => {
    const a = await newCustomer();
    const b = await newCustomer();
    const bBook = await ok(update(b.c, 1, [add(), add(wire({ streetName: 'B Street' }))]));
    await ok(update(a.c, 1, [add(wire({ streetName: 'A Street' }))]));
    const aProfile = await profile(a.c);
    expect(aProfile.addresses.map((x) => x.streetName)).toEqual(['A Street']);
    const bId = bBook.addresses[1]?.id ?? '';
    const attempts = [
      { action: 'changeAddress', addressId: bId, address: wire({ streetName: 'Hijacked' }) },
      { action: 'removeAddress', addressId: bId },
      { action: 'setDefaultShippingAddress', addressId: bId },
    ];
    for (const action of attempts) {
      const answer = await update(a.c, 2, [action]);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toContain(bId);
      expect(answer.body.errors).toEqual([
        { code: 'AddressNotFound', field: 'actions[0].addressId', addressId: bId },
      ]);
    }
    const viaProfile = await a.c.post<ErrorBody>('/customer/profile', {
      version: 2,
      actions: [{ action: 'changeAddress', addressId: bId, address: wire() }],
    });
    expect(viaProfile.status).toBe(404);
    expect(await profile(b.c)).toMatchObject({ version: 2, addresses: bBook.addresses });
    expect((await profile(a.c)).version).toBe(2);
  });
});

describe('edit profile', () => {
  const edit = (c: Client, version: number, actions: readonly unknown[]) =>
    c.post<ProfileBody & ErrorBody>('/customer/profile', { version, actions });

  it('changes names and an address in one versioned step', async () => {
    const { c } = await newCustomer();
    const book = await ok(update(c, 1, [add()]));
    const answer = await edit(c, 2, [
      { action: 'setFirstName', firstName: ' Rowan ' },
      { action: 'setLastName', lastName: "O'Neill" },
      {
        action: 'changeAddress',
        addressId: book.addresses[0]?.id,
        address: wire({ streetName: '5 Park Lane', label: 'Profile' }),
      },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ version: 3, firstName: 'Rowan', lastName: "O'Neill" });
    expect(answer.body.addresses[0]).toMatchObject({
      streetName: '5 Park Lane',
      isDefault: true,
      custom: { fields: { label: 'Profile' } },
    });
    expect(await profile(c)).toEqual(answer.body);
    const stale = await edit(c, 2, [{ action: 'setFirstName', firstName: 'Late' }]);
    expect(stale.status).toBe(409);
    expect(stale.body.errors?.[0]).toMatchObject({ currentVersion: 3 });
  });

  it('lets only TVS change the business fields; an unchanged value is no change', async () => {
    const home = await newCustomer();
    const forbidden = await edit(home.c, 1, [
      { action: 'setCompanyName', companyName: 'Acme Plumbing' },
      { action: 'setCustomField', name: 'businessType', value: 'Plumber' },
    ]);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.errors).toEqual([
      { code: 'ForbiddenProfileEdit', fields: ['companyName', 'businessType'] },
    ]);
    const unchanged = await edit(home.c, 1, [
      { action: 'setFirstName', firstName: 'Robin' },
      { action: 'setCompanyName', companyName: '' },
    ]);
    expect(unchanged.status).toBe(200);

    const pro = await newCustomer({ persona: 'TVS', accountType: 'professional' });
    const changed = await edit(pro.c, 1, [
      { action: 'setCompanyName', companyName: 'Acme Plumbing' },
      { action: 'setCustomField', name: 'businessSubtype', value: 'Commercial' },
      { action: 'setCustomField', name: 'businessZipCode', value: '60606' },
    ]);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      companyName: 'Acme Plumbing',
      businessType: 'Plumber',
      businessSubtype: 'Commercial',
      businessZipCode: '60606',
    });
    const cleared = await edit(pro.c, 2, [{ action: 'setCompanyName', companyName: '' }]);
    expect(cleared.status).toBe(200);
    expect(cleared.body.companyName).toBeUndefined();
  });

  it('names bad profile fields in a 400', async () => {
    const { c } = await newCustomer({ persona: 'TVS', accountType: 'professional' });
    const answer = await edit(c, 1, [
      { action: 'setFirstName', firstName: '' },
      { action: 'setLastName', lastName: 'Drop <table>' },
      { action: 'setCustomField', name: 'favouriteColour', value: 'red' },
      { action: 'setCustomField', name: 'businessZipCode', value: '$$$' },
      { action: 'addAddress', address: wire() },
    ]);
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer.body)).toEqual([
      'actions[0].firstName',
      'actions[1].lastName',
      'actions[2].name',
      'actions[3].value',
      'actions[4].action',
    ]);
  });
});

describe('demo accounts', () => {
  it('each has one default US address that fills a valid checkout form', async () => {
    const guest = (await guestToken(server)).token;
    const signIn = await client(server, guest).post<{ tokens: { access_token: string } }>(
      '/identity/signin',
      { username: 'homeowner@lavabo.test', password: DEMO_PASSWORD },
    );
    expect(signIn.status).toBe(200);
    const home = await profile(client(server, signIn.body.tokens.access_token));
    expect(home.addresses).toHaveLength(1);
    expect(home.addresses[0]).toMatchObject({
      city: 'New York',
      state: 'NY',
      postalCode: '10001',
      country: 'US',
      isDefault: true,
    });
    for (const account of DEMO_ACCOUNTS) {
      const row = await server.db.query<{ id: string }>(
        'SELECT id FROM customers WHERE email = $1',
        [account.email],
      );
      const id = row.rows[0]?.id ?? '';
      const { token } = await customerToken(server, { customerId: id, email: account.email });
      const p = await profile(client(server, token));
      expect(p.addresses).toHaveLength(1);
      const address = p.addresses[0];
      if (address === undefined) throw new Error('no demo address');
      expect(p.defaultShippingAddressId).toBe(address.id);
      const saved = fromWireAddress(address.id, address);
      expect(saved).toEqual({
        id: address.id,
        ...DEMO_ADDRESSES[account.email],
        firstName: account.firstName,
        lastName: account.lastName,
      });
      const form = addressToCheckoutForm(saved, account.email);
      expect(validateAddress(form).ok).toBe(true);
    }
  });

  it('are seeded once: seeding again writes nothing, and a removed address stays removed', async () => {
    expect(await seedDemoAddresses(server.db, DEMO_ACCOUNTS)).toEqual([]);
    const account = DEMO_ACCOUNTS[3];
    if (account === undefined) throw new Error('no fourth demo account');
    const row = await server.db.query<{ id: string }>('SELECT id FROM customers WHERE email = $1', [
      account.email,
    ]);
    const { token } = await customerToken(server, {
      customerId: row.rows[0]?.id ?? '',
      email: account.email,
    });
    const c = client(server, token);
    const before = await profile(c);
    await ok(
      update(c, before.version, [{ action: 'removeAddress', addressId: before.addresses[0]?.id }]),
    );
    expect(await seedDemoAddresses(server.db, DEMO_ACCOUNTS)).toEqual([]);
    expect((await profile(c)).addresses).toEqual([]);
  });
});

describe('model: the server applies actions as core’s applyAddressActions does', () => {
  /** Abstract steps; ids are picked among the addresses present when the step runs. */
  type Step =
    | { readonly kind: 'add'; readonly street: string; readonly makeDefault: boolean }
    | { readonly kind: 'change'; readonly pick: number; readonly street: string }
    | { readonly kind: 'remove'; readonly pick: number }
    | { readonly kind: 'setDefault'; readonly pick: number };

  const street = fc.constantFrom('1 Main Street', '2 Side Street', '3 High Road', '4 Low Lane');
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constant('add' as const), street, makeDefault: fc.boolean() }),
    fc.record({ kind: fc.constant('change' as const), pick: fc.nat(), street }),
    fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('setDefault' as const), pick: fc.nat() }),
  );

  const actionsFor = (s: Step, book: AddressBook): AddressAction[] => {
    const pick = (n: number) => book.addresses[n % Math.max(1, book.addresses.length)]?.id;
    switch (s.kind) {
      case 'add':
        return s.makeDefault
          ? [
              add(wire({ streetName: s.street, key: 'k' })),
              { action: 'setDefaultShippingAddress', addressKey: 'k' },
            ]
          : [add(wire({ streetName: s.street }))];
      case 'change': {
        const id = pick(s.pick);
        return id === undefined
          ? []
          : [{ action: 'changeAddress', addressId: id, address: wire({ streetName: s.street }) }];
      }
      case 'remove': {
        const id = pick(s.pick);
        return id === undefined ? [] : [{ action: 'removeAddress', addressId: id }];
      }
      case 'setDefault': {
        const id = pick(s.pick);
        return id === undefined ? [] : [{ action: 'setDefaultShippingAddress', addressId: id }];
      }
    }
  };

  const asBook = (body: BookBody): AddressBook => ({
    version: body.version,
    addresses: body.addresses.map((a) => fromWireAddress(a.id, a)),
    ...(body.defaultShippingAddressId === undefined
      ? {}
      : { defaultShippingAddressId: body.defaultShippingAddressId }),
  });

  it('keeps exactly one default while any address exists, over random action sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const { id, c } = await newCustomer();
        let book: AddressBook = { version: 1, addresses: [] };
        for (const s of steps) {
          const actions = actionsFor(s, book);
          if (actions.length === 0) continue;
          const answer = await update(c, book.version, actions);
          let n = 0;
          const expected = applyAddressActions(book, actions, () => `new-${n++}`);
          if (!expected.ok) {
            // Only the address limit can refuse these actions.
            expect(expected.error.kind).toBe('tooManyAddresses');
            expect(answer.status).toBe(400);
            continue;
          }
          expect(answer.status).toBe(200);
          expectOneDefault(answer.body);
          const got = asBook(answer.body);
          // Same book as the model, once the model's new ids are the server's.
          const ids = new Map(expected.value.addresses.map((a, i) => [a.id, got.addresses[i]?.id]));
          expect(got).toEqual({
            ...expected.value,
            addresses: expected.value.addresses.map((a) => ({ ...a, id: ids.get(a.id) })),
            ...(expected.value.defaultShippingAddressId === undefined
              ? {}
              : { defaultShippingAddressId: ids.get(expected.value.defaultShippingAddressId) }),
          });
          expect(await defaultsInDb(id)).toBe(got.addresses.length > 0 ? 1 : 0);
          book = got;
        }
      }),
      { numRuns: 12 },
    );
  });
});

describe('API reference', () => {
  it('lists the profile routes under their tag, the updates with their bodies', async () => {
    const res = await fetch(`${server.api}/openapi.json`);
    const doc = (await res.json()) as {
      paths: Record<string, Record<string, { tags?: string[]; requestBody?: unknown }>>;
    };
    expect(doc.paths['/api/customer/profile']?.get?.tags).toEqual(['Customer profile']);
    for (const path of ['/api/customer/profile', '/api/customer/address']) {
      expect(doc.paths[path]?.post?.tags).toEqual(['Customer profile']);
      expect(doc.paths[path]?.post?.requestBody).toBeDefined();
    }
  });
});
