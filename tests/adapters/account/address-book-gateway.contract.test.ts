/**
 * Contract: the address book through the storefront's own container — the HTTP gateway against the
 * real server, and the offline fake — signed in the way a shopper signs in. Both must pass the same
 * suite, so the demo behaves as the shop does: the core builders' updates, one default, versions,
 * another customer's addresses, bad fields, the limit, guests, profile edits, demo addresses.
 */
import type { Container } from 'inversify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressToCheckoutForm,
  defaultAddress,
  MAX_SAVED_ADDRESSES,
} from '../../../core/account/address-book';
import {
  addAddress,
  changeAddress,
  removeAddress,
  setDefaultShipping,
  toWireAddress,
  type AddressBook,
  type AddressDraft,
} from '../../../core/account/addresses';
import {
  AddressNotFoundError,
  VersionConflictError,
  type AddressBookGateway,
} from '../../../core/account/ports';
import type { EnsureSession } from '../../../core/auth/ensure-session';
import type { ClaimsReader, CustomerAccounts, TokenStore } from '../../../core/auth/ports';
import type { SignIn } from '../../../core/auth/sign-in';
import type { SignOut } from '../../../core/auth/sign-out';
import { validateAddress } from '../../../core/checkout/checkout-form';
import { FieldsError } from '../../../core/shared/errors';
import type { Result } from '../../../core/shared/result';
import { createContainer, type AdapterMode } from '../../../adapters/di/container';
import { defaultAppConfig, TYPES } from '../../../adapters/di/types';
import { ApiError } from '../../../adapters/http/api-error';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import { startTestServer, type TestServer } from '../../support/test-server';
import { DEMO_PASSWORD } from '../../../server/identity/demo-accounts';

const PASSWORD = 'Abcdefghij1!';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.dispose());

/** A fresh browser tab in this mode: its own storage and container. */
const tab = (mode: AdapterMode): Container =>
  createContainer({
    mode,
    config: { ...defaultAppConfig, apiBaseUrl: server.api },
    storage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
  });

const gatewayOf = (c: Container) => c.get<AddressBookGateway>(TYPES.AddressBookGateway);

let serial = 0;

/** Signs a new account up and in on the tab; its gateway then acts as that customer. */
const newCustomer = async (
  c: Container,
  accountType: 'homeowner' | 'professional' = 'homeowner',
): Promise<AddressBookGateway> => {
  const email = `book-${Date.now()}-${(serial += 1)}@lavabo.test`;
  const created = await c.get<CustomerAccounts>(TYPES.CustomerAccounts).signUp({
    email,
    password: PASSWORD,
    firstName: 'Noor',
    lastName: 'Newman',
    accountType,
    ...(accountType === 'professional' ? { businessType: 'Plumber' } : {}),
  });
  expect(created.kind).toBe('created');
  await signIn(c, email, PASSWORD);
  return gatewayOf(c);
};

const signIn = async (c: Container, username: string, password: string) => {
  const outcome = await c.get<SignIn>(TYPES.SignIn).execute({ username, password });
  expect(outcome.kind).toBe('success');
};

const us = (street: string, extra: AddressDraft = {}): AddressDraft => ({
  firstName: 'Noor',
  lastName: 'Newman',
  mobile: '312 555 0199',
  streetName: street,
  city: 'Chicago',
  state: 'IL',
  postalCode: '60606',
  country: 'US',
  ...extra,
});

const value = <T, E>(r: Result<T, E>): T => {
  if (!r.ok) throw new Error(String(r.error));
  return r.value;
};

const failureOf = (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );

describe.each<AdapterMode>(['http', 'fake'])('%s address book', (mode) => {
  it('starts a new customer with an empty book at version 1 and their names', async () => {
    const gateway = await newCustomer(tab(mode));
    expect(await gateway.profile()).toEqual({
      version: 1,
      firstName: 'Noor',
      lastName: 'Newman',
      addresses: [],
    });
  });

  it('carries out the core builders’ updates, keeping exactly one default', async () => {
    const gateway = await newCustomer(tab(mode));
    const profile = await gateway.profile();
    const first = addAddress(profile, us(' 1 Lake Shore Drive '), 'first');
    let book: AddressBook = await gateway.apply(first.version, first.actions);
    expect(book.version).toBe(2);
    expect(book.addresses).toHaveLength(1);
    expect(book.addresses[0]).toMatchObject({ streetName: '1 Lake Shore Drive', country: 'US' });
    expect(defaultAddress(book)).toBe(book.addresses[0]);

    const second = addAddress(book, us('2 Wacker Drive', { isDefault: true, label: 'Work' }), 'w');
    book = await gateway.apply(second.version, second.actions);
    const work = book.addresses[1];
    expect(work).toMatchObject({ streetName: '2 Wacker Drive', label: 'Work' });
    expect(book.defaultShippingAddressId).toBe(work?.id);

    const homeId = book.addresses[0]?.id ?? '';
    const change = value(
      changeAddress(book, homeId, us('3 State Street', { postalCode: '60601' })),
    );
    book = await gateway.apply(change.version, change.actions);
    expect(book.addresses[0]).toMatchObject({ id: homeId, streetName: '3 State Street' });
    expect(book.defaultShippingAddressId).toBe(work?.id);

    const setDefault = value(setDefaultShipping(book, homeId));
    book = await gateway.apply(setDefault.version, setDefault.actions);
    expect(book.defaultShippingAddressId).toBe(homeId);

    const remove = value(removeAddress(book, homeId));
    book = await gateway.apply(remove.version, remove.actions);
    expect(book.addresses.map((a) => a.id)).toEqual([work?.id]);
    expect(book.defaultShippingAddressId).toBe(work?.id);
    expect(book.version).toBe(6);
    expect(await gateway.profile()).toMatchObject(book);
  });

  it('throws VersionConflictError with the current version for a stale write', async () => {
    const gateway = await newCustomer(tab(mode));
    const profile = await gateway.profile();
    const update = addAddress(profile, us('1 Main Street'), 'k');
    await gateway.apply(update.version, update.actions);
    const stale = await failureOf(gateway.apply(update.version, update.actions));
    expect(stale).toBeInstanceOf(VersionConflictError);
    expect((stale as VersionConflictError).currentVersion).toBe(2);
  });

  it('does not let one customer see or change another’s address', async () => {
    const c = tab(mode);
    const alice = await newCustomer(c);
    const update = addAddress(await alice.profile(), us('1 Alice Avenue'), 'k');
    const aliceBook = await alice.apply(update.version, update.actions);
    const aliceId = aliceBook.addresses[0]?.id ?? '';
    await c.get<SignOut>(TYPES.SignOut).execute();
    const bob = await newCustomer(c);
    expect((await bob.profile()).addresses).toEqual([]);
    for (const action of [
      { action: 'removeAddress' as const, addressId: aliceId },
      { action: 'setDefaultShippingAddress' as const, addressId: aliceId },
      {
        action: 'changeAddress' as const,
        addressId: aliceId,
        address: toWireAddress(us('Hijack Road')),
      },
    ]) {
      const error = await failureOf(bob.apply(1, [action]));
      expect(error).toBeInstanceOf(AddressNotFoundError);
      expect((error as AddressNotFoundError).addressId).toBe(aliceId);
    }
    expect((await bob.profile()).version).toBe(1);
  });

  it('refuses bad fields with a bad-request error naming each', async () => {
    const gateway = await newCustomer(tab(mode));
    const error = await failureOf(
      gateway.apply(1, [
        {
          action: 'addAddress',
          address: toWireAddress(us('1 Main Street', { postalCode: 'ABCDE', mobile: '12' })),
        },
      ]),
    );
    // Core's FieldsError, from the server's 400 and from the fake alike: never the ApiError.
    expect(error).toBeInstanceOf(FieldsError);
    const problems = (error as FieldsError).problems;
    expect(problems.map((p) => p.field)).toEqual(
      expect.arrayContaining(['actions[0].address.postalCode', 'actions[0].address.mobile']),
    );
    for (const p of problems) {
      expect(p.code).toBe('InvalidField');
      expect(p.message).not.toBe('');
    }
    expect((error as FieldsError).message).toContain('actions[0].address.postalCode');
    expect((await gateway.profile()).addresses).toEqual([]);
  });

  it(`keeps at most ${MAX_SAVED_ADDRESSES} addresses`, async () => {
    const gateway = await newCustomer(tab(mode));
    const many = Array.from({ length: MAX_SAVED_ADDRESSES + 1 }, (_, i) => ({
      action: 'addAddress' as const,
      address: toWireAddress(us(`${i + 1} Main Street`)),
    }));
    const error = await failureOf(gateway.apply(1, many));
    expect(error).toBeInstanceOf(FieldsError);
    expect((error as FieldsError).withCode('AddressLimitReached')).toEqual([
      { field: `actions[${MAX_SAVED_ADDRESSES}]`, code: 'AddressLimitReached', message: '' },
    ]);
    const full = await gateway.apply(1, many.slice(0, MAX_SAVED_ADDRESSES));
    expect(full.addresses).toHaveLength(MAX_SAVED_ADDRESSES);
  });

  it('refuses a guest with an authentication error', async () => {
    const c = tab(mode);
    await c.get<EnsureSession>(TYPES.EnsureSession).execute();
    const error = await failureOf(gatewayOf(c).profile());
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('authentication');
    expect((error as ApiError).details.status).toBe(403);
  });

  it('edits the profile: names for everyone, the business name for professionals only', async () => {
    const home = await newCustomer(tab(mode));
    const named = await home.editProfile(1, [
      { action: 'setFirstName', firstName: 'Nora' },
      { action: 'setLastName', lastName: 'Newman-Hale' },
    ]);
    expect(named).toMatchObject({ version: 2, firstName: 'Nora', lastName: 'Newman-Hale' });
    const forbidden = await failureOf(
      home.editProfile(2, [{ action: 'setCompanyName', companyName: 'Acme' }]),
    );
    expect(forbidden).toBeInstanceOf(FieldsError);
    expect((forbidden as FieldsError).problems).toEqual([
      { field: 'companyName', code: 'ForbiddenProfileEdit', message: '' },
    ]);

    const pro = await newCustomer(tab(mode), 'professional');
    const company = await pro.editProfile(1, [
      { action: 'setCompanyName', companyName: 'Acme Plumbing' },
      { action: 'setCustomField', name: 'businessSubtype', value: 'Commercial' },
    ]);
    expect(company).toMatchObject({
      version: 2,
      companyName: 'Acme Plumbing',
      businessType: 'Plumber',
      businessSubtype: 'Commercial',
    });
    expect(await pro.profile()).toEqual(company);
    const stale = await failureOf(pro.editProfile(1, [{ action: 'setFirstName', firstName: 'X' }]));
    expect(stale).toBeInstanceOf(VersionConflictError);
  });

  it('gives the demo professional the business type and subtype the server seeds', async () => {
    const c = tab(mode);
    await signIn(c, 'pro@lavabo.test', DEMO_PASSWORD);
    expect(await gatewayOf(c).profile()).toMatchObject({
      firstName: 'Pablo',
      businessType: 'Plumber',
      businessSubtype: 'Residential',
    });
  });

  it('keeps the business subtype a professional signs up with', async () => {
    const c = tab(mode);
    const email = `subtype-${Date.now()}-${(serial += 1)}@lavabo.test`;
    const created = await c.get<CustomerAccounts>(TYPES.CustomerAccounts).signUp({
      email,
      password: PASSWORD,
      firstName: 'Noor',
      lastName: 'Newman',
      accountType: 'professional',
      businessType: 'Plumber',
      businessSubtype: 'Commercial',
    });
    expect(created.kind).toBe('created');
    await signIn(c, email, PASSWORD);
    expect(await gatewayOf(c).profile()).toMatchObject({
      businessType: 'Plumber',
      businessSubtype: 'Commercial',
    });
  });

  it('gives the demo homeowner a default New York address that fills checkout’s form', async () => {
    const c = tab(mode);
    await signIn(c, 'homeowner@lavabo.test', DEMO_PASSWORD);
    const profile = await gatewayOf(c).profile();
    const address = defaultAddress(profile);
    expect(profile.addresses).toHaveLength(1);
    expect(address).toMatchObject({ city: 'New York', state: 'NY', postalCode: '10001' });
    if (address === undefined) return;
    const form = addressToCheckoutForm(address, 'homeowner@lavabo.test', profile);
    expect(validateAddress(form).ok).toBe(true);
  });

  it('a rename reaches the token renewed after it, which the header reads its name from', async () => {
    const c = tab(mode);
    const gateway = await newCustomer(c);
    const claimsNow = () => {
      const stored = c.get<TokenStore>(TYPES.TokenStore).load();
      return stored === null
        ? null
        : c.get<ClaimsReader>(TYPES.ClaimsReader).read(stored.accessToken);
    };
    expect(claimsNow()?.firstName).toBe('Noor');
    const { version } = await gateway.profile();
    await gateway.editProfile(version, [
      { action: 'setFirstName', firstName: 'Nura' },
      { action: 'setLastName', lastName: 'Nouri' },
    ]);
    // The token in hand is a copy of the account as it was; renewing it issues the account as it is.
    expect(claimsNow()?.firstName).toBe('Noor');
    await c.get<EnsureSession>(TYPES.EnsureSession).renewNow();
    expect(claimsNow()).toMatchObject({ firstName: 'Nura', lastName: 'Nouri' });
  });
});
