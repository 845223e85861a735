import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addAddress,
  ADDRESS_CUSTOM_TYPE_KEY,
  changeAddress,
  fromWireAddress,
  profileAddress,
  removeAddress,
  setDefaultShipping,
  toWireAddress,
  UnknownAddress,
  type Address,
  type AddressAction,
  type AddressBook,
  type AddressDraft,
  type AddressFields,
} from '../../../core/account/addresses';

const field = fc.constantFrom('x', 'Main St', '12', 'London', '');
const fieldsRecord = {
  firstName: field,
  lastName: field,
  streetName: field,
  addressLine2: field,
  addressLine3: field,
  city: field,
  county: field,
  state: field,
  postalCode: fc.constantFrom('SW1A 1AA', '60601', ''),
  country: fc.constantFrom('GB', 'US', 'CA', '', ' US '),
  label: fc.constantFrom('Profile', 'Home', 'Work'),
};
const fields: fc.Arbitrary<AddressFields> = fc.record(fieldsRecord, {
  requiredKeys: [],
  noNullPrototype: true,
});
const draft: fc.Arbitrary<AddressDraft> = fc.record(
  { ...fieldsRecord, isDefault: fc.boolean() },
  { requiredKeys: [], noNullPrototype: true },
);

const book: fc.Arbitrary<AddressBook> = fc
  .tuple(
    fc.nat(),
    fc.uniqueArray(fc.stringMatching(/^a[0-9]{1,3}$/), { maxLength: 5 }),
    fc.array(fields, { minLength: 5, maxLength: 5 }),
    fc.nat(),
  )
  .map(([version, ids, fs, pick]) => {
    const addresses: Address[] = ids.map((id, i) => ({ ...fs[i], id }));
    const def = ids.length > 0 && pick % 3 !== 0 ? ids[pick % ids.length] : undefined;
    return def === undefined
      ? { version, addresses }
      : { version, addresses, defaultShippingAddressId: def };
  });

/** How the server reads the address actions (commercetools semantics). */
const apply = (b: AddressBook, actions: readonly AddressAction[]): AddressBook => {
  let addresses = [...b.addresses];
  let def = b.defaultShippingAddressId;
  for (const a of actions) {
    switch (a.action) {
      case 'addAddress':
        addresses.push(fromWireAddress(a.address.key ?? 'new', a.address));
        break;
      case 'changeAddress':
        addresses = addresses.map((x) =>
          x.id === a.addressId ? fromWireAddress(x.id, a.address) : x,
        );
        break;
      case 'removeAddress':
        addresses = addresses.filter((x) => x.id !== a.addressId);
        if (def === a.addressId) def = undefined;
        break;
      case 'setDefaultShippingAddress':
        def = 'addressId' in a ? a.addressId : a.addressKey;
        break;
    }
  }
  return def === undefined
    ? { version: b.version + 1, addresses }
    : { version: b.version + 1, addresses, defaultShippingAddressId: def };
};

const stripDraft = ({ isDefault: _d, ...rest }: AddressDraft): AddressFields => rest;
const expectedCountry = (c: string | undefined): string =>
  c === undefined || c.trim() === '' ? 'GB' : c.trim();

describe('addresses (spec §3 Address, §7 /customer/address)', () => {
  it('puts every address on the wire with the custom-address type, its label, and GB as the default country', () => {
    fc.assert(
      fc.property(fields, (f) => {
        const wire = toWireAddress(f);
        expect(wire.custom.type.key).toBe(ADDRESS_CUSTOM_TYPE_KEY);
        expect(wire.custom.fields.label).toBe(f.label);
        expect(wire.country).toBe(expectedCountry(f.country));
        expect(fromWireAddress('id', wire)).toEqual({
          ...f,
          id: 'id',
          country: expectedCountry(f.country),
        });
      }),
    );
  });

  it('adds an address at the current version and makes it the default when asked', () => {
    fc.assert(
      fc.property(book, draft, (b, d) => {
        const update = addAddress(b, d, 'new-key');
        expect(update.version).toBe(b.version);
        const after = apply(b, update.actions);
        expect(after.addresses).toHaveLength(b.addresses.length + 1);
        expect(after.addresses.at(-1)).toEqual({
          ...stripDraft(d),
          id: 'new-key',
          country: expectedCountry(d.country),
        });
        expect(after.defaultShippingAddressId).toBe(
          d.isDefault === true ? 'new-key' : b.defaultShippingAddressId,
        );
      }),
    );
  });

  it('changes a saved address in place, keeping its label unless a new one is given', () => {
    fc.assert(
      fc.property(book, draft, fc.nat(), (b, d, n) => {
        const target = b.addresses[n % Math.max(1, b.addresses.length)];
        fc.pre(target !== undefined);
        const result = changeAddress(b, target.id, d);
        if (!result.ok) throw result.error;
        const after = apply(b, result.value.actions);
        expect(after.addresses.map((a) => a.id)).toEqual(b.addresses.map((a) => a.id));
        const changed = after.addresses.find((a) => a.id === target.id);
        expect(changed?.label).toBe(d.label ?? target.label);
        expect(changed?.country).toBe(expectedCountry(d.country));
        expect(after.defaultShippingAddressId).toBe(
          d.isDefault === true ? target.id : b.defaultShippingAddressId,
        );
        if (d.isDefault === true && b.defaultShippingAddressId === target.id) {
          expect(result.value.actions).toHaveLength(1);
        }
      }),
    );
  });

  it('removes exactly the chosen address', () => {
    fc.assert(
      fc.property(book, fc.nat(), (b, n) => {
        const target = b.addresses[n % Math.max(1, b.addresses.length)];
        fc.pre(target !== undefined);
        const result = removeAddress(b, target.id);
        if (!result.ok) throw result.error;
        expect(apply(b, result.value.actions).addresses).toEqual(
          b.addresses.filter((a) => a.id !== target.id),
        );
      }),
    );
  });

  it('sets the default shipping address, with no action when it already is', () => {
    fc.assert(
      fc.property(book, fc.nat(), (b, n) => {
        const target = b.addresses[n % Math.max(1, b.addresses.length)];
        fc.pre(target !== undefined);
        const result = setDefaultShipping(b, target.id);
        if (!result.ok) throw result.error;
        expect(apply(b, result.value.actions).defaultShippingAddressId).toBe(target.id);
        expect(result.value.actions.length).toBe(b.defaultShippingAddressId === target.id ? 0 : 1);
      }),
    );
  });

  it('refuses to change, remove or default an address the profile does not have', () => {
    fc.assert(
      fc.property(book, draft, fc.string(), (b, d, id) => {
        fc.pre(!b.addresses.some((a) => a.id === id));
        for (const r of [
          changeAddress(b, id, d),
          removeAddress(b, id),
          setDefaultShipping(b, id),
        ]) {
          expect(r).toEqual({ ok: false, error: new UnknownAddress(id) });
          if (!r.ok) expect(r.error.addressId).toBe(id);
        }
      }),
    );
  });

  it("finds the profile address by its 'Profile' label", () => {
    fc.assert(
      fc.property(book, (b) => {
        const found = profileAddress(b);
        expect(found).toBe(b.addresses.find((a) => a.label === 'Profile'));
      }),
    );
  });
});
