/**
 * The product list and search pages rendered over the demo's search: the names the browser
 * journey relies on (h1, "N results" status, Sort by, Finish and Price groups, chips, Pagination,
 * Did you mean), and the loading, empty, error and mobile states.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderListing, TestSearch, TOP_SEARCHES, MemoryPerPage } from './harness';
import { setViewportWidth } from '../product/harness';

beforeEach(() => setViewportWidth(1280));
afterEach(cleanup);

const location = () => screen.getByTestId('location').textContent ?? '';
const count = () => screen.getAllByRole('status').find((s) => /results?/.test(s.textContent ?? ''));
const resultCount = () =>
  Number(/([\d,]+) results?/.exec(count()?.textContent ?? '')?.[1]?.replace(/,/g, '') ?? NaN);
const tiles = () => document.querySelectorAll('main article.product-tile');
const tilePrices = () =>
  [...tiles()].map((t) =>
    Math.round(
      Number((t.querySelector('.price')?.textContent ?? '').replace(/[^0-9.]/g, '')) * 100,
    ),
  );
const loaded = async () => {
  await waitFor(() => expect(count()?.textContent).toMatch(/results?/));
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
};

describe('product list page', () => {
  it('shows the category with its count, facets, sort, per page, tiles and pagination', async () => {
    renderListing({ url: '/en/products/kitchen-faucets' });
    expect(screen.getByText('Loading products…')).toBeTruthy();
    await loaded();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Kitchen Faucets',
    ]);
    expect(count()?.textContent).toBe('45 results');
    await waitFor(() => expect(document.title).toBe('Kitchen Faucets — Lavabo'));
    expect(tiles()).toHaveLength(30);

    const finish = screen.getByRole('group', { name: 'Finish' });
    const boxes = within(finish).getAllByRole('checkbox');
    expect(
      boxes.map(
        (b) => b.getAttribute('aria-label') ?? (b as HTMLInputElement).labels?.[0]?.textContent,
      ),
    ).toEqual(['Brushed Nickel (15)', 'Matte Black (15)', 'Polished Chrome (15)']);
    const price = screen.getByRole('group', { name: 'Price' });
    expect(within(price).getAllByRole('checkbox').length).toBeGreaterThan(1);

    const sort = screen.getByLabelText('Sort by') as HTMLSelectElement;
    expect([...sort.options].map((o) => o.textContent)).toContain('Price: Low to High');
    expect(sort.value).toBe('featured');
    expect((screen.getByLabelText('Products per page') as HTMLSelectElement).value).toBe('30');

    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).queryByRole('link', { name: 'Previous page' })).toBeNull();
    expect(within(pagination).getByRole('link', { name: '1' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(pagination).getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe(
      '/en/products/kitchen-faucets?page=2',
    );
    // Every tile links to its product page and can be compared.
    const first = tiles()[0] as HTMLElement;
    expect(
      within(first).getByRole('heading', { level: 3 }).querySelector('a')?.getAttribute('href'),
    ).toMatch(/^\/en\/products\/kitchen-faucets\/.+\.html$/);
    expect(within(first).getByRole('button', { name: /Add to compare/ })).toBeTruthy();
  });

  it('filters by a finish and a price range, shows chips, and removes them', async () => {
    renderListing({ url: '/en/products/kitchen-faucets' });
    await loaded();
    const black = within(screen.getByRole('group', { name: 'Finish' })).getByRole('checkbox', {
      name: 'Matte Black (15)',
    });
    fireEvent.click(black);
    // Checked at once (a browser's check() looks straight after the click), before the URL loads.
    expect((black as HTMLInputElement).checked).toBe(true);
    await waitFor(() =>
      expect(location()).toBe('/en/products/kitchen-faucets?f=finish_ss%3AMatte%20Black'),
    );
    await loaded();
    expect(resultCount()).toBe(15);
    expect(screen.getByRole('button', { name: 'Remove filter: Matte Black' })).toBeTruthy();
    expect(
      (
        within(screen.getByRole('group', { name: 'Finish' })).getByRole('checkbox', {
          name: /^Matte Black/,
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);

    const range = within(screen.getByRole('group', { name: 'Price' })).getAllByRole(
      'checkbox',
    )[0] as HTMLInputElement;
    const label = range.labels?.[0]?.textContent ?? '';
    const [low, high] = (label.match(/\$[\d,]+/g) ?? []).map(
      (p) => Number(p.replace(/[$,]/g, '')) * 100,
    );
    fireEvent.click(range);
    await waitFor(() => expect(location()).toMatch(/price=\d+-\d+/));
    await loaded();
    expect(tilePrices().length).toBeGreaterThan(0);
    for (const p of tilePrices()) {
      expect(p).toBeGreaterThanOrEqual(low ?? NaN);
      expect(p).toBeLessThan(high ?? NaN);
    }
    const priceChip = screen.getByRole('button', { name: /^Remove filter: \$/ });
    fireEvent.click(priceChip);
    await waitFor(() => expect(location()).not.toMatch(/price=/));
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(location()).toBe('/en/products/kitchen-faucets'));
    await loaded();
    expect(resultCount()).toBe(45);
    expect(screen.queryByRole('button', { name: /^Remove filter/ })).toBeNull();
  });

  it('sorts by price and pages on, remembering the per-page choice for the path', async () => {
    const perPage = new MemoryPerPage();
    renderListing({ url: '/en/products/kitchen-faucets', perPage });
    await loaded();
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'price-asc' } });
    await waitFor(() => expect(location()).toBe('/en/products/kitchen-faucets?sort=price-asc'));
    await loaded();
    const first = tilePrices();
    expect(first.every((p, i) => i === 0 || (first[i - 1] ?? 0) <= p)).toBe(true);

    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('link', {
        name: 'Next page',
      }),
    );
    await waitFor(() =>
      expect(location()).toBe('/en/products/kitchen-faucets?sort=price-asc&page=2'),
    );
    await loaded();
    const second = tilePrices();
    expect(second).toHaveLength(15);
    expect(second[0]).toBeGreaterThanOrEqual(first.at(-1) ?? Infinity);
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByRole('link', { name: '2' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(pagination).getByRole('link', { name: 'Previous page' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Products per page'), { target: { value: '60' } });
    await waitFor(() =>
      expect(location()).toBe('/en/products/kitchen-faucets?sort=price-asc&perPage=60'),
    );
    await loaded();
    expect(tiles()).toHaveLength(45);
    expect(perPage.memory).toEqual({ '/en/products/kitchen-faucets': 60 });
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('an unknown category is the not-found page with its title, not an empty list', async () => {
    renderListing({ url: '/en/products/no-such-category' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We can’t find that page' }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Page not found — Lavabo'));
    expect(screen.queryByText('No Such Category')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toBeTruthy();
  });

  it('shows an error with a retry that recovers', async () => {
    const search = new TestSearch();
    search.fail = true;
    renderListing({ url: '/en/products/kitchen-faucets', search });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/could not load/);
    search.fail = false;
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    });
    await loaded();
    expect(resultCount()).toBe(45);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('below 768 px: no per-page choice (30), and the facets open in a Filters dialog', async () => {
    setViewportWidth(375);
    const { search } = renderListing({ url: '/en/products/kitchen-faucets?perPage=90' });
    await loaded();
    expect(search.queries.at(-1)?.rows).toBe(30);
    expect(screen.queryByLabelText('Products per page')).toBeNull();
    // The facet column is drawn at every width (a server render cannot know it); listing.css
    // hides it below 768 px (tests/e2e check what a phone shows).
    expect(
      screen.getByRole('group', { name: 'Finish' }).closest('.listing__facets'),
    ).not.toBeNull();

    const button = screen.getByRole('button', { name: 'Filters' });
    fireEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    expect(document.activeElement).toBe(
      within(dialog).getByRole('button', { name: 'Close filters' }),
    );
    fireEvent.click(
      within(within(dialog).getByRole('group', { name: 'Finish' })).getByRole('checkbox', {
        name: /^Matte Black/,
      }),
    );
    await waitFor(() => expect(location()).toMatch(/f=finish_ss%3AMatte%20Black/));
    // The page behind (its result count too) is hidden while the drawer is open: it says the count.
    await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
    const show = within(dialog).getByRole('button', { name: /^Show \d+ results?$/ });
    const statuses = screen
      .getAllByRole('status')
      .filter((s) => /results?/.test(s.textContent ?? ''));
    expect(statuses).toHaveLength(1);
    expect(dialog.contains(statuses[0] ?? null)).toBe(true);
    expect(`Show ${statuses[0]?.textContent ?? ''}`).toBe(show.textContent);
    expect(dialog.closest('body > *')?.hasAttribute('inert')).toBe(false);
    expect(screen.getByTestId('location').closest('body > *')?.hasAttribute('inert')).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Filters (1)' }));
    expect(document.querySelector('[inert]')).toBeNull();
    expect(count()?.textContent).toMatch(/results?/);
  });
});

describe('search page', () => {
  it('titles the results by keyword and counts them', async () => {
    renderListing({ url: '/en/search?keyword=basin' });
    await loaded();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Search results for “basin”',
    );
    expect(count()?.textContent).toBe('15 results for “basin”');
    // A keyword search can narrow by category too.
    expect(screen.getByRole('group', { name: 'Category' })).toBeTruthy();
  });

  it('"did you mean" links to the corrected search', async () => {
    renderListing({ url: '/en/search?keyword=fauset' });
    await loaded();
    expect(screen.getAllByText(/did you mean/i).length).toBeGreaterThan(0);
    const link = screen.getByRole('link', { name: 'faucet' });
    fireEvent.click(link);
    await waitFor(() => expect(location()).toBe('/en/search?keyword=faucet'));
    await loaded();
    expect(resultCount()).toBe(45);
  });

  it('no results: says so and offers the top searches', async () => {
    renderListing({ url: '/en/search?keyword=zzqqxx' });
    await loaded();
    expect(count()?.textContent).toBe('0 results for “zzqqxx”');
    expect(screen.getByRole('heading', { name: 'No results for “zzqqxx”' })).toBeTruthy();
    // Nothing to filter or sort.
    expect(screen.queryByLabelText('Sort by')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Filters' })).toBeNull();
    const top = screen.getByRole('navigation', { name: 'Top searches' });
    expect(
      within(top)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(TOP_SEARCHES);
    expect(within(top).getByRole('link', { name: 'basin' }).getAttribute('href')).toBe(
      '/en/search?keyword=basin',
    );
  });

  it('without a keyword: asks for one and sends no search', async () => {
    const { search } = renderListing({ url: '/en/search' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Search');
    await screen.findByRole('navigation', { name: 'Top searches' });
    expect(search.queries).toEqual([]);
  });

  it('the header search box goes to /en/search?keyword=… and the page shows it', async () => {
    renderListing({ url: '/en/products/kitchen-faucets' });
    await loaded();
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: '  basin ' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    await waitFor(() => expect(location()).toBe('/en/search?keyword=basin'));
    await loaded();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Search results for “basin”',
    );
    expect((box as HTMLInputElement).value).toBe('basin');
  });
});
