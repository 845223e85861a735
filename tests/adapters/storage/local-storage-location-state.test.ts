/**
 * The persisted location slice (adapters/storage/local-storage-location-state.ts): what is saved
 * loads back; anything unreadable loads as empty and a bad member as null, so a hand-edited or
 * old entry never breaks the store finder or names a store that is not "my store".
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_LOCATION_STATE,
  LOCATION_STATE_KEY,
  LocalStorageLocationStateStore,
} from '../../../adapters/storage/local-storage-location-state';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import type { LocationState } from '../../../core/stores/ports';

const chicago = { city: 'Chicago', state: 'IL', postalCode: '60601', country: 'US' as const, latitude: 41.88, longitude: -87.62 }; // prettier-ignore
const store = {
  EntityID: 'LVB-00042', BPnumber: 'BP1234567', LocationName: 'Lavabo Showroom Chicago',
  AddressLine: '1 Main Street', StateLong: 'Illinois', AdminDistrict: 'IL', PostalCode: '60601',
  Latitude: 41.88, Longitude: -87.62, Phone: '(312) 555-0100', OpenUntil: '6:00 PM', Locality: 'Chicago',
}; // prettier-ignore

describe('LocalStorageLocationStateStore', () => {
  it('loads back what it saved', () => {
    const storage = new MemoryStorage();
    const state: LocationState = {
      userCity: 'Chicago',
      utilityLocation: chicago,
      cityCachedAt: 1_700_000_000_000,
      lastApiCallAt: 1_700_000_000_500,
      myStoreId: store.EntityID,
      utilityStoreDetails: store,
    };
    new LocalStorageLocationStateStore(storage).save(state);
    expect(new LocalStorageLocationStateStore(storage).load()).toEqual(state);
  });

  it('drops the saved store when it is not my store', () => {
    const storage = new MemoryStorage();
    storage.setItem(LOCATION_STATE_KEY, JSON.stringify({ myStoreId: 'LVB-00001', utilityStoreDetails: store })); // prettier-ignore
    expect(new LocalStorageLocationStateStore(storage).load()).toMatchObject({ myStoreId: 'LVB-00001', utilityStoreDetails: null }); // prettier-ignore
  });

  it('reads anything else as empty or null members, never throwing', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        const storage = new MemoryStorage();
        storage.setItem(LOCATION_STATE_KEY, text);
        const loaded = new LocalStorageLocationStateStore(storage).load();
        expect(Object.keys(loaded).sort()).toEqual(Object.keys(EMPTY_LOCATION_STATE).sort());
        expect(loaded.cityCachedAt === null || Number.isSafeInteger(loaded.cityCachedAt)).toBe(
          true,
        );
        expect(loaded.utilityLocation === null || typeof loaded.utilityLocation.city === 'string').toBe(true); // prettier-ignore
      }),
    );
  });
});
