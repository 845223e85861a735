/**
 * Issue 12 items 3, 7 and 11 (Copy link) in a real browser against the real server: a sale line
 * says what one unit costs now, with the list price struck through, agreeing with its total; a
 * quantity of 999 is reset with the reason (what is in stock) and the quantity it is back to; a
 * cart shared with VIP25 shows its reader undiscounted prices, which are what their own cart then
 * shows; and "Copy link" stays on one line at desktop width.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, watchPage } from './support/browser';
import { cartCount } from './support/checkout';
import { startShop, type ServerShop } from './support/shop';

let shop: ServerShop;
let page: Page;
let problems: string[];

/** An in-stock (fewer than 999), not back-orderable variant of a product on sale. */
interface SaleItem {
  readonly sku: string;
  readonly title: string;
  readonly url: string;
  readonly listCents: number;
  readonly saleCents: number;
  readonly availableQty: number;
}
let sale: SaleItem;

const usd = (cents: number): string =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

beforeAll(async () => {
  shop = await startShop();
  const rows = await shop.server.db.query<{
    sku: string;
    title: string;
    slug: string;
    category_slug: string;
    list_cents: number;
    sale_cents: number;
    available_qty: number;
  }>(
    `SELECT v.sku, p.title, p.slug, p.category_slug, pr.list_cents, pr.sale_cents, v.available_qty
     FROM product_variants v
     JOIN products p ON p.sku = v.product_sku
     JOIN categories c ON c.slug = p.category_slug
     JOIN product_prices pr ON pr.product_sku = p.sku AND pr.region = 'US'
     WHERE pr.sale_cents IS NOT NULL AND pr.sale_cents < pr.list_cents
       AND v.available_qty BETWEEN 2 AND 500 AND NOT p.backorderable AND NOT p.freight
       AND p.kind = 'finished-good' AND c.department <> 'parts'
       AND cardinality(p.super_sku_components) = 0 AND cardinality(p.required_items) = 0
     ORDER BY v.sku LIMIT 1`,
  );
  const row = rows.rows[0];
  if (row === undefined) throw new Error('the seeded catalogue has no in-stock sale item');
  sale = {
    sku: row.sku,
    title: row.title,
    url: `/en/products/${row.category_slug}/${row.slug}.html?skuid=${encodeURIComponent(row.sku)}`,
    listCents: Number(row.list_cents),
    saleCents: Number(row.sale_cents),
    availableQty: Number(row.available_qty),
  };
  page = await shop.newPage();
  problems = watchPage(page);
});
afterAll(async () => {
  await shop?.close();
});

const lineOf = (p: Page, title: string): Locator =>
  p
    .getByRole('main')
    .locator('li.cart-line')
    .filter({ has: p.getByRole('heading', { name: title }) });

/** The line total as shown (the price now, before any struck-through one). */
const lineTotal = async (line: Locator): Promise<string> =>
  (await line.locator('.cart-line__total').evaluate((el) => {
    const now = el.querySelector('.cart-line__now');
    const own = [...el.childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent ?? '')
      .join('');
    return (now?.textContent ?? own).trim();
  })) ?? '';

describe('cart lines a new shopper meets', () => {
  it('a sale line shows the sale unit price with the list price struck through, matching its total', async () => {
    await page.goto(`${shop.url}${sale.url}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 })
      .toBe(sale.title);
    const before = await cartCount(page);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => cartCount(page), { timeout: 15_000 }).toBe(before + 1);

    await page.goto(`${shop.url}/en/cart`);
    const line = lineOf(page, sale.title);
    await line.waitFor({ timeout: 15_000 });
    const unit = line.locator('.cart-line__unit');
    await expect
      .poll(() => unit.locator('.cart-line__unit-now').textContent())
      .toBe(`${usd(sale.saleCents)} each`);
    expect(await unit.locator('s').textContent()).toBe(usd(sale.listCents));
    // Quantity 1: the unit price now is the line total.
    expect(await lineTotal(line)).toBe(usd(sale.saleCents));
    await expectAccessible(page);
  }, 90_000);

  it('quantity 999 is reset, saying how many are in stock and what the quantity is now', async () => {
    const input = page.getByRole('spinbutton', { name: `Quantity of ${sale.title}` });
    await input.fill('999');
    await input.press('Enter');
    const status = page.locator('.cart-page__message[role="status"]');
    await expect
      .poll(() => status.textContent())
      .toBe(`Quantity has been reset to 1: only ${sale.availableQty} of ${sale.title} in stock.`);
    await expect.poll(() => input.inputValue()).toBe('1');
    expect(problems).toEqual([]);
  }, 60_000);

  it('a cart shared with VIP25 shows the reader undiscounted prices, which their own cart then shows', async () => {
    await page.getByLabel('Promo code').fill('VIP25');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Remove promo code VIP25' }).count())
      .toBe(1);
    const sharerTotal = await lineTotal(lineOf(page, sale.title));
    expect(sharerTotal).not.toBe(usd(sale.saleCents)); // VIP25 took its 25 % off the sharer's line

    await page.getByRole('button', { name: 'Share cart' }).click();
    const link = page.getByLabel('Shared cart link');
    await expect
      .poll(async () => (await link.inputValue()).includes('/en/cart/shared/'))
      .toBe(true);
    // "Copy link" stays on one line at 1280 px: its text makes one line box.
    const copy = page.getByRole('button', { name: 'Copy link' });
    const lines = await copy.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
    const url = await link.inputValue();

    const reader = await shop.newPage();
    try {
      await reader.goto(url.startsWith('http') ? url : `${shop.url}${url}`);
      const shared = lineOf(reader, sale.title);
      await shared.waitFor({ timeout: 15_000 });
      expect(await lineTotal(shared)).toBe(usd(sale.saleCents));
      expect(
        await reader.getByText(/Promo codes used by the person who shared the cart/).count(),
      ).toBe(1);
      const total = reader.getByRole('complementary', { name: 'Shared cart total' });
      expect(await total.textContent()).toContain(usd(sale.saleCents));
      await expectAccessible(reader);

      await reader.getByRole('button', { name: 'Add all to cart' }).click();
      await expect.poll(() => cartCount(reader), { timeout: 15_000 }).toBe(1);
      await reader.goto(`${shop.url}/en/cart`);
      const own = lineOf(reader, sale.title);
      await own.waitFor({ timeout: 15_000 });
      expect(await lineTotal(own)).toBe(usd(sale.saleCents));
    } finally {
      await reader.context().close();
    }
  }, 90_000);
});
