/**
 * Postal codes in the address forms: a code the lookup places fills the empty city and state (and
 * corrects its own earlier filling, never the shopper's typing); a code nothing accepts is named on
 * the field; a lookup that cannot judge changes nothing. Through the real ValidatePostalCode over
 * an in-test lookup, in the address book's view model.
 */
import { Container } from 'inversify';
import { describe, expect, it, vi } from 'vitest';
import type { LoadAreas } from '../../../adapters/di/areas';
import { TYPES } from '../../../adapters/di/types';
import type { PostalCodeLookup, PostalLocation } from '../../../core/validation/ports';
import { ValidatePostalCode } from '../../../core/validation/validate-postal-code';
import { AddressBookViewModel } from '../../../ui/account/address-book-view-model';
import {
  adviseOnPostalCode,
  checkPostalCodeOf,
  FILLED_FROM_POSTAL_CODE,
  type CheckPostalCode,
} from '../../../ui/stores/postal-code-assist';
import { fill, LISTS, makeAccount } from '../account/fixtures';

const PLACES: Record<string, PostalLocation> = {
  '10001': { postalCode: '10001', city: 'New York', state: 'NY', country: 'US' },
  '60601': { postalCode: '60601', city: 'Chicago', state: 'IL', country: 'US' },
};

const lookup = (down = false): PostalCodeLookup => ({
  lookup: async (code) => {
    if (down) throw new Error('maps service down');
    const place = PLACES[code];
    return place === undefined ? [] : [place];
  },
});

const checkWith =
  (l: PostalCodeLookup): CheckPostalCode =>
  (postalCode, country) =>
    new ValidatePostalCode(l).execute({ postalCode, country, field: 'postalCode' });

const addressBook = async (check: CheckPostalCode) => {
  const system = makeAccount();
  await system.account.load();
  const vm = new AddressBookViewModel({
    account: system.account,
    gateway: system.gateway,
    lists: () => LISTS,
    checkPostalCode: check,
  });
  vm.startAdd();
  return vm;
};

describe('postal code assist', () => {
  it('fills an empty city and state from a placed ZIP, and a new ZIP replaces only its own filling', async () => {
    const vm = await addressBook(checkWith(lookup()));
    fill(vm, { country: 'US', postalCode: '10001' });
    await vm.postalCodeDone();
    expect([vm.form.city, vm.form.state]).toEqual(['New York', 'NY']);
    expect(vm.postalCodeHint).toBe(FILLED_FROM_POSTAL_CODE);
    fill(vm, { postalCode: '60601' });
    expect(vm.postalCodeHint).toBeNull();
    await vm.postalCodeDone();
    expect([vm.form.city, vm.form.state]).toEqual(['Chicago', 'IL']);
    // What the shopper typed stays.
    fill(vm, { city: 'Evanston', postalCode: '10001' });
    await vm.postalCodeDone();
    expect([vm.form.city, vm.form.state]).toEqual(['Evanston', 'NY']);
  });

  it('names a code nothing accepts on the field', async () => {
    const vm = await addressBook(checkWith(lookup()));
    fill(vm, { country: 'US', postalCode: '1234' });
    await vm.postalCodeDone();
    expect(vm.errors.postalCode).toBeTruthy();
    expect(vm.form.city).toBe('');
  });

  it('does not block or change an address the lookup cannot judge', async () => {
    const down = await addressBook(checkWith(lookup(true)));
    fill(down, { country: 'US', postalCode: '10001', city: '' });
    await down.postalCodeDone();
    expect(down.errors.postalCode).toBeUndefined();
    expect(down.form.city).toBe('');
    const throwing = await addressBook(() => Promise.reject(new Error('area failed to load')));
    fill(throwing, { country: 'US', postalCode: '10001' });
    await throwing.postalCodeDone();
    expect(throwing.errors).toEqual({});
    // A code the lookup does not know but the country's pattern accepts is not refused.
    const unknown = await addressBook(checkWith(lookup()));
    fill(unknown, { country: 'US', postalCode: '99999' });
    await unknown.postalCodeDone();
    expect(unknown.errors.postalCode).toBeUndefined();
  });

  it('advises nothing when the code is placed but both fields are the shopper’s', () => {
    const check = { field: 'postalCode', valid: true, message: null, location: PLACES['10001']! };
    expect(adviseOnPostalCode(check, { city: 'Manhattan', state: 'NY' }, null)).toEqual({
      kind: 'none',
    });
    expect(adviseOnPostalCode(check, { city: '', state: 'NY' }, null)).toEqual({
      kind: 'fill',
      city: 'New York',
      state: null,
    });
  });

  it('asks the lookup only about codes it can judge: US ZIPs and Canadian postal codes', async () => {
    const spy = vi.fn(lookup().lookup);
    const container = new Container();
    const loads: string[][] = [];
    container.bind<LoadAreas>(TYPES.LoadAreas).toConstantValue(async (areas) => {
      loads.push([...areas]);
    });
    container
      .bind(TYPES.ValidatePostalCode)
      .toConstantValue(new ValidatePostalCode({ lookup: spy }));
    const check = checkPostalCodeOf(container);
    expect(await check('ABCDE', 'US')).toBeNull();
    expect(await check('SW1A 1AA', 'GB')).toBeNull();
    expect(spy).not.toHaveBeenCalled();
    expect(loads).toEqual([]);
    expect((await check('10001', 'US'))?.location?.city).toBe('New York');
    expect(await check('k1a 0b1', 'CA')).toMatchObject({ valid: true });
    expect(spy).toHaveBeenCalledTimes(2);
    expect(loads).toEqual([['stores'], ['stores']]);
  });
});
