/**
 * The store finder (`/en/stores`): the "City or ZIP" search and "Use my location", the filters,
 * the results list (the accessible form of the results: each store with its distance, open-now
 * reading, `tel:` phone link, directions and "Set as my store") and, beside it, a decorative map
 * with a pin per result; the selected store is highlighted in both and shown in detail.
 */
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useId, type FormEvent } from 'react';
import { directionsUrl, storeAddressLine } from '../../core/stores/directions';
import { STORE_SEARCH_DISTANCE_DEFAULT } from '../../core/stores/nearby-search';
import {
  describeOpenStatus,
  formatStoreTime,
  storeLocalTime,
  storeOpenStatus,
  WEEKDAYS,
} from '../../core/stores/open-status';
import { LOCATION_TYPE_LABELS, STORE_SERVICE_LABELS } from '../../core/stores/store-filters';
import {
  LOCATION_TYPES,
  STORE_SERVICES,
  type StoreLocation,
} from '../../core/stores/store-location';
import { Field } from '../auth/field';
import type { StoreFinderModel } from './store-finder-model';
import '../auth/auth.css';
import './stores.css';

/** The map and its geography load with the first results, off the page's own chunk. */
const StoreMap = lazy(() => import('./store-map'));

const telOf = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

const openText = (store: StoreLocation, now: Date): string => {
  const status = storeOpenStatus(store, now);
  if (status === null)
    return store.OpenUntil.startsWith('Closed') ? store.OpenUntil : `Open until ${store.OpenUntil}`;
  return describeOpenStatus(status, storeLocalTime(now, store.TimeZone ?? '')?.day ?? now.getDay());
};

const miles = (distance: number | undefined): string | null =>
  distance === undefined ? null : `${distance.toFixed(1)} mi`;

const SearchForm = observer(({ finder }: { finder: StoreFinderModel }) => {
  const busy = finder.status === 'searching' || finder.status === 'locating';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void finder.submit();
  };
  return (
    <form className="store-search" role="search" noValidate onSubmit={submit} aria-busy={busy}>
      <Field
        label="City or ZIP"
        value={finder.input}
        error={finder.inputError}
        autoComplete="postal-code"
        placeholder="e.g. 10001 or Chicago, IL"
        onValue={(v) => finder.setInput(v)}
      />
      <div className="store-search__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          Search
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => void finder.useMyLocation()}
        >
          {finder.status === 'locating' ? 'Finding you…' : 'Use my location'}
        </button>
      </div>
    </form>
  );
});

const Filters = observer(({ finder }: { finder: StoreFinderModel }) => {
  const { filters } = finder;
  return (
    <div className="store-filters">
      <fieldset>
        <legend>Type</legend>
        {LOCATION_TYPES.map((type) => (
          <label key={type} className="store-filters__choice">
            <input
              type="checkbox"
              checked={filters.types.includes(type)}
              onChange={() => finder.toggleType(type)}
            />
            {LOCATION_TYPE_LABELS[type]}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Services</legend>
        {STORE_SERVICES.map((service) => (
          <label key={service} className="store-filters__choice">
            <input
              type="checkbox"
              checked={filters.services.includes(service)}
              onChange={() => finder.toggleService(service)}
            />
            {STORE_SERVICE_LABELS[service]}
          </label>
        ))}
      </fieldset>
      <label className="store-filters__choice store-filters__open">
        <input
          type="checkbox"
          checked={filters.openNow}
          onChange={(e) => finder.setOpenNow(e.target.checked)}
        />
        Open now
      </label>
    </div>
  );
});

const StoreActions = observer(
  ({ finder, store }: { finder: StoreFinderModel; store: StoreLocation }) => (
    <div className="store-card__actions">
      <a className="store-card__phone" href={telOf(store.Phone)}>
        {store.Phone}
      </a>
      <a
        className="store-card__directions"
        href={directionsUrl(store)}
        target="_blank"
        rel="noopener noreferrer"
      >
        Directions
        <span className="visually-hidden"> to {store.LocationName} (opens in a new tab)</span>
      </a>
      {finder.myStoreId === store.EntityID ? (
        <p className="store-card__mine">My store</p>
      ) : (
        <button
          type="button"
          className="button button--small"
          aria-describedby={`store-${store.EntityID}-name`}
          onClick={() => finder.setMyStore(store)}
        >
          Set as my store
        </button>
      )}
    </div>
  ),
);

const StoreCard = observer(
  ({ finder, store, index }: { finder: StoreFinderModel; store: StoreLocation; index: number }) => {
    const selected = finder.filters.store === store.EntityID;
    return (
      <li
        className={`store-card${selected ? ' store-card--selected' : ''}`}
        aria-current={selected ? 'true' : undefined}
      >
        <span className="store-card__pin" aria-hidden="true">
          {index + 1}
        </span>
        <div className="store-card__body">
          <h3 id={`store-${store.EntityID}-name`} className="store-card__name">
            <button
              type="button"
              className="store-card__open"
              onClick={() => finder.select(store.EntityID)}
            >
              {store.LocationName}
            </button>
          </h3>
          <p className="store-card__meta">
            {store.LocationType !== undefined && (
              <span>{LOCATION_TYPE_LABELS[store.LocationType]}</span>
            )}
            {miles(store.Distance) !== null && <span>{miles(store.Distance)}</span>}
          </p>
          <p className="store-card__address">{storeAddressLine(store)}</p>
          <p className="store-card__hours">{openText(store, finder.now)}</p>
          <StoreActions finder={finder} store={store} />
        </div>
      </li>
    );
  },
);

const StoreDetail = observer(({ finder }: { finder: StoreFinderModel }) => {
  const store = finder.selected;
  const titleId = useId();
  if (finder.filters.store === null) return null;
  if (store === null) {
    if (finder.linkedStatus === 'loading') {
      return <section className="store-detail" aria-busy="true" aria-label="Store details" />;
    }
    return (
      <section className="store-detail" aria-labelledby={titleId}>
        <h2 id={titleId}>Store not found</h2>
        <p>
          {finder.linkedStatus === 'failed'
            ? `We could not load this store just now. ${finder.linkedAdvice}`
            : 'This store is no longer in our list. Search for another one nearby.'}
        </p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => finder.select(null)}
        >
          Close
        </button>
      </section>
    );
  }
  const byDay = new Map((store.Hours ?? []).map((h) => [h.day, h]));
  return (
    <section className="store-detail" aria-labelledby={titleId}>
      <h2 id={titleId}>{store.LocationName}</h2>
      <p className="store-card__meta">
        {store.LocationType !== undefined && (
          <span>{LOCATION_TYPE_LABELS[store.LocationType]}</span>
        )}
        {miles(store.Distance) !== null && <span>{miles(store.Distance)} away</span>}
      </p>
      <p>{storeAddressLine(store)}</p>
      <p className="store-card__hours">{openText(store, finder.now)}</p>
      {store.Hours !== undefined && (
        <table className="store-detail__hours">
          <caption>Opening hours</caption>
          <tbody>
            {WEEKDAYS.map((name, day) => {
              const hours = byDay.get(day);
              return (
                <tr key={name}>
                  <th scope="row">{name}</th>
                  <td>
                    {hours === undefined
                      ? 'Closed'
                      : `${formatStoreTime(hours.opens)} – ${formatStoreTime(hours.closes)}`}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {store.Services !== undefined && store.Services.length > 0 && (
        <>
          <h3>Services</h3>
          <ul className="store-detail__services">
            {store.Services.map((s) => (
              <li key={s}>{STORE_SERVICE_LABELS[s]}</li>
            ))}
          </ul>
        </>
      )}
      <StoreActions finder={finder} store={store} />
      <button
        type="button"
        className="button button--secondary store-detail__close"
        onClick={() => finder.select(null)}
      >
        Close details
      </button>
    </section>
  );
});

const Skeleton = () => (
  <ul className="store-list store-list--loading" aria-hidden="true">
    {[0, 1, 2].map((i) => (
      <li key={i} className="store-card">
        <span className="skeleton store-skeleton__line" />
        <span className="skeleton store-skeleton__line store-skeleton__line--short" />
        <span className="skeleton store-skeleton__line" />
      </li>
    ))}
  </ul>
);

/** What the results say, announced when it changes. */
const summaryOf = (finder: StoreFinderModel): string => {
  switch (finder.status) {
    case 'locating':
      return 'Finding your location…';
    case 'searching':
      return 'Looking for stores…';
    case 'failed':
      return '';
    case 'idle':
      return '';
    case 'ready': {
      const shown = finder.visible.length;
      if (finder.stores.length === 0) return '';
      const near = `near ${finder.place ?? 'you'}`;
      // Widened by the search itself (nothing near), or asked for (nothing near with the filters).
      const widened = finder.widened
        ? ` Nothing was within ${STORE_SEARCH_DISTANCE_DEFAULT} miles, so we widened the search to ${finder.distance} miles.`
        : finder.distance > STORE_SEARCH_DISTANCE_DEFAULT
          ? ` Searched up to ${finder.distance} miles.`
          : '';
      return `${shown} ${shown === 1 ? 'store' : 'stores'} ${near}.${widened}`;
    }
  }
};

const Results = observer(({ finder }: { finder: StoreFinderModel }) => {
  if (finder.status === 'searching' || finder.status === 'locating') return <Skeleton />;
  if (finder.status === 'failed') {
    return (
      <div className="state state--error">
        <p className="state__title">We could not load stores</p>
        <p className="state__text">{finder.searchAdvice}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void finder.retry()}
        >
          Try again
        </button>
      </div>
    );
  }
  if (finder.status !== 'ready') {
    return (
      <p className="store-finder__hint">
        Enter a city or ZIP code, or use your location, to see showrooms, stores and dealers near
        you.
      </p>
    );
  }
  if (finder.stores.length === 0) {
    return (
      <div className="state">
        <p className="state__title">No stores within {finder.distance} miles</p>
        <p className="state__text">
          Nothing was within {STORE_SEARCH_DISTANCE_DEFAULT} miles of {finder.place}, so we widened
          the search to {finder.distance} miles and still found none. Try another city or ZIP code,
          or shop online and we deliver to you.
        </p>
      </div>
    );
  }
  if (finder.visible.length === 0) {
    return (
      <div className="state">
        <p className="state__title">No stores match your filters</p>
        <p className="state__text">
          {finder.stores.length} {finder.stores.length === 1 ? 'store is' : 'stores are'} within{' '}
          {finder.distance} miles of {finder.place}, but none with these filters.
          {finder.widerDistance !== null &&
            ` One further away may have them: search up to ${finder.widerDistance} miles.`}
        </p>
        <div className="state__actions">
          {finder.widerDistance !== null && (
            <button
              type="button"
              className="button button--primary"
              onClick={() => void finder.searchWider()}
            >
              {`Search up to ${finder.widerDistance} miles`}
            </button>
          )}
          <button
            type="button"
            className="button button--secondary"
            onClick={() => finder.clearFilters()}
          >
            Clear filters
          </button>
        </div>
      </div>
    );
  }
  return (
    <ol className="store-list" aria-label="Stores">
      {finder.visible.map((store, index) => (
        <StoreCard key={store.EntityID} finder={finder} store={store} index={index} />
      ))}
    </ol>
  );
});

export const StoreFinder = observer(({ finder }: { finder: StoreFinderModel }) => (
  <div className="store-finder">
    <div className="store-finder__panel">
      <SearchForm finder={finder} />
      <Filters finder={finder} />
      <div role="status" aria-live="polite">
        <p className="store-finder__summary">{summaryOf(finder)}</p>
        {/* Heard, not shown twice: the failure's own box below says the same. */}
        {finder.status === 'failed' && (
          <p className="visually-hidden">We could not load stores. {finder.searchAdvice}</p>
        )}
        <p className="store-finder__notice">{finder.notice ?? ''}</p>
      </div>
      <StoreDetail finder={finder} />
      <Results finder={finder} />
    </div>
    <div className="store-finder__map">
      {finder.status === 'ready' && finder.visible.length > 0 && (
        <Suspense fallback={<div className="store-map store-map--loading" aria-hidden="true" />}>
          <StoreMap
            stores={finder.visible}
            selected={finder.filters.store}
            onSelect={(id) => finder.select(id)}
          />
        </Suspense>
      )}
    </div>
  </div>
));
