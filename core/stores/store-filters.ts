/**
 * The store finder's state as the page address keeps it, so a search can be shared, bookmarked
 * and reloaded: `q` (city or ZIP searched), `type` and `service` (comma-separated, in their
 * canonical order), `open=now`, and `store` (the store whose detail is shown). Anything the
 * finder does not know is dropped rather than refused: an old or hand-edited link still opens.
 */
import { storeOpenStatus } from './open-status';
import {
  LOCATION_TYPES,
  STORE_SERVICES,
  type LocationType,
  type StoreLocation,
  type StoreService,
} from './store-location';

export interface StoreFilters {
  /** The city, ZIP or postal code searched from; '' for none. */
  readonly query: string;
  /** Only these kinds of place; every kind when empty. */
  readonly types: readonly LocationType[];
  /** Only places offering every one of these. */
  readonly services: readonly StoreService[];
  readonly openNow: boolean;
  /** The EntityID of the store shown in detail, or null. */
  readonly store: string | null;
}

export const NO_STORE_FILTERS: StoreFilters = {
  query: '',
  types: [],
  services: [],
  openNow: false,
  store: null,
};

/** The page address's query as name → value (the first value of each name). */
export type QueryValues = Readonly<Record<string, string | undefined>>;

const pick = <T extends string>(known: readonly T[], value: string | undefined): T[] => {
  const asked = new Set((value ?? '').split(',').map((v) => v.trim()));
  return known.filter((k) => asked.has(k));
};

export const parseStoreFilters = (query: QueryValues): StoreFilters => {
  const store = query.store?.trim() ?? '';
  return {
    query: (query.q ?? '').trim(),
    types: pick(LOCATION_TYPES, query.type),
    services: pick(STORE_SERVICES, query.service),
    openNow: query.open === 'now',
    store: store === '' ? null : store,
  };
};

/** The query names and values for these filters, defaults left out, in a fixed order. */
export const storeFiltersQuery = (filters: StoreFilters): [string, string][] => {
  const entries: [string, string][] = [];
  const query = filters.query.trim();
  if (query !== '') entries.push(['q', query]);
  const types = LOCATION_TYPES.filter((t) => filters.types.includes(t));
  if (types.length > 0) entries.push(['type', types.join(',')]);
  const services = STORE_SERVICES.filter((s) => filters.services.includes(s));
  if (services.length > 0) entries.push(['service', services.join(',')]);
  if (filters.openNow) entries.push(['open', 'now']);
  const store = filters.store?.trim() ?? '';
  if (store !== '') entries.push(['store', store]);
  return entries;
};

/**
 * The stores the filters let through, in their order. A store whose kind, services or hours are
 * not known is not shown when the shopper filters on that: the list claims only what it knows.
 */
export const applyStoreFilters = (
  stores: readonly StoreLocation[],
  filters: StoreFilters,
  now: Date,
): readonly StoreLocation[] =>
  stores.filter(
    (store) =>
      (filters.types.length === 0 ||
        (store.LocationType !== undefined && filters.types.includes(store.LocationType))) &&
      filters.services.every((s) => store.Services?.includes(s) === true) &&
      (!filters.openNow || storeOpenStatus(store, now)?.open === true),
  );

export const LOCATION_TYPE_LABELS: Readonly<Record<LocationType, string>> = {
  showroom: 'Lavabo showroom',
  store: 'Store',
  dealer: 'Trade dealer',
};

export const STORE_SERVICE_LABELS: Readonly<Record<StoreService, string>> = {
  'design-consultation': 'Design consultation',
  installation: 'Installation',
  'service-parts': 'Service parts',
  'product-displays': 'Product displays',
  'trade-desk': 'Trade desk',
};
