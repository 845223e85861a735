/**
 * The saved-addresses view model over the fake address book (the server's rules): the list default
 * first, add and edit checked by core before sending, remove after a confirmation, set as default,
 * the ten-address limit, stale versions reloaded with the form kept, refusals put on fields, and
 * the profile and address sections sharing one version without tripping over each other.
 */
import { CA_PROVINCES, US_STATES } from '../../../core/validation/regions';
import { describe, expect, it } from 'vitest';
import { FieldsError } from '../../../core/shared/errors';
import { ApiError } from '../../../adapters/http/api-error';
import { MAX_SAVED_ADDRESSES } from '../../../core/account/address-book';
import { toWireAddress, type AddressAction } from '../../../core/account/addresses';
import { AddressNotFoundError } from '../../../core/account/errors';
import { DEFAULT_VALIDATION_MESSAGES } from '../../../core/validation/messages';
import { ADDRESS_BOOK_MESSAGES } from '../../../ui/account/address-book-view-model';
import { PROFILE_MESSAGES } from '../../../ui/account/profile-view-model';
import { fill, HOMEOWNER, LAKESHORE, LISTS, makeAccount, PRO } from './fixtures';

/** Another window adds this address. */
const ADD_ELM: AddressAction = {
  action: 'addAddress',
  address: toWireAddress({
    streetName: '9 Elm Street',
    city: 'Evanston',
    state: 'IL',
    postalCode: '60201',
    country: 'US',
  }),
};

const loaded = async (...args: Parameters<typeof makeAccount>) => {
  const system = makeAccount(...args);
  expect(await system.account.load()).toBe(true);
  return system;
};

const streets = (system: { addresses: { addresses: readonly { streetName?: string }[] } }) =>
  system.addresses.addresses.map((a) => a.streetName);

describe('AddressBookViewModel', () => {
  it('lists the addresses with the default first and counts them against the limit', async () => {
    const system = await loaded();
    await system.fake.apply(1, [ADD_ELM]);
    await system.account.load();
    const [first, second] = system.addresses.addresses;
    expect(streets(system)).toEqual(['233 South Wacker Drive', '9 Elm Street']);
    expect(system.addresses.isDefault(first?.id ?? '')).toBe(true);
    await system.fake.apply(2, [
      { action: 'setDefaultShippingAddress', addressId: second?.id ?? '' },
    ]);
    await system.account.load();
    expect(streets(system)).toEqual(['9 Elm Street', '233 South Wacker Drive']);
    expect(system.addresses.countText).toBe(`2 of ${MAX_SAVED_ADDRESSES} addresses saved`);
    expect(system.addresses.isEmpty).toBe(false);
  });

  it('opens the add form with the profile names and the first configured country', async () => {
    const { addresses } = await loaded();
    addresses.startAdd();
    expect(addresses.editor).toEqual({ kind: 'add' });
    expect(addresses.form).toMatchObject({ firstName: 'Pablo', lastName: 'Reyes', country: 'US' });
    expect(addresses.stateOptions?.map((s) => s.code)).toEqual(['IL', 'NY', 'WI']);
  });

  it('checks a new address before sending: the bad postal code is named, the typed values kept; fixed, it saves', async () => {
    const system = await loaded();
    const { addresses, gateway } = system;
    addresses.startAdd();
    fill(addresses, { ...LAKESHORE, postalCode: 'ABCDE' });
    expect(await addresses.save()).toBe(false);
    expect(gateway.apply).not.toHaveBeenCalled();
    expect(addresses.errors).toEqual({ postalCode: DEFAULT_VALIDATION_MESSAGES.postalCode });
    expect(addresses.formError).toBe(ADDRESS_BOOK_MESSAGES.fixFields);
    expect(addresses.form).toMatchObject({ streetName: '1 Lakeshore Drive', postalCode: 'ABCDE' });

    addresses.set('postalCode', '60601');
    expect(addresses.errors).toEqual({});
    expect(await addresses.save()).toBe(true);
    expect(addresses.editor).toBeNull();
    expect(addresses.notice).toBe(ADDRESS_BOOK_MESSAGES.added);
    expect(streets(system)).toEqual(['233 South Wacker Drive', '1 Lakeshore Drive']);
    // The form is core's tidy version: the mobile as typed, the country upper-cased.
    expect(system.addresses.addresses[1]).toMatchObject({ mobile: '3125550199', country: 'US' });
  });

  it('makes a new address the default when asked, in the same request', async () => {
    const system = await loaded();
    system.addresses.startAdd();
    fill(system.addresses, LAKESHORE);
    system.addresses.setMakeDefault(true);
    expect(await system.addresses.save()).toBe(true);
    expect(system.gateway.apply).toHaveBeenCalledTimes(1);
    expect(streets(system)).toEqual(['1 Lakeshore Drive', '233 South Wacker Drive']);
  });

  it('edits an address in place, keeping the fields the form does not show (its label)', async () => {
    const system = await loaded();
    const id = system.addresses.addresses[0]?.id ?? '';
    system.addresses.startEdit(id);
    expect(system.addresses.form.streetName).toBe('233 South Wacker Drive');
    system.addresses.set('addressLine2', 'Suite 5000');
    expect(await system.addresses.save()).toBe(true);
    expect(system.addresses.notice).toBe(ADDRESS_BOOK_MESSAGES.edited);
    const saved = (await system.fake.profile()).addresses[0];
    expect(saved).toMatchObject({ id, addressLine2: 'Suite 5000', label: 'Profile' });
  });

  it('sets another address as the default', async () => {
    const system = await loaded();
    system.addresses.startAdd();
    fill(system.addresses, LAKESHORE);
    await system.addresses.save();
    const lakeshore = system.addresses.addresses[1]?.id ?? '';
    expect(await system.addresses.setDefault(lakeshore)).toBe(true);
    expect(system.addresses.defaultId).toBe(lakeshore);
    expect(streets(system)[0]).toBe('1 Lakeshore Drive');
    expect(system.addresses.notice).toBe(ADDRESS_BOOK_MESSAGES.defaulted);
  });

  it('removes only after the confirmation; the default moves to the other address', async () => {
    const system = await loaded();
    system.addresses.startAdd();
    fill(system.addresses, LAKESHORE);
    await system.addresses.save();
    const wacker = system.addresses.addresses[0]?.id ?? '';
    system.addresses.askRemove(wacker);
    expect(system.addresses.confirmingRemoval).toBe(wacker);
    system.addresses.cancelRemove();
    expect(system.addresses.confirmingRemoval).toBeNull();
    expect(system.addresses.addresses).toHaveLength(2);

    system.addresses.askRemove(wacker);
    expect(await system.addresses.remove(wacker)).toBe(true);
    expect(streets(system)).toEqual(['1 Lakeshore Drive']);
    expect(system.addresses.defaultId).toBe(system.addresses.addresses[0]?.id);
    expect(system.addresses.confirmingRemoval).toBeNull();
    expect(system.addresses.notice).toBe(ADDRESS_BOOK_MESSAGES.removed);
  });

  it('is empty when the customer has no address', async () => {
    const { addresses } = await loaded(HOMEOWNER);
    expect(addresses.isEmpty).toBe(true);
    expect(addresses.countText).toBe(`0 of ${MAX_SAVED_ADDRESSES} addresses saved`);
  });

  it(`offers no add form once ${MAX_SAVED_ADDRESSES} addresses are saved`, async () => {
    const many = Array.from({ length: MAX_SAVED_ADDRESSES }, (_, i) => ({
      ...LAKESHORE,
      streetName: `${i + 1} Lakeshore Drive`,
    }));
    const { addresses } = await loaded({ ...PRO, addresses: many });
    expect(addresses.isFull).toBe(true);
    addresses.startAdd();
    expect(addresses.editor).toBeNull();
  });

  it('reloads after a stale version and keeps the form as typed; the next save goes through', async () => {
    const system = await loaded();
    system.addresses.startAdd();
    fill(system.addresses, LAKESHORE);
    // Another window adds an address meanwhile.
    await system.fake.apply(1, [ADD_ELM]);
    expect(await system.addresses.save()).toBe(false);
    expect(system.addresses.formError).toBe(ADDRESS_BOOK_MESSAGES.conflictForm);
    expect(system.addresses.editor).toEqual({ kind: 'add' });
    expect(system.addresses.form.streetName).toBe('1 Lakeshore Drive');
    expect(streets(system)).toEqual(['233 South Wacker Drive', '9 Elm Street']);
    expect(await system.addresses.save()).toBe(true);
    expect(streets(system)).toEqual([
      '233 South Wacker Drive',
      '9 Elm Street',
      '1 Lakeshore Drive',
    ]);
  });

  it("puts the server's field refusals on the form's fields", async () => {
    const system = await loaded();
    system.addresses.startAdd();
    fill(system.addresses, LAKESHORE);
    system.failNext(
      'apply',
      new FieldsError([
        {
          code: 'InvalidField',
          field: 'actions[0].address.postalCode',
          message: 'Not a Chicago ZIP',
        },
        {
          code: 'InvalidField',
          field: 'actions[0].address.additionalStreetInfo',
          message: 'is too long',
        },
      ]),
    );
    expect(await system.addresses.save()).toBe(false);
    expect(system.addresses.errors).toEqual({
      postalCode: 'Not a Chicago ZIP',
      addressLine2: 'Address line 2 (optional) is too long',
    });
    expect(system.addresses.formError).toBe(ADDRESS_BOOK_MESSAGES.fixFields);
  });

  it('explains the limit when the server says the book is full', async () => {
    const system = await loaded();
    system.addresses.startAdd();
    fill(system.addresses, LAKESHORE);
    system.failNext(
      'apply',
      new FieldsError([{ code: 'AddressLimitReached', field: 'actions[0]', message: '' }]),
    );
    expect(await system.addresses.save()).toBe(false);
    expect(system.addresses.formError).toBe(ADDRESS_BOOK_MESSAGES.full);
  });

  it('uses the spec wording when adding, editing or setting the default fails', async () => {
    const system = await loaded();
    const id = system.addresses.addresses[0]?.id ?? '';
    system.addresses.startAdd();
    fill(system.addresses, LAKESHORE);
    system.failNext('apply', new ApiError('server', 'Server Error'));
    expect(await system.addresses.save()).toBe(false);
    expect(system.addresses.formError).toBe(ADDRESS_BOOK_MESSAGES.addFailed);
    expect(ADDRESS_BOOK_MESSAGES.addFailed).toBe('Failed to add address');

    system.addresses.startEdit(id);
    system.addresses.set('city', 'Chicago Heights');
    system.failNext('apply', new ApiError('network', 'Network Error'));
    expect(await system.addresses.save()).toBe(false);
    expect(system.addresses.formError).toBe('Failed to edit address');
    expect(system.addresses.form.city).toBe('Chicago Heights');
    system.addresses.cancel();

    await system.fake.apply(1, [ADD_ELM]);
    await system.account.load();
    const elm = system.addresses.addresses[1]?.id ?? '';
    system.failNext('apply', new ApiError('server', 'Server Error'));
    expect(await system.addresses.setDefault(elm)).toBe(false);
    expect(system.addresses.listError).toBe('Failed to set default address');
    expect(system.addresses.defaultId).toBe(id);
  });

  it('turns an edit of an address removed elsewhere into a new address, keeping what was typed', async () => {
    const system = await loaded();
    const id = system.addresses.addresses[0]?.id ?? '';
    system.addresses.startEdit(id);
    system.addresses.set('city', 'Oak Park');
    system.failNext('apply', new AddressNotFoundError(id));
    expect(await system.addresses.save()).toBe(false);
    expect(system.addresses.editor).toEqual({ kind: 'add' });
    expect(system.addresses.formError).toBe(ADDRESS_BOOK_MESSAGES.gone);
    expect(system.addresses.form.city).toBe('Oak Park');
  });

  it('reloads when setting the default meets a stale version, and says so; the retry works', async () => {
    const system = await loaded();
    await system.fake.apply(1, [ADD_ELM]);
    await system.account.load();
    const elm = system.addresses.addresses[1]?.id ?? '';
    // Another window edits the profile, so the version held is stale.
    await system.fake.editProfile(2, [{ action: 'setFirstName', firstName: 'Paulo' }]);
    expect(await system.addresses.setDefault(elm)).toBe(false);
    expect(system.addresses.listError).toBe(ADDRESS_BOOK_MESSAGES.conflict);
    expect(system.account.profile?.firstName).toBe('Paulo');
    expect(await system.addresses.setDefault(elm)).toBe(true);
    expect(system.addresses.listError).toBeNull();
    expect(system.addresses.defaultId).toBe(elm);
  });

  it('takes a removal of an address already gone as done', async () => {
    const system = await loaded();
    const id = system.addresses.addresses[0]?.id ?? '';
    await system.fake.apply(1, [{ action: 'removeAddress', addressId: id }]);
    system.addresses.askRemove(id);
    expect(await system.addresses.remove(id)).toBe(true);
    expect(system.addresses.notice).toBe(ADDRESS_BOOK_MESSAGES.alreadyRemoved);
    expect(system.addresses.isEmpty).toBe(true);
  });

  it('picks the state from the configured list for US and CA, and as free text elsewhere', async () => {
    const { addresses } = await loaded();
    addresses.startAdd();
    addresses.set('state', 'IL');
    addresses.set('country', 'CA');
    expect(addresses.form.state).toBe('IL');
    expect(addresses.stateRequired).toBe(true);
    addresses.set('country', 'GB');
    expect(addresses.stateRequired).toBe(false);
    expect(addresses.stateOptions).toBeNull();
    expect(addresses.form.state).toBe('');
    // A country the configuration does not list stays choosable for the address that has it.
    expect(addresses.countryOptions.map((c) => c.code)).toEqual(['US', 'CA', 'GB']);
    expect(addresses.countryName('CA')).toBe('Canada');
    expect(LISTS.countries.some((c) => c.code === 'GB')).toBe(false);
  });

  it('offers only the chosen country’s states when the configuration says whose they are', async () => {
    const tagged = {
      ...LISTS,
      states: [...US_STATES.slice(0, 3), ...CA_PROVINCES.slice(0, 2)],
    };
    const { addresses } = await loaded(PRO, tagged);
    addresses.startAdd();
    expect(addresses.stateOptions?.map((s) => s.code)).toEqual(['AL', 'AK', 'AZ']);
    addresses.set('state', 'AL');
    addresses.set('country', 'CA');
    expect(addresses.stateOptions?.map((s) => s.code)).toEqual(['AB', 'BC']);
    // Alabama is no Canadian province: the choice is cleared, not carried over.
    expect(addresses.form.state).toBe('');
  });

  it('shares one version with the profile section: saves in both at once do not conflict', async () => {
    const system = await loaded();
    system.profile.set('companyName', 'Reyes Plumbing');
    system.addresses.startAdd();
    fill(system.addresses, LAKESHORE);
    const [profileSaved, addressSaved] = await Promise.all([
      system.profile.save(),
      system.addresses.save(),
    ]);
    expect([profileSaved, addressSaved]).toEqual([true, true]);
    expect(system.profile.formError).toBeNull();
    const stored = await system.fake.profile();
    expect(stored.version).toBe(3);
    expect(stored.companyName).toBe('Reyes Plumbing');
    expect(stored.addresses).toHaveLength(2);
    expect(system.account.profile?.version).toBe(3);
    expect(system.profile.notice).toBe(PROFILE_MESSAGES.saved);
  });
});
