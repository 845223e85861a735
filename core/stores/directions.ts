/**
 * A link that opens driving directions to a store in the shopper's maps app (the universal Google
 * Maps URL, which phones hand to the installed app). The destination is the store's coordinates
 * when it has usable ones, else its name and postal address.
 */
import { isGeoPoint, storePoint, type StoreLocation } from './store-location';

export const DIRECTIONS_BASE = 'https://www.google.com/maps/dir/';

/** The store's address on one line: "1 Main St, Suite 2, Chicago, IL 60601". */
export const storeAddressLine = (store: StoreLocation): string =>
  [
    store.AddressLine,
    store.AddressLine2,
    store.Locality,
    `${store.AdminDistrict} ${store.PostalCode}`.trim(),
  ]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(', ');

export const directionsUrl = (store: StoreLocation): string => {
  const point = storePoint(store);
  const destination = isGeoPoint(point)
    ? `${point.latitude},${point.longitude}`
    : `${store.LocationName}, ${storeAddressLine(store)}`;
  return `${DIRECTIONS_BASE}?api=1&destination=${encodeURIComponent(destination)}`;
};
