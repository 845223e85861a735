/**
 * The persisted location slice (spec §3 location state, §4 "the location slice is persisted"):
 * the shopper's city and place, when they were looked up, and "my store" with the store as last
 * read (so the header can name it without a call). One JSON entry in local storage, read by hand
 * and checked member by member: anything unreadable reads as empty, a bad member as null.
 */
import type { LocationState, LocationStateStore, UserLocation } from '../../core/stores/ports';
import type { StoreLocation } from '../../core/stores/store-location';

export const LOCATION_STATE_KEY = 'lavabo.location';

export const EMPTY_LOCATION_STATE: LocationState = {
  userCity: null,
  utilityLocation: null,
  cityCachedAt: null,
  lastApiCallAt: null,
  myStoreId: null,
  utilityStoreDetails: null,
};

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const time = (v: unknown): number | null =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null;
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

const locationOf = (v: unknown): UserLocation | null => {
  if (!isRecord(v)) return null;
  const { city, state, postalCode, country, latitude, longitude } = v;
  if (typeof city !== 'string' || typeof state !== 'string' || typeof postalCode !== 'string') {
    return null;
  }
  if ((country !== 'US' && country !== 'CA') || !finite(latitude) || !finite(longitude))
    return null;
  return { city, state, postalCode, country, latitude, longitude };
};

const STORE_TEXT = ['EntityID', 'BPnumber', 'LocationName', 'AddressLine', 'StateLong', 'AdminDistrict', 'PostalCode', 'Phone', 'OpenUntil', 'Locality'] as const; // prettier-ignore

/** A store as saved: the spec's fields must be there; ours are kept as they were written. */
const storeOf = (v: unknown): StoreLocation | null => {
  if (!isRecord(v)) return null;
  if (!STORE_TEXT.every((f) => typeof v[f] === 'string')) return null;
  if (!finite(v.Latitude) || !finite(v.Longitude)) return null;
  return v as unknown as StoreLocation;
};

export class LocalStorageLocationStateStore implements LocationStateStore {
  constructor(private readonly storage: Storage) {}

  load(): LocationState {
    let kept: unknown = null;
    try {
      kept = JSON.parse(this.storage.getItem(LOCATION_STATE_KEY) ?? 'null');
    } catch {
      kept = null;
    }
    if (!isRecord(kept)) return EMPTY_LOCATION_STATE;
    const myStoreId = text(kept.myStoreId);
    const store = storeOf(kept.utilityStoreDetails);
    return {
      userCity: text(kept.userCity),
      utilityLocation: locationOf(kept.utilityLocation),
      cityCachedAt: time(kept.cityCachedAt),
      lastApiCallAt: time(kept.lastApiCallAt),
      myStoreId,
      // Only the chosen store's details: a stale other store is not named in the header.
      utilityStoreDetails: store !== null && store.EntityID === myStoreId ? store : null,
    };
  }

  save(state: LocationState): void {
    try {
      this.storage.setItem(LOCATION_STATE_KEY, JSON.stringify(state));
    } catch {
      // Storage full or unavailable: the slice lives in memory for this page.
    }
  }
}
