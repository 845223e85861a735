/**
 * The account settings view models over the offline fake address book (the server's rules in the
 * tab), with a spy on every call and a switch to make the next call fail.
 */
import { vi } from 'vitest';
import {
  FakeAddressBookGateway,
  type FakeCustomer,
} from '../../../adapters/fake/account/fake-address-book-gateway';
import { DEMO_ADDRESSES } from '../../../core/account/demo-addresses';
import type { AddressFields } from '../../../core/account/addresses';
import type { AddressBookGateway } from '../../../core/account/ports';
import { AccountProfile } from '../../../ui/account/account-profile';
import {
  AddressBookViewModel,
  type ConfiguredLists,
} from '../../../ui/account/address-book-view-model';
import { ProfileViewModel } from '../../../ui/account/profile-view-model';
import type { Notify } from '../../../ui/shell/toaster';

export const OWNER = 'pro@lavabo.test';

export const PRO: FakeCustomer = {
  firstName: 'Pablo',
  lastName: 'Reyes',
  persona: 'TVS',
  businessType: 'Plumber',
  addresses: [{ ...DEMO_ADDRESSES[OWNER], firstName: 'Pablo', lastName: 'Reyes' }],
};

export const HOMEOWNER: FakeCustomer = {
  firstName: 'Harriet',
  lastName: 'Holm',
  persona: 'GST',
  businessType: 'Consumer',
  addresses: [],
};

export const LISTS: ConfiguredLists = {
  countries: [
    { code: 'US', name: 'United States' },
    { code: 'CA', name: 'Canada' },
  ],
  states: [
    { code: 'IL', name: 'Illinois' },
    { code: 'NY', name: 'New York' },
    { code: 'WI', name: 'Wisconsin' },
  ],
};

export const LAKESHORE: AddressFields = {
  firstName: 'Pablo',
  lastName: 'Reyes',
  mobile: '3125550199',
  streetName: '1 Lakeshore Drive',
  city: 'Chicago',
  state: 'IL',
  postalCode: '60601',
  country: 'US',
};

/** A gateway whose calls are recorded and can be made to fail once with `failNext`. */
export const makeAccount = (
  customer: FakeCustomer = PRO,
  lists: ConfiguredLists = LISTS,
  /** The shell's toaster, to see spec §8's toasts. */
  notify?: Notify,
) => {
  const fake = new FakeAddressBookGateway(
    () => OWNER,
    () => customer,
  );
  let failure: { call: keyof AddressBookGateway; error: unknown } | null = null;
  const take = (call: keyof AddressBookGateway) => {
    if (failure?.call !== call) return;
    const { error } = failure;
    failure = null;
    throw error;
  };
  const gateway: AddressBookGateway = {
    profile: vi.fn(async () => {
      take('profile');
      return fake.profile();
    }),
    apply: vi.fn(async (version, actions) => {
      take('apply');
      return fake.apply(version, actions);
    }),
    editProfile: vi.fn(async (version, actions) => {
      take('editProfile');
      return fake.editProfile(version, actions);
    }),
  };
  const account = new AccountProfile(gateway, notify);
  const persona = { current: customer.persona };
  const profile = new ProfileViewModel({ account, gateway, persona: () => persona.current });
  const addresses = new AddressBookViewModel({
    account,
    gateway,
    lists: () => lists,
    ...(notify === undefined ? {} : { notify }),
  });
  return {
    fake,
    gateway,
    account,
    profile,
    addresses,
    persona,
    failNext: (call: keyof AddressBookGateway, error: unknown) => {
      failure = { call, error };
    },
  };
};

/** Fills the add/edit form field by field, as a shopper types. */
export const fill = (vm: AddressBookViewModel, fields: AddressFields) => {
  for (const [field, value] of Object.entries(fields)) {
    vm.set(field as Parameters<AddressBookViewModel['set']>[0], value ?? '');
  }
};
