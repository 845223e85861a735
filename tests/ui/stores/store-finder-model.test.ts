import { describe, expect, it } from 'vitest';
import { NO_STORE_FILTERS, type StoreFilters } from '../../../core/stores/store-filters';
import { MyStoreModel } from '../../../ui/stores/my-store-model';
import {
  ENTER_PLACE_MESSAGE,
  NO_LOCATION_MESSAGE,
  StoreFinderModel,
} from '../../../ui/stores/store-finder-model';
import {
  CHICAGO,
  FakeDirectory,
  FakeLocator,
  FakeMaps,
  findNearby,
  MemoryLocationState,
  store,
} from './fakes';

const FRIDAY_NOON_NY = new Date(Date.UTC(2026, 10, 27, 17, 0));

const setup = (
  options: {
    locator?: FakeLocator;
    maps?: FakeMaps;
    geolocate?: () => Promise<{ latitude: number; longitude: number }>;
    state?: MemoryLocationState;
  } = {},
) => {
  const showroom = store('A', { Distance: 1 });
  const dealer = store('B', {
    Distance: 3,
    LocationType: 'dealer',
    Services: ['installation'],
    Hours: [{ day: 6, opens: '10:00', closes: '14:00' }],
  });
  const far = store('Z', { Distance: 800, Latitude: 64.84, Longitude: -147.72 });
  const locator =
    options.locator ??
    new FakeLocator({ '10001': [showroom, dealer], '99701': [far], 'Chicago, IL': [dealer] });
  const maps = options.maps ?? new FakeMaps();
  const state = options.state ?? new MemoryLocationState();
  const urls: StoreFilters[] = [];
  const model = new StoreFinderModel({
    ports: {
      findNearby: findNearby(locator),
      maps,
      directory: new FakeDirectory([showroom, dealer, far, store('Q')]),
      locationState: state,
    },
    myStore: new MyStoreModel(state),
    brand: 'Lavabo',
    geolocate: options.geolocate ?? (() => Promise.reject(new Error('denied'))),
    onFiltersChange: (f) => urls.push(f),
    clock: () => FRIDAY_NOON_NY,
  });
  return { model, locator, maps, state, urls, showroom, dealer, far };
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('StoreFinderModel', () => {
  it('searches a ZIP, keeps it in the address and lists the stores nearest first', async () => {
    const { model, urls, locator } = setup();
    model.apply(NO_STORE_FILTERS);
    await settle();
    model.setInput(' 10001 ');
    await model.submit();
    expect(urls.at(-1)?.query).toBe('10001');
    expect(model.status).toBe('ready');
    expect(model.visible.map((s) => s.EntityID)).toEqual(['A', 'B']);
    expect(locator.queries.at(-1)).toMatchObject({ origin: { city: '10001' }, brand: 'lavabo' });
    // The address catching up does not search again.
    const calls = locator.queries.length;
    model.apply(urls.at(-1)!);
    await settle();
    expect(locator.queries.length).toBe(calls);
  });

  it('asks for a place before searching', async () => {
    const { model, locator } = setup();
    model.setInput('  ');
    await model.submit();
    expect(model.inputError).toBe(ENTER_PLACE_MESSAGE);
    expect(locator.queries).toEqual([]);
  });

  it('names a place the maps service does not know on the field', async () => {
    const { model } = setup();
    model.apply({ ...NO_STORE_FILTERS, query: 'Atlantis' });
    await settle();
    expect(model.status).toBe('idle');
    expect(model.inputError).toContain('Atlantis');
  });

  it('filters by type, services and open now without searching again', async () => {
    const { model, urls, locator } = setup();
    model.apply({ ...NO_STORE_FILTERS, query: '10001' });
    await settle();
    const calls = locator.queries.length;
    model.toggleType('dealer');
    expect(model.visible.map((s) => s.EntityID)).toEqual(['B']);
    expect(urls.at(-1)?.types).toEqual(['dealer']);
    model.toggleType('dealer');
    model.toggleService('installation');
    expect(model.visible.map((s) => s.EntityID)).toEqual(['B']);
    model.clearFilters();
    model.setOpenNow(true); // Friday noon in New York: the showroom is open, the dealer is not.
    expect(model.visible.map((s) => s.EntityID)).toEqual(['A']);
    expect(locator.queries.length).toBe(calls);
  });

  it('says when it had to widen the search to 1000 miles, and when nothing is that near', async () => {
    const { model } = setup();
    model.apply({ ...NO_STORE_FILTERS, query: '99701' });
    await settle();
    expect(model.widened).toBe(true);
    expect(model.distance).toBe(1000);
    expect(model.visible).toHaveLength(1);
    const empty = setup({ locator: new FakeLocator({ X0A: [] }) }).model;
    empty.apply({ ...NO_STORE_FILTERS, query: 'X0A' });
    await settle();
    expect(empty.status).toBe('ready');
    expect(empty.stores).toEqual([]);
    expect(empty.widened).toBe(true);
  });

  it('offers a wider search when the filters let none of the nearby stores through', async () => {
    const near = store('N', { Distance: 5, LocationType: 'store' });
    const showroom = store('S', { Distance: 300, LocationType: 'showroom' });
    const { model, locator } = setup({ locator: new FakeLocator({ '60601': [near, showroom] }) });
    model.apply({ ...NO_STORE_FILTERS, query: '60601' });
    await settle();
    expect(model.distance).toBe(64);
    // Nothing to widen for while a store shows.
    expect(model.widerDistance).toBeNull();
    model.toggleType('showroom');
    expect(model.visible).toEqual([]);
    expect(model.widerDistance).toBe(1000);
    await model.searchWider();
    expect(locator.queries.at(-1)).toMatchObject({ origin: { city: '60601' }, distance: 1000 });
    expect(model.visible.map((s) => s.EntityID)).toEqual(['S']);
    expect(model.widened).toBe(false);
    expect(model.filters.types).toEqual(['showroom']);
    // At the widest already: none further to offer, and a retry keeps the distance.
    model.toggleType('showroom');
    model.toggleType('dealer');
    expect(model.widerDistance).toBeNull();
    await model.retry();
    expect(locator.queries.at(-1)?.distance).toBe(1000);
  });

  it('offers a retry when the shop cannot be reached, and the retry searches again', async () => {
    const locator = new FakeLocator({ '10001': [store('A')] });
    locator.failing = true;
    const { model } = setup({ locator });
    model.apply({ ...NO_STORE_FILTERS, query: '10001' });
    await settle();
    expect(model.status).toBe('failed');
    locator.failing = false;
    await model.retry();
    expect(model.status).toBe('ready');
    expect(model.visible).toHaveLength(1);
  });

  it('uses the device’s position named by the reverse geocode', async () => {
    const { model, urls, state } = setup({
      geolocate: async () => ({ latitude: 40.75, longitude: -73.99 }),
    });
    await model.useMyLocation();
    expect(model.place).toBe('New York, NY');
    expect(model.notice).toBeNull();
    expect(urls.at(-1)?.query).toBe('10001');
    expect(model.visible[0]?.EntityID).toBe('A');
    expect(state.state.userCity).toBe('New York, NY');
  });

  it('falls back to the IP location when the shopper refuses, and says so', async () => {
    const { model, maps } = setup();
    await model.useMyLocation();
    expect(maps.ipCalls).toBe(1);
    expect(model.place).toBe('Chicago, IL');
    expect(model.notice).toContain('Chicago, IL');
    const lost = setup({ maps: new FakeMaps(null) }).model;
    await lost.useMyLocation();
    expect(lost.inputError).toBe(NO_LOCATION_MESSAGE);
  });

  it('starts from a fresh cached city, else asks the IP location once', async () => {
    const cached = new MemoryLocationState({
      ...new MemoryLocationState().state,
      userCity: 'Chicago, IL',
      cityCachedAt: FRIDAY_NOON_NY.getTime() - 60_000,
    });
    const first = setup({ state: cached });
    first.model.apply(NO_STORE_FILTERS);
    await settle();
    expect(first.maps.ipCalls).toBe(0);
    expect(first.model.input).toBe('Chicago, IL');
    const fresh = setup();
    fresh.model.apply(NO_STORE_FILTERS);
    await settle();
    expect(fresh.maps.ipCalls).toBe(1);
    expect(fresh.model.place).toBe(`${CHICAGO.city}, ${CHICAGO.state}`);
    expect(fresh.state.state.lastApiCallAt).toBe(FRIDAY_NOON_NY.getTime());
  });

  it('opens a linked store that is not among the results, and sets it as my store', async () => {
    const { model, state } = setup();
    model.apply({ ...NO_STORE_FILTERS, query: '10001', store: 'Q' });
    await settle();
    expect(model.selected?.EntityID).toBe('Q');
    model.setMyStore(model.selected!);
    expect(model.myStoreId).toBe('Q');
    expect(state.state.myStoreId).toBe('Q');
    expect(state.state.utilityStoreDetails?.Distance).toBeUndefined();
    expect(new MyStoreModel(state).store?.LocationName).toBe('Lavabo Q');
    model.select('nope');
    await settle();
    expect(model.selected).toBeNull();
    expect(model.linkedStatus).toBe('missing');
  });
});
