/**
 * The store finder screen with in-test fakes of the stores ports: search, the list and the map's
 * pins, filters kept in the address, the detail, "Set as my store" named in the header, and the
 * empty and error states.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Container } from 'inversify';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LoadAreas } from '../../../adapters/di/areas';
import { TYPES } from '../../../adapters/di/types';
import { TooManyRequestsError } from '../../../core/shared/errors';
import { ContainerProvider } from '../../../ui/app/container-context';
import StoresPage from '../../../ui/pages/stores-page';
import MyStoreLink from '../../../ui/stores/my-store-link';
import { loadGeography } from '../../../ui/stores/store-map';
import {
  FakeDirectory,
  FakeLocator,
  FakeMaps,
  findNearby,
  MemoryLocationState,
  store,
} from './fakes';

const SHOWROOM = store('A', {
  LocationName: 'Lavabo Chelsea',
  Distance: 0.4,
  Phone: '(212) 555-0101',
});
const DEALER = store('B', {
  LocationName: 'Hudson Plumbing Supply',
  Distance: 2.3,
  LocationType: 'dealer',
  Services: ['installation', 'trade-desk'],
  Latitude: 40.72,
  Longitude: -74.0,
});

const setup = (locator = new FakeLocator({ '10001': [SHOWROOM, DEALER], 'Chicago, IL': [] })) => {
  const container = new Container();
  const state = new MemoryLocationState();
  container.bind<LoadAreas>(TYPES.LoadAreas).toConstantValue(async () => undefined);
  container.bind(TYPES.FindNearbyStores).toConstantValue(findNearby(locator));
  container.bind(TYPES.MapsGateway).toConstantValue(new FakeMaps());
  container.bind(TYPES.StoreDirectory).toConstantValue(new FakeDirectory([SHOWROOM, DEALER]));
  container.bind(TYPES.LocationStateStore).toConstantValue(state);
  return { container, state, locator };
};

const Where = () => {
  const location = useLocation();
  return <span data-testid="where">{location.search}</span>;
};

const renderStores = (container: Container, url = '/en/stores') => {
  const router = createMemoryRouter(
    [
      {
        path: '/en/stores',
        element: (
          <>
            <nav aria-label="Account">
              <MyStoreLink />
            </nav>
            <StoresPage />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  return render(
    <ContainerProvider container={container}>
      <RouterProvider router={router} />
    </ContainerProvider>,
  );
};

const where = () => screen.getByTestId('where').textContent ?? '';

// The atlases are a one-time transform of some 200 kB of JSON under vitest: done once, up front.
beforeAll(() => loadGeography(), 30_000);
afterEach(cleanup);

describe('the store finder screen', () => {
  it('searches by ZIP: stores nearest first with phone, directions and a pin each', async () => {
    const { container } = setup();
    renderStores(container);
    const field = screen.getByLabelText('City or ZIP');
    fireEvent.change(field, { target: { value: '10001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const list = await screen.findByRole('list', { name: 'Stores' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual([
      'Lavabo Chelsea',
      'Hudson Plumbing Supply',
    ]);
    expect(
      within(items[0]!).getByRole('link', { name: '(212) 555-0101' })?.getAttribute('href'),
    ).toBe('tel:2125550101');
    expect(
      within(items[0]!)
        .getByRole('link', { name: /Directions/ })
        .getAttribute('href'),
    ).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=40\.75%2C-73\.99$/);
    expect(items[0]?.textContent).toContain('0.4 mi');
    expect(screen.getByRole('status')?.textContent).toContain('2 stores near 10001.');
    expect(where()).toBe('?q=10001');
    await waitFor(() => expect(document.querySelectorAll('.store-map__pin')).toHaveLength(2));
    expect(document.querySelector('svg.store-map')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('keeps the filters in the address and opens a filtered link as it was', async () => {
    const { container } = setup();
    renderStores(container, '/en/stores?q=10001');
    await screen.findByRole('list', { name: 'Stores' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Trade dealer' }));
    expect(where()).toBe('?q=10001&type=dealer');
    const list = screen.getByRole('list', { name: 'Stores' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list?.textContent).toContain('Hudson Plumbing Supply');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Design consultation' }));
    expect(await screen.findByText('No stores match your filters')).toBeTruthy();
    // A store with them may be further away: the search can go wider, the filters kept.
    fireEvent.click(screen.getByRole('button', { name: 'Search up to 1000 miles' }));
    expect(await screen.findByText('No stores match your filters')).toBeTruthy();
    expect(screen.getByText(/2 stores are within 1000 miles of 10001/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Search up to 1000 miles' })).toBeNull();
    expect(where()).toBe('?q=10001&type=dealer&service=design-consultation');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(where()).toBe('?q=10001');

    const again = setup();
    renderStores(again.container, '/en/stores?q=10001&type=dealer');
    await waitFor(() =>
      expect(
        (
          screen.getAllByRole('checkbox', { name: 'Trade dealer' }).at(-1) as
            HTMLInputElement | undefined
        )?.checked,
      ).toBe(true),
    );
  });

  it('shows a store in detail, highlights it, and sets it as my store in the header', async () => {
    const { container, state } = setup();
    renderStores(container, '/en/stores?q=10001');
    await screen.findByRole('list', { name: 'Stores' });
    fireEvent.click(screen.getByRole('button', { name: 'Hudson Plumbing Supply' }));
    expect(where()).toBe('?q=10001&store=B');
    const detail = screen.getByRole('region', { name: 'Hudson Plumbing Supply' });
    expect(within(detail).getByRole('table', { name: 'Opening hours' })).toBeTruthy();
    expect(detail?.textContent).toContain('Trade desk');
    const selected = document.querySelector('[aria-current="true"]');
    expect(selected?.textContent).toContain('Hudson Plumbing Supply');
    fireEvent.click(within(detail).getByRole('button', { name: 'Set as my store' }));
    expect(state.state.myStoreId).toBe('B');
    const header = screen.getByRole('navigation', { name: 'Account' });
    const mine = await within(header).findByRole('link', {
      name: 'My store: Hudson Plumbing Supply',
    });
    expect(mine.getAttribute('href')).toBe('/en/stores?store=B');
    expect(within(detail).getByText('My store')).toBeTruthy();
  });

  it('says honestly when nothing is within 1000 miles', async () => {
    const { container, locator } = setup(new FakeLocator({ X0A: [] }));
    renderStores(container, '/en/stores?q=X0A');
    expect(await screen.findByText('No stores within 1000 miles')).toBeTruthy();
    expect(screen.getByText(/so we widened the search to 1000 miles/)).toBeTruthy();
    expect(locator.queries.map((q) => q.distance)).toEqual([64, 1000]);
  });

  it('offers to try again when the stores cannot be loaded', async () => {
    const locator = new FakeLocator({ '10001': [SHOWROOM] });
    locator.failing = true;
    const { container } = setup(locator);
    renderStores(container, '/en/stores?q=10001');
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    locator.failing = false;
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('list', { name: 'Stores' })).textContent).toContain(
      'Lavabo Chelsea',
    );
  });

  it('says to check the connection, or how long to wait when the shop turns searches away', async () => {
    const locator = new FakeLocator({ '10001': [SHOWROOM] });
    locator.failing = true;
    const { container } = setup(locator);
    renderStores(container, '/en/stores?q=10001');
    expect(await screen.findByText('We could not load stores')).toBeTruthy();
    const heard = () => screen.getByRole('status').textContent;
    expect(screen.getByText('Check your connection and try again.')).toBeTruthy();
    expect(heard()).toContain('We could not load stores. Check your connection and try again.');
    const wait = 'Too many attempts. Please wait 42 seconds and try again.';
    locator.failure = new TooManyRequestsError(wait);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(wait)).toBeTruthy();
    expect(screen.queryByText('Check your connection and try again.')).toBeNull();
    expect(heard()).toContain(`We could not load stores. ${wait}`);
    // Shown once: the words under the title, and heard once from the status region.
    expect(screen.getAllByText(wait)).toHaveLength(1);
  });

  it('gives each failure its own advice: the search’s wait, the linked store’s connection', async () => {
    const locator = new FakeLocator({ '10001': [SHOWROOM] });
    const wait = 'Too many attempts. Please wait 42 seconds and try again.';
    locator.failing = true;
    locator.failure = new TooManyRequestsError(wait);
    const { container } = setup(locator);
    const directory = new FakeDirectory([SHOWROOM, DEALER]);
    directory.failure = new Error('Network Error');
    container.rebind(TYPES.StoreDirectory).toConstantValue(directory);
    renderStores(container, '/en/stores?q=10001&store=B');
    expect(await screen.findByText(wait)).toBeTruthy();
    expect(
      await screen.findByText(
        'We could not load this store just now. Check your connection and try again.',
      ),
    ).toBeTruthy();
  });

  it('starts near where the shopper is, and names a place it does not know on the field', async () => {
    const { container } = setup(new FakeLocator({ '10001': [SHOWROOM] }, [SHOWROOM]));
    renderStores(container);
    // The IP location (Chicago): nothing within 64 miles, the New York showroom within 1000.
    expect((await screen.findByRole('list', { name: 'Stores' })).textContent).toContain(
      'Lavabo Chelsea',
    );
    expect(screen.getByRole('status').textContent).toContain(
      '1 store near Chicago, IL. Nothing was within 64 miles, so we widened the search to 1000 miles.',
    );
    const field = screen.getByLabelText('City or ZIP');
    expect((field as HTMLInputElement).value).toBe('Chicago, IL');
    fireEvent.change(field, { target: { value: 'Atlantis' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const described = await screen.findByText(/We could not find “Atlantis”/);
    expect(field.getAttribute('aria-describedby')).toBe(described.id);
  });
});
