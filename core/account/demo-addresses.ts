/**
 * The saved address each pinned demo account starts with (ARCHITECTURE.md demo accounts): the
 * server seeds them (server/customer/demo-addresses.ts) and the offline demo's fake address book
 * starts from them, so both shops offer the same address at checkout. US addresses that pass
 * checkout's rules (state, ZIP code, a 10-digit mobile; 555-01xx numbers are reserved for fiction).
 */
import { PROFILE_ADDRESS_LABEL, type AddressFields } from './addresses';

export type DemoAddress = Omit<AddressFields, 'firstName' | 'lastName'>;

export const DEMO_ADDRESSES: Readonly<Record<string, DemoAddress>> = {
  'homeowner@lavabo.test': {
    mobile: '212-555-0147',
    streetName: '350 Fifth Avenue',
    addressLine2: 'Apt 12B',
    city: 'New York',
    state: 'NY',
    postalCode: '10001',
    country: 'US',
    label: PROFILE_ADDRESS_LABEL,
  },
  'pro@lavabo.test': {
    mobile: '312-555-0182',
    streetName: '233 South Wacker Drive',
    addressLine2: 'Suite 4400',
    city: 'Chicago',
    state: 'IL',
    postalCode: '60606',
    country: 'US',
    label: PROFILE_ADDRESS_LABEL,
  },
  'associate@lavabo.test': {
    mobile: '920-555-0110',
    streetName: '444 Highland Drive',
    city: 'Kohler',
    state: 'WI',
    postalCode: '53044',
    country: 'US',
    label: PROFILE_ADDRESS_LABEL,
  },
  'expired@lavabo.test': {
    mobile: '206-555-0133',
    streetName: '400 Pine Street',
    city: 'Seattle',
    state: 'WA',
    postalCode: '98101',
    country: 'US',
    label: PROFILE_ADDRESS_LABEL,
  },
  'author@lavabo.test': {
    mobile: '503-555-0168',
    streetName: '1120 NW Couch Street',
    city: 'Portland',
    state: 'OR',
    postalCode: '97209',
    country: 'US',
    label: PROFILE_ADDRESS_LABEL,
  },
};
