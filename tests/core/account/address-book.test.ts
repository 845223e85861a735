/**
 * Properties of the saved-address book rules (core/account/address-book.ts): what a saved address
 * may hold, how update actions change a book (exactly one default while any address exists), the
 * default address, and how a saved address fills checkout's address form.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addressesDefaultFirst,
  addressToCheckoutForm,
  applyAddressActions,
  checkAddressActions,
  checkSavedAddress,
  defaultAddress,
  MAX_SAVED_ADDRESSES,
  withOneDefault,
  type AddressActionError,
} from '../../../core/account/address-book';
import {
  addAddress,
  changeAddress,
  removeAddress,
  setDefaultShipping,
  toWireAddress,
  type Address,
  type AddressAction,
  type AddressBook,
  type AddressFields,
} from '../../../core/account/addresses';
import { validateAddress } from '../../../core/checkout/checkout-form';

const US_STATES = ['NY', 'IL', 'WI', 'WA', 'CA', 'TX'];
const CA_PROVINCES = ['ON', 'QC', 'BC'];
const GB_CODES = ['SW1A 1AA', 'EC1A 1BB', 'M1 1AE', 'B33 8TH', 'CR2 6XH'];

const name = fc.stringMatching(/^[A-Z][a-z]{0,12}(['-][A-Z][a-z]{1,8})?$/);
const mobile = fc.stringMatching(/^\(?[2-9]\d{2}\)? ?[2-9]\d{2}-?\d{4}$/);
const street = fc.stringMatching(/^[1-9]\d{0,3} [A-Z][a-z]{2,10}( (Street|Road|Ave\.|Blvd #\d))?$/);
const city = fc.stringMatching(/^[A-Z][a-z]{2,12}( [A-Z][a-z]{2,8})?$/);
const optionalLine = fc.option(fc.stringMatching(/^(Apt|Suite|Unit) \d{1,4}[A-Z]?$/), {
  nil: undefined,
});

/** Where the address is: country, state and a postal code valid there. */
const place = fc.oneof(
  fc.record({
    country: fc.constant('US'),
    state: fc.constantFrom(...US_STATES),
    postalCode: fc.stringMatching(/^\d{5}(-\d{4})?$/),
  }),
  fc.record({
    country: fc.constant('CA'),
    state: fc.constantFrom(...CA_PROVINCES),
    postalCode: fc.stringMatching(
      /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/,
    ),
  }),
  fc.record({
    country: fc.constant('GB'),
    state: fc.constant(undefined),
    postalCode: fc.constantFrom(...GB_CODES),
  }),
);

/** A saved address as checkSavedAddress leaves it: valid and tidy. */
const validAddress: fc.Arbitrary<AddressFields> = fc
  .record({
    firstName: fc.option(name, { nil: undefined }),
    lastName: fc.option(name, { nil: undefined }),
    mobile: fc.option(mobile, { nil: undefined }),
    streetName: street,
    addressLine2: optionalLine,
    addressLine3: optionalLine,
    city,
    county: fc.option(city, { nil: undefined }),
    place,
    label: fc.option(fc.constantFrom('Profile', 'Home', 'Work', "Mum's"), { nil: undefined }),
  })
  .map(
    ({ place: p, ...rest }) =>
      Object.fromEntries(
        Object.entries({ ...rest, ...p }).filter(([, v]) => v !== undefined),
      ) as AddressFields,
  );

/** Spaces around every value and lower case where the rules upper-case. */
const untidy = (a: AddressFields): AddressFields =>
  Object.fromEntries(
    Object.entries(a).map(([k, v]) => [
      k,
      ['country', 'postalCode', 'state'].includes(k) && a.country !== 'GB'
        ? `  ${String(v).toLowerCase()} `
        : ` ${String(v)}  `,
    ]),
  ) as AddressFields;

describe('checkSavedAddress', () => {
  it('accepts every valid address, and a tidy address is its own result', () => {
    fc.assert(
      fc.property(validAddress, (a) => {
        expect(checkSavedAddress(a)).toEqual({ ok: true, value: a });
      }),
    );
  });

  it('trims, upper-cases codes and reads a blank country as GB', () => {
    fc.assert(
      fc.property(validAddress, (a) => {
        expect(checkSavedAddress(untidy(a))).toEqual({ ok: true, value: a });
      }),
    );
    const gb = checkSavedAddress({ streetName: '1 High St', city: 'Leeds', postalCode: 'ls1 4dy' });
    expect(gb).toEqual({
      ok: true,
      value: { streetName: '1 High St', city: 'Leeds', postalCode: 'LS1 4DY', country: 'GB' },
    });
  });

  const breakages: readonly [keyof AddressFields, (a: AddressFields) => AddressFields][] = [
    ['streetName', (a) => ({ ...a, streetName: '   ' })],
    ['city', ({ city: _c, ...a }) => a],
    ['postalCode', (a) => ({ ...a, postalCode: a.country === 'GB' ? '12345' : 'SW1A 1AA' })],
    ['postalCode', ({ postalCode: _p, ...a }) => a],
    ['mobile', (a) => ({ ...a, mobile: '555-0100' })],
    ['firstName', (a) => ({ ...a, firstName: 'Bob<script>' })],
    ['lastName', (a) => ({ ...a, lastName: 'x'.repeat(51) })],
    ['streetName', (a) => ({ ...a, streetName: `1 ${'Long'.repeat(30)} Road` })],
    ['addressLine2', (a) => ({ ...a, addressLine2: 'Flat {2}' })],
    ['country', (a) => ({ ...a, country: 'USA' })],
    ['label', (a) => ({ ...a, label: 'Home!' })],
  ];

  it('names exactly the field that is wrong', () => {
    fc.assert(
      fc.property(validAddress, fc.constantFrom(...breakages), (a, [field, breakIt]) => {
        const result = checkSavedAddress(breakIt(a));
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error.map((f) => f.field)).toEqual([field]);
      }),
    );
  });

  it('needs a two-letter state in the US and Canada, and none elsewhere', () => {
    fc.assert(
      fc.property(validAddress, (a) => {
        const { state: _s, ...stateless } = a;
        const result = checkSavedAddress(stateless);
        if (a.country === 'GB') expect(result.ok).toBe(true);
        else expect(!result.ok && result.error.map((f) => f.field)).toEqual(['state']);
        if (a.country !== 'GB') {
          const wrong = checkSavedAddress({ ...a, state: 'New York' });
          expect(!wrong.ok && wrong.error.map((f) => f.field)).toEqual(['state']);
          // Two letters are not enough: it must be a state or province of that country.
          const other = a.country === 'US' ? 'ON' : 'NY';
          for (const state of ['ZZ', other]) {
            const unknown = checkSavedAddress({ ...a, state });
            expect(!unknown.ok && unknown.error.map((f) => f.field)).toEqual(['state']);
          }
        }
      }),
    );
  });

  it('names failures of request actions by their place on the wire', () => {
    fc.assert(
      fc.property(validAddress, fc.nat({ max: 3 }), (a, extra) => {
        const actions: AddressAction[] = [
          ...Array.from({ length: extra }, () => ({
            action: 'removeAddress' as const,
            addressId: 'x',
          })),
          {
            action: 'addAddress',
            address: toWireAddress({ ...a, postalCode: '?', addressLine2: 'Flat <1>' }),
          },
        ];
        const result = checkAddressActions(actions);
        expect(!result.ok && result.error.map((f) => f.field)).toEqual([
          `actions[${extra}].address.additionalStreetInfo`,
          `actions[${extra}].address.postalCode`,
        ]);
        const fine = checkAddressActions([
          ...actions.slice(0, extra),
          { action: 'addAddress', address: toWireAddress(untidy(a), 'k') },
        ]);
        expect(fine.ok && fine.value.at(-1)).toEqual({
          action: 'addAddress',
          address: toWireAddress(a, 'k'),
        });
      }),
    );
  });
});

/** Any book, including ones whose default is missing or stale (old data). */
const anyBook: fc.Arbitrary<AddressBook> = fc
  .tuple(
    fc.nat({ max: 1000 }),
    fc.uniqueArray(fc.stringMatching(/^a\d{1,3}$/), { maxLength: MAX_SAVED_ADDRESSES }),
    validAddress,
    fc.option(fc.stringMatching(/^a\d{1,3}$/), { nil: undefined }),
  )
  .map(([version, ids, fields, def]) => ({
    version,
    addresses: ids.map((id): Address => ({ ...fields, id })),
    ...(def === undefined ? {} : { defaultShippingAddressId: def }),
  }));

/** An action against the ids present (or a stray one), as a customer might send. */
const actionFor = (ids: readonly string[]): fc.Arbitrary<AddressAction> => {
  const id = ids.length === 0 ? fc.constant('stray') : fc.constantFrom(...ids, 'stray');
  const key = fc.constantFrom('k1', 'k2', 'k3');
  return fc.oneof(
    fc
      .tuple(validAddress, fc.option(key, { nil: undefined }))
      .map(([a, k]) => ({ action: 'addAddress' as const, address: toWireAddress(a, k) })),
    fc.tuple(id, validAddress).map(([addressId, a]) => ({
      action: 'changeAddress' as const,
      addressId,
      address: toWireAddress(a),
    })),
    id.map((addressId) => ({ action: 'removeAddress' as const, addressId })),
    id.map((addressId) => ({ action: 'setDefaultShippingAddress' as const, addressId })),
    key.map((addressKey) => ({ action: 'setDefaultShippingAddress' as const, addressKey })),
  );
};

const bookAndActions = anyBook.chain((book) =>
  fc.tuple(
    fc.constant(book),
    fc.array(actionFor(book.addresses.map((a) => a.id)), { maxLength: 8 }),
  ),
);

const counter = () => {
  let n = 0;
  return () => `new-${n++}`;
};

const expectOneDefault = (book: AddressBook) => {
  if (book.addresses.length === 0) expect(book.defaultShippingAddressId).toBeUndefined();
  else expect(book.addresses.map((a) => a.id)).toContain(book.defaultShippingAddressId);
};

/** One request, described against the addresses present when it is sent. */
type Step =
  | { readonly kind: 'add'; readonly fields: AddressFields; readonly makeDefault: boolean }
  | { readonly kind: 'change'; readonly pick: number; readonly fields: AddressFields }
  | { readonly kind: 'remove'; readonly pick: number }
  | { readonly kind: 'removeDefault' }
  | { readonly kind: 'setDefault'; readonly pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), fields: validAddress, makeDefault: fc.boolean() }),
  fc.record({ kind: fc.constant('change' as const), pick: fc.nat(), fields: validAddress }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('removeDefault' as const) }),
  fc.record({ kind: fc.constant('setDefault' as const), pick: fc.nat() }),
);

const requestFor = (s: Step, book: AddressBook): AddressAction[] => {
  const pick = (n: number) => book.addresses[n % Math.max(1, book.addresses.length)]?.id;
  switch (s.kind) {
    case 'add':
      return addAddress(book, { ...s.fields, isDefault: s.makeDefault }, 'k').actions.slice();
    case 'change': {
      const id = pick(s.pick);
      return id === undefined
        ? []
        : [{ action: 'changeAddress', addressId: id, address: toWireAddress(s.fields) }];
    }
    case 'remove': {
      const id = pick(s.pick);
      return id === undefined ? [] : [{ action: 'removeAddress', addressId: id }];
    }
    case 'removeDefault': {
      const id = defaultAddress(book)?.id;
      return id === undefined ? [] : [{ action: 'removeAddress', addressId: id }];
    }
    case 'setDefault': {
      const id = pick(s.pick);
      return id === undefined ? [] : [{ action: 'setDefaultShippingAddress', addressId: id }];
    }
  }
};

describe('applyAddressActions', () => {
  it('keeps exactly one default while any address exists, over random sequences of requests', () => {
    fc.assert(
      fc.property(anyBook, fc.array(step, { minLength: 1, maxLength: 30 }), (start, steps) => {
        let book = start;
        const newId = counter();
        for (const s of steps) {
          const actions = requestFor(s, book);
          const result = applyAddressActions(book, actions, newId);
          if (!result.ok) {
            // Requests built from the book's own ids can only hit the address limit.
            expect(result.error.kind).toBe('tooManyAddresses');
            expect(book.addresses).toHaveLength(MAX_SAVED_ADDRESSES);
            continue;
          }
          const after = result.value;
          expectOneDefault(after);
          expect(new Set(after.addresses.map((a) => a.id)).size).toBe(after.addresses.length);
          expect(after.addresses.length).toBeLessThanOrEqual(MAX_SAVED_ADDRESSES);
          expect(after.version).toBe(book.version + (actions.length > 0 ? 1 : 0));
          book = after;
        }
      }),
    );
  });

  it('answers any request, however stray its ids, with an error or a book with one default', () => {
    fc.assert(
      fc.property(bookAndActions, ([book, actions]) => {
        const result = applyAddressActions(book, actions, counter());
        if (result.ok) expectOneDefault(result.value);
        else expect(result.error.index).toBeLessThan(actions.length);
      }),
    );
  });

  it('fails on exactly the first action that cannot apply', () => {
    fc.assert(
      fc.property(bookAndActions, ([book, actions]) => {
        const result = applyAddressActions(book, actions, counter());
        if (result.ok) return;
        const { index } = result.error;
        expect(applyAddressActions(book, actions.slice(0, index), counter()).ok).toBe(true);
        const upTo = applyAddressActions(book, actions.slice(0, index + 1), counter());
        expect(upTo).toEqual(result);
      }),
    );
  });

  it('refuses what a request cannot do, saying which action and why', () => {
    const book = withOneDefault({
      version: 3,
      addresses: [{ id: 'a1', streetName: '1 Main St', city: 'Leeds', postalCode: 'LS1 4DY' }],
    });
    const cases: readonly [readonly AddressAction[], AddressActionError][] = [
      [
        [{ action: 'removeAddress', addressId: 'a2' }],
        { kind: 'unknownAddress', index: 0, addressId: 'a2' },
      ],
      [
        [
          { action: 'removeAddress', addressId: 'a1' },
          { action: 'setDefaultShippingAddress', addressId: 'a1' },
        ],
        { kind: 'unknownAddress', index: 1, addressId: 'a1' },
      ],
      [
        [{ action: 'setDefaultShippingAddress', addressKey: 'later' }],
        { kind: 'unknownAddressKey', index: 0, addressKey: 'later' },
      ],
      [
        [
          { action: 'addAddress', address: toWireAddress({ city: 'x' }, 'k') },
          { action: 'addAddress', address: toWireAddress({ city: 'y' }, 'k') },
        ],
        { kind: 'duplicateAddressKey', index: 1, addressKey: 'k' },
      ],
      [
        Array.from({ length: MAX_SAVED_ADDRESSES }, () => ({
          action: 'addAddress' as const,
          address: toWireAddress({ city: 'x' }),
        })),
        { kind: 'tooManyAddresses', index: MAX_SAVED_ADDRESSES - 1, max: MAX_SAVED_ADDRESSES },
      ],
    ];
    for (const [actions, error] of cases) {
      expect(applyAddressActions(book, actions, counter())).toEqual({ ok: false, error });
    }
  });

  it('adds at the end, the first address of an empty book becoming the default', () => {
    fc.assert(
      fc.property(anyBook, validAddress, (b, fields) => {
        const book = withOneDefault(b);
        fc.pre(book.addresses.length < MAX_SAVED_ADDRESSES);
        const result = applyAddressActions(
          book,
          [{ action: 'addAddress', address: toWireAddress(fields) }],
          () => 'fresh',
        );
        if (!result.ok) throw new Error(result.error.kind);
        expect(result.value.addresses).toEqual([...book.addresses, { ...fields, id: 'fresh' }]);
        expect(result.value.defaultShippingAddressId).toBe(
          book.defaultShippingAddressId ?? 'fresh',
        );
      }),
    );
  });

  it('removing the default promotes the oldest remaining address', () => {
    fc.assert(
      fc.property(anyBook, (b) => {
        const book = withOneDefault(b);
        const target = book.defaultShippingAddressId;
        fc.pre(target !== undefined);
        const result = applyAddressActions(
          book,
          [{ action: 'removeAddress', addressId: target }],
          counter(),
        );
        if (!result.ok) throw new Error(result.error.kind);
        const rest = book.addresses.filter((a) => a.id !== target);
        expect(result.value.addresses).toEqual(rest);
        expect(result.value.defaultShippingAddressId).toBe(rest[0]?.id);
      }),
    );
  });

  it('carries out the updates the address builders make (addresses.ts)', () => {
    fc.assert(
      fc.property(anyBook, validAddress, fc.nat(), fc.boolean(), (b, fields, n, makeDefault) => {
        const book = withOneDefault(b);
        fc.pre(book.addresses.length > 0 && book.addresses.length < MAX_SAVED_ADDRESSES);
        const target = book.addresses[n % book.addresses.length];
        if (target === undefined) return;

        const added = applyAddressActions(
          book,
          addAddress(book, { ...fields, isDefault: makeDefault }, 'key').actions,
          () => 'fresh',
        );
        expect(added.ok && added.value.defaultShippingAddressId).toBe(
          makeDefault ? 'fresh' : book.defaultShippingAddressId,
        );

        const change = changeAddress(book, target.id, { ...fields, isDefault: true });
        const changed = change.ok && applyAddressActions(book, change.value.actions, counter());
        expect(changed && changed.ok && changed.value.defaultShippingAddressId).toBe(target.id);
        expect(
          changed && changed.ok && changed.value.addresses.find((a) => a.id === target.id),
        ).toEqual({ ...fields, id: target.id, label: fields.label ?? target.label });

        const setDefault = setDefaultShipping(book, target.id);
        const defaulted =
          setDefault.ok && applyAddressActions(book, setDefault.value.actions, counter());
        expect(defaulted && defaulted.ok && defaultAddress(defaulted.value)).toEqual(target);

        const remove = removeAddress(book, target.id);
        const removed = remove.ok && applyAddressActions(book, remove.value.actions, counter());
        expect(removed && removed.ok && removed.value.addresses.map((a) => a.id)).not.toContain(
          target.id,
        );
      }),
    );
  });
});

describe('defaultAddress and addressesDefaultFirst', () => {
  it('find the default, defined exactly when the book holds an address', () => {
    fc.assert(
      fc.property(anyBook, (b) => {
        const book = withOneDefault(b);
        const found = defaultAddress(book);
        expect(found === undefined).toBe(book.addresses.length === 0);
        expect(found?.id).toBe(book.defaultShippingAddressId);
        const ordered = addressesDefaultFirst(book);
        expect(ordered[0]).toBe(found);
        expect([...ordered].sort((x, y) => x.id.localeCompare(y.id))).toEqual(
          [...book.addresses].sort((x, y) => x.id.localeCompare(y.id)),
        );
      }),
    );
  });

  it('withOneDefault keeps a valid default and repairs a stale one to the oldest address', () => {
    fc.assert(
      fc.property(anyBook, (b) => {
        const fixed = withOneDefault(b);
        const valid = b.addresses.some((a) => a.id === b.defaultShippingAddressId);
        expect(fixed.defaultShippingAddressId).toBe(
          valid ? b.defaultShippingAddressId : b.addresses[0]?.id,
        );
        expect(fixed.addresses).toBe(b.addresses);
      }),
    );
  });
});

describe('addressToCheckoutForm', () => {
  const email = fc.constantFrom('Ada@Example.com', 'pro@lavabo.test', 'j.o-neill@mail.co.uk');

  it('fills a form checkout accepts from any saved US or Canadian address with a mobile', () => {
    fc.assert(
      fc.property(validAddress, email, name, name, (a, mail, first, last) => {
        fc.pre(a.country !== 'GB' && a.mobile !== undefined);
        const address: Address = { ...a, id: 'a1' };
        const form = addressToCheckoutForm(address, mail, { firstName: first, lastName: last });
        const checked = validateAddress(form);
        if (!checked.ok) throw new Error(JSON.stringify(checked.error));
        expect(checked.value).toMatchObject({
          firstName: a.firstName ?? first,
          lastName: a.lastName ?? last,
          email: mail.toLowerCase(),
          mobile: a.mobile,
          streetName: a.streetName,
          city: a.city,
          state: a.state,
          postalCode: a.postalCode,
          country: a.country,
        });
        const lines = [a.addressLine2, a.addressLine3].filter((l) => l !== undefined);
        expect(checked.value.addressLine2).toBe(lines.length === 0 ? undefined : lines.join(', '));
      }),
    );
  });

  it('leaves what the address lacks blank, so checkout asks for it', () => {
    const form = addressToCheckoutForm({ id: 'a1', streetName: '1 High St' }, 'a@b.co');
    expect(form).toEqual({
      firstName: '',
      lastName: '',
      email: 'a@b.co',
      mobile: '',
      streetName: '1 High St',
      addressLine2: '',
      city: '',
      state: '',
      postalCode: '',
      country: 'GB',
    });
    const checked = validateAddress(form);
    expect(!checked.ok && checked.error.map((f) => f.field)).toEqual([
      'firstName',
      'lastName',
      'mobile',
      'city',
      'state',
      'postalCode',
      'country',
    ]);
  });
});
