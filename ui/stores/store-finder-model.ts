/**
 * The store finder's screen state (`/en/stores`): the search by city or ZIP, "Use my location"
 * (the device's position named by the reverse geocode; the IP location when the shopper refuses or
 * the device cannot tell), the results and the filters the page address keeps, the selected
 * store's detail and "Set as my store". With nothing searched yet it starts from where the shopper
 * is, through the location cache rules (core/stores/location-cache.ts): a fresh cached city, else
 * one IP lookup at most a minute.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { FindNearbyStores } from '../../core/stores/find-nearby-stores';
import { widerStoreDistance } from '../../core/stores/nearby-search';
import {
  decideLocation,
  recordCity,
  recordLocationApiCall,
} from '../../core/stores/location-cache';
import { TooManyRequestsError } from '../../core/shared/errors';
import {
  StoreOriginUnknownError,
  type LocationStateStore,
  type MapsGateway,
  type NearbyOrigin,
  type StoreDirectory,
  type UserLocation,
} from '../../core/stores/ports';
import {
  applyStoreFilters,
  NO_STORE_FILTERS,
  type StoreFilters,
} from '../../core/stores/store-filters';
import type {
  GeoPoint,
  LocationType,
  StoreLocation,
  StoreService,
} from '../../core/stores/store-location';
import type { MyStoreModel } from './my-store-model';

export interface StoreFinderPorts {
  readonly findNearby: FindNearbyStores;
  readonly maps: MapsGateway;
  readonly directory: StoreDirectory;
  readonly locationState: LocationStateStore;
}

export interface StoreFinderOptions {
  readonly ports: StoreFinderPorts;
  readonly myStore: MyStoreModel;
  /** The site name the calls carry as brand. */
  readonly brand: string;
  /** The device's position; rejects when the shopper refuses or the device cannot tell. */
  readonly geolocate: () => Promise<GeoPoint>;
  /** Keeps new filters in the page address (the page then calls apply with them). */
  readonly onFiltersChange: (filters: StoreFilters) => void;
  readonly clock?: () => Date;
}

export type StoreFinderStatus = 'idle' | 'locating' | 'searching' | 'ready' | 'failed';

/** What to do when stores could not be loaded, under "We could not load stores". */
export const CHECK_CONNECTION_MESSAGE = 'Check your connection and try again.';
export const ENTER_PLACE_MESSAGE = 'Enter a city or ZIP code.';
export const NO_LOCATION_MESSAGE =
  'We could not tell where you are. Enter a city or ZIP code instead.';

/** What to do about a failed call: wait as long as a rate limit says, else check the connection. */
const adviceFor = (cause: unknown): string =>
  cause instanceof TooManyRequestsError ? cause.message : CHECK_CONNECTION_MESSAGE;

const placeOf = (location: UserLocation): string => `${location.city}, ${location.state}`;

const pointOf = (location: UserLocation): GeoPoint => ({
  latitude: location.latitude,
  longitude: location.longitude,
});

export class StoreFinderModel {
  filters: StoreFilters = NO_STORE_FILTERS;
  /** The "City or ZIP" field. */
  input = '';
  inputError: string | null = null;
  status: StoreFinderStatus = 'idle';
  /** The nearby stores of the last search, before the filters. */
  stores: readonly StoreLocation[] = [];
  /** What the results are near, as the shopper reads it. */
  place: string | null = null;
  /** The distance of the search that gave the results, and whether it was widened to it. */
  distance = 0;
  widened = false;
  /** A word on how the place was found (the IP location stood in for the device's). */
  notice: string | null = null;
  /** A store opened by its link that is not among the results, fetched on its own. */
  linked: StoreLocation | null = null;
  linkedStatus: 'idle' | 'loading' | 'missing' | 'failed' = 'idle';
  /**
   * What to do about the search's failure: check the connection, or, when the shop turned the call
   * away for too many searches just now, its words on how long to wait.
   */
  searchAdvice: string = CHECK_CONNECTION_MESSAGE;
  /** The same for the linked store's failure, which may have had another cause. */
  linkedAdvice: string = CHECK_CONNECTION_MESSAGE;
  now: Date;

  /** The query the results belong to, so the address catching up does not search again. */
  private searchedQuery: string | null = null;
  private lastSearch: (() => Promise<void>) | null = null;
  /** The last search again at another distance ("Search up to 1000 miles"). */
  private lastSearchAt: ((distance: number) => Promise<void>) | null = null;
  private generation = 0;
  private started = false;
  private readonly clock: () => Date;

  constructor(private readonly options: StoreFinderOptions) {
    this.clock = options.clock ?? (() => new Date());
    this.now = this.clock();
    makeObservable<StoreFinderModel, 'runSearch' | 'loadLinked'>(this, {
      filters: observableRef,
      input: observable,
      inputError: observable,
      status: observable,
      stores: observableRef,
      place: observable,
      distance: observable,
      widened: observable,
      notice: observable,
      linked: observableRef,
      linkedStatus: observable,
      searchAdvice: observable,
      linkedAdvice: observable,
      now: observableRef,
      visible: computed,
      selected: computed,
      myStoreId: computed,
      apply: action,
      setInput: action,
      submit: action,
      toggleType: action,
      toggleService: action,
      setOpenNow: action,
      clearFilters: action,
      select: action,
      useMyLocation: action,
      setMyStore: action,
      runSearch: action,
      searchWider: action,
      widerDistance: computed,
      loadLinked: action,
    });
  }

  /** The results the filters let through, nearest first. */
  get visible(): readonly StoreLocation[] {
    return applyStoreFilters(this.stores, this.filters, this.now);
  }

  /** The store shown in detail and highlighted in list and map, or null. */
  get selected(): StoreLocation | null {
    const id = this.filters.store;
    if (id === null) return null;
    return (
      this.stores.find((s) => s.EntityID === id) ??
      (this.linked?.EntityID === id ? this.linked : null)
    );
  }

  get myStoreId(): string | null {
    return this.options.myStore.id;
  }

  get filtering(): boolean {
    return (
      this.filters.types.length > 0 || this.filters.services.length > 0 || this.filters.openNow
    );
  }

  /** The filters the page address holds now: search when its place changed, open its store. */
  apply(filters: StoreFilters): void {
    const first = !this.started;
    this.started = true;
    this.filters = filters;
    if (filters.query !== '' && filters.query !== this.searchedQuery) {
      this.input = filters.query;
      void this.searchFor(filters.query);
    } else if (first && filters.query === '') {
      void this.startFromWhereYouAre();
    }
    void this.loadLinked();
  }

  setInput(value: string): void {
    this.input = value;
    this.inputError = null;
  }

  async submit(): Promise<void> {
    const query = this.input.trim();
    if (query === '') {
      this.inputError = ENTER_PLACE_MESSAGE;
      return;
    }
    this.change({ ...this.filters, query, store: null });
    await this.searchFor(query);
  }

  toggleType(type: LocationType): void {
    const types = this.filters.types.includes(type)
      ? this.filters.types.filter((t) => t !== type)
      : [...this.filters.types, type];
    this.change({ ...this.filters, types });
  }

  toggleService(service: StoreService): void {
    const services = this.filters.services.includes(service)
      ? this.filters.services.filter((s) => s !== service)
      : [...this.filters.services, service];
    this.change({ ...this.filters, services });
  }

  setOpenNow(openNow: boolean): void {
    this.now = this.clock();
    this.change({ ...this.filters, openNow });
  }

  clearFilters(): void {
    this.change({ ...this.filters, types: [], services: [], openNow: false });
  }

  /** Shows a store in detail (null closes the detail). */
  select(entityId: string | null): void {
    this.change({ ...this.filters, store: entityId });
    void this.loadLinked();
  }

  setMyStore(store: StoreLocation): void {
    this.options.myStore.set(store);
  }

  retry(): Promise<void> {
    return this.lastSearch?.() ?? Promise.resolve();
  }

  /** "Use my location": the device's position, else the IP location. */
  async useMyLocation(): Promise<void> {
    const { maps } = this.options.ports;
    const generation = ++this.generation;
    this.status = 'locating';
    this.inputError = null;
    this.notice = null;
    let origin: GeoPoint | null = null;
    let location: UserLocation | null = null;
    try {
      origin = await this.options.geolocate();
      location = await maps.reverseGeocode(origin, this.options.brand).catch(() => null);
    } catch {
      origin = null;
    }
    let notice: string | null = null;
    if (origin === null) {
      location = await maps.locationByIp().catch(() => null);
      if (location !== null) {
        origin = pointOf(location);
        notice = `We could not use your device’s location, so we searched near ${placeOf(location)}, where your internet connection is.`;
      }
    }
    if (generation !== this.generation) return;
    if (origin === null) {
      runInAction(() => {
        this.status = 'idle';
        this.inputError = NO_LOCATION_MESSAGE;
      });
      return;
    }
    const place = location === null ? 'your location' : placeOf(location);
    if (location !== null) this.remember(location);
    runInAction(() => {
      const query = location?.postalCode ?? '';
      this.input = query;
      this.notice = notice;
      this.change({ ...this.filters, query, store: null });
    });
    await this.runSearch(origin, place, location?.postalCode ?? '');
  }

  private change(filters: StoreFilters): void {
    this.filters = filters;
    this.options.onFiltersChange(filters);
  }

  private searchFor(query: string): Promise<void> {
    this.notice = null;
    return this.runSearch({ city: query }, query, query);
  }

  /** With nothing asked yet: the cached city, else the IP location (at most once a minute). */
  private async startFromWhereYouAre(): Promise<void> {
    const { locationState, maps } = this.options.ports;
    const state = locationState.load();
    const now = this.clock().getTime();
    const decision = decideLocation(state, now);
    if (
      decision.action === 'use-cached' ||
      (decision.action === 'wait' && decision.city !== null)
    ) {
      const city = decision.city ?? '';
      runInAction(() => (this.input = city));
      return this.runSearch({ city }, city, '');
    }
    if (decision.action === 'wait') return;
    locationState.save({ ...state, ...recordLocationApiCall(state, now) });
    const generation = this.generation;
    const location = await maps.locationByIp().catch(() => null);
    // The shopper searched meanwhile: their search wins.
    if (location === null || generation !== this.generation) return;
    this.remember(location);
    runInAction(() => (this.input = placeOf(location)));
    return this.runSearch(pointOf(location), placeOf(location), '');
  }

  /** Keeps where the shopper is in the location slice (spec §3: userCity, utilityLocation). */
  private remember(location: UserLocation): void {
    const { locationState } = this.options.ports;
    const now = this.clock().getTime();
    const state = locationState.load();
    locationState.save({
      ...state,
      ...recordCity(recordLocationApiCall(state, now), placeOf(location), now),
      utilityLocation: location,
    });
  }

  /**
   * The distance a search could go to when the filters let none of the nearby stores through (a
   * showroom may be further than the nearest stores): null when the search is at its widest, or
   * there is nothing to widen for.
   */
  get widerDistance(): number | null {
    if (this.status !== 'ready' || this.stores.length === 0 || this.visible.length > 0) return null;
    return widerStoreDistance(this.distance);
  }

  /** Runs the last search again at the widest distance, the filters unchanged. */
  searchWider(): Promise<void> {
    const distance = this.widerDistance;
    if (distance === null || this.lastSearchAt === null) return Promise.resolve();
    return this.lastSearchAt(distance);
  }

  /** Searches near `origin`, named `place` to the shopper, for the address's `query`. */
  private async runSearch(
    origin: NearbyOrigin,
    place: string,
    query: string,
    distance?: number,
  ): Promise<void> {
    const generation = ++this.generation;
    this.searchedQuery = query;
    this.lastSearch = () => this.runSearch(origin, place, query, distance);
    this.lastSearchAt = (at) => this.runSearch(origin, place, query, at);
    this.status = 'searching';
    this.inputError = null;
    const answer = await this.options.ports.findNearby.execute({
      origin,
      brand: this.options.brand,
      ...(distance === undefined ? {} : { distance }),
    });
    if (generation !== this.generation) return;
    runInAction(() => {
      this.now = this.clock();
      if (answer.ok) {
        this.stores = answer.value.stores;
        this.distance = answer.value.distance;
        this.widened = answer.value.widened;
        this.place = place;
        this.status = 'ready';
        return;
      }
      const error = answer.error;
      if (error.kind === 'invalid-origin') {
        this.status = 'idle';
        this.inputError = ENTER_PLACE_MESSAGE;
      } else if (error.cause instanceof StoreOriginUnknownError) {
        this.status = 'idle';
        this.stores = [];
        this.place = null;
        this.inputError = `We could not find “${place}”. Check the spelling, or enter a ZIP code.`;
      } else {
        this.status = 'failed';
        this.searchAdvice = adviceFor(error.cause);
      }
    });
  }

  /** The linked store when it is not among the results (a shared `?store=` link, my store). */
  private async loadLinked(): Promise<void> {
    const id = this.filters.store;
    if (id === null || this.linked?.EntityID === id) return;
    if (this.stores.some((s) => s.EntityID === id)) return;
    this.linkedStatus = 'loading';
    try {
      const store = await this.options.ports.directory.store(id);
      runInAction(() => {
        if (this.filters.store !== id) return;
        this.linked = store;
        this.linkedStatus = store === null ? 'missing' : 'idle';
      });
    } catch (error) {
      runInAction(() => {
        if (this.filters.store !== id) return;
        this.linkedStatus = 'failed';
        this.linkedAdvice = adviceFor(error);
      });
    }
  }
}
