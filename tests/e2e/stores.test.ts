/**
 * The store finder in a real browser against the real server (issue 16): search by ZIP 10001 →
 * the list and a pin per store on the map; filter by type (kept in the address); set my store and
 * see it named in the header; reload → the search, the filter and my store are all kept. The page
 * passes axe.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, watchPage } from './support/browser';
import { startShop, type ServerShop } from './support/shop';

let shop: ServerShop;
let page: Page;
let problems: string[];

beforeAll(async () => {
  shop = await startShop();
  page = await shop.newPage();
  problems = watchPage(page);
});
afterAll(async () => {
  await shop?.close();
});

const storeList = () => page.getByRole('list', { name: 'Stores' });
const cards = () => storeList().getByRole('listitem');
const typeOfCard = (index: number) =>
  cards().nth(index).locator('.store-card__meta span').first().textContent();

describe('store finder', () => {
  it('finds stores near a ZIP, filters them by type, and keeps my store across a reload', async () => {
    await page.goto(`${shop.url}/en/stores`);
    await page.getByRole('heading', { level: 1, name: 'Find a store' }).waitFor();
    await page.getByLabel('City or ZIP').fill('10001');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'near 10001' }).waitFor();
    const found = await cards().count();
    expect(found).toBeGreaterThan(0);
    // A pin per store on the map; the map is a picture of the list.
    await expect.poll(() => page.locator('svg.store-map .store-map__pin').count()).toBe(found);
    expect(await page.locator('svg.store-map').getAttribute('aria-hidden')).toBe('true');
    const first = cards().first();
    expect(await first.getByRole('link').first().getAttribute('href')).toMatch(/^tel:\+?\d{10,}$/);
    expect(await first.getByRole('link', { name: /Directions/ }).getAttribute('href')).toMatch(
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/,
    );
    expect(await first.textContent()).toMatch(/\d+\.\d mi/);
    expect(new URL(page.url()).searchParams.get('q')).toBe('10001');
    await expectAccessible(page);

    // Filter by the first store's kind: only that kind stays listed, and the address says so.
    const kind = (await typeOfCard(0)) ?? '';
    await page.getByRole('checkbox', { name: kind, exact: true }).check();
    await expect.poll(() => new URL(page.url()).searchParams.get('type')).not.toBeNull();
    const filtered = await cards().count();
    expect(filtered).toBeGreaterThan(0);
    for (let i = 0; i < filtered; i += 1) expect(await typeOfCard(i)).toBe(kind);
    await expect.poll(() => page.locator('svg.store-map .store-map__pin').count()).toBe(filtered);

    // Set the first as my store: the header names it.
    const name = (await cards().first().getByRole('heading').textContent()) ?? '';
    await cards().first().getByRole('button', { name: 'Set as my store' }).click();
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: `My store: ${name}` }).waitFor();

    // Reload: the search, the filter and my store are all kept.
    await page.reload();
    await storeList().waitFor();
    expect(await page.getByLabel('City or ZIP').inputValue()).toBe('10001');
    expect(await page.getByRole('checkbox', { name: kind, exact: true }).isChecked()).toBe(true);
    await header.getByRole('link', { name: `My store: ${name}` }).waitFor();
    expect(await cards().filter({ hasText: name }).first().getByText('My store').count()).toBe(1);

    // The header's link opens the store's detail.
    await header.getByRole('link', { name: `My store: ${name}` }).click();
    await page.getByRole('region', { name }).waitFor();
    await page.getByRole('table', { name: 'Opening hours' }).waitFor();
    await expectAccessible(page);
    expect(problems).toEqual([]);
  }, 120_000);

  it('"Use my location" searches near the device, and near the IP location when it is refused', async () => {
    const located = await shop.newPage();
    const locatedProblems = watchPage(located);
    await located.context().grantPermissions(['geolocation'], { origin: shop.url });
    await located.context().setGeolocation({ latitude: 47.6062, longitude: -122.3321 });
    await located.goto(`${shop.url}/en/stores`);
    await located.getByRole('button', { name: 'Use my location' }).click();
    // Seattle's reverse geocode names the place searched from.
    await located
      .getByRole('status')
      .filter({ hasText: /stores? near Seattle/ })
      .waitFor({ timeout: 30_000 });
    expect(
      await located.getByRole('list', { name: 'Stores' }).getByRole('listitem').count(),
    ).toBeGreaterThan(0);

    // No permission: the shopper is located by IP (loopback: the configured default city).
    const refused = await shop.newPage();
    const refusedProblems = watchPage(refused);
    await refused.goto(`${shop.url}/en/stores`);
    await refused.getByRole('button', { name: 'Use my location' }).click();
    await refused
      .getByRole('status')
      .filter({ hasText: /stores? near/ })
      .waitFor({ timeout: 30_000 });
    expect(
      await refused.getByRole('list', { name: 'Stores' }).getByRole('listitem').count(),
    ).toBeGreaterThan(0);
    expect([...locatedProblems, ...refusedProblems]).toEqual([]);
  }, 90_000);

  it('fits 768 and 425 px: the list, the map and the header with my store stay inside the window', async () => {
    await page.goto(`${shop.url}/en/stores?q=10001`);
    await storeList().waitFor();
    for (const width of [768, 425]) {
      await page.setViewportSize({ width, height: 900 });
      const sideways = () =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
      await expect.poll(sideways, { message: `${width} px page width` }).toBeLessThanOrEqual(0);
      const map = await page.locator('svg.store-map').boundingBox();
      expect(map?.width ?? 0).toBeGreaterThan(0);
      expect((map?.x ?? 0) + (map?.width ?? 0)).toBeLessThanOrEqual(width);
    }
    await expectAccessible(page);
    expect(problems).toEqual([]);
  }, 60_000);
});
