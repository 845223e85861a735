/**
 * Every screen at every width a shopper holds (issue 12): each route of core/content/routes.ts
 * with a real example path — a guest's screens with an item in the cart, a favorite and a shared
 * cart, then a signed-in shopper's checkout, order and account screens — at 320, 375, 768 and
 * 1280 px, in one page of one browser. A screen fits when the document is no wider than the
 * window (nothing scrolls sideways). The page loads each path once and is resized through the
 * widths; it waits for the screen's content (its h1, no busy region or skeleton left in it), never
 * for a fixed time. Every overflow is collected with the elements that stick out, so one run
 * names them all. The status each path answers is checked on the way: 200, and 404 for the
 * not-found examples.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchRoute, routes, type RouteId } from '../../core/content/routes';
import { generateCatalogue } from '../../server/seed/catalogue/generate';
import {
  cartCount,
  DEMO_HOMEOWNER,
  fillAddressAndShipping,
  placeOrder,
  shopperAddress,
  signIn,
} from './support/checkout';
import { startShop, type ServerShop } from './support/shop';
import { FIRST_RENDER_MARK } from '../../ui/app/container-context';

const WIDTHS = [320, 375, 768, 1280] as const;
const HEIGHT = 800;

const catalogue = generateCatalogue();
/** A kitchen faucet that ships alone from stock, with reviews (the fuller product page). */
const faucets = catalogue.products.filter(
  (p) =>
    p.categorySlug === 'kitchen-faucets' &&
    !p.retailExclusive &&
    !p.freight &&
    p.requiredItems.length === 0 &&
    p.superSkuComponents.length === 0 &&
    p.reviewCount > 0 &&
    p.variants.every((v) => v.discontinuedAt === null && v.availableQty > 5),
);
const toilets = catalogue.products.filter((p) => p.categorySlug === 'toilets');
const [faucet] = faucets;
const article = catalogue.helpArticles[0];
if (faucet === undefined || toilets.length < 2 || article === undefined) {
  throw new Error('the seeded catalogue lacks a stocked kitchen faucet, two toilets or an article');
}
const productPath = `/en/products/kitchen-faucets/${faucet.slug}.html`;

/** What overflowed: where, how wide the document was, and the deepest elements that stuck out. */
interface Overflow {
  readonly path: string;
  readonly width: number;
  readonly scrollWidth: number;
  readonly culprits: readonly string[];
}

let shop: ServerShop;
let page: Page;
const overflows: Overflow[] = [];
const walked = new Set<RouteId>();

beforeAll(async () => {
  shop = await startShop();
  page = await shop.newPage({ width: 1280, height: HEIGHT });
});
afterAll(async () => {
  await shop?.close();
});

/**
 * The screen's content is in: one h1, and nothing in the main region still busy or a skeleton.
 * Each look scrolls to the end of the page, so sections that load when they come into view (a
 * product's reviews) load too.
 */
/** Until the app has taken the page over (a server-rendered page is on screen before that). */
const interactive = () =>
  expect
    .poll(() =>
      page.evaluate((mark) => performance.getEntriesByName(mark).length, FIRST_RENDER_MARK),
    )
    .toBeGreaterThan(0);

const settled = async (path: string): Promise<void> => {
  await interactive();
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          window.scrollTo(0, document.documentElement.scrollHeight);
          const main = document.querySelector('main');
          return (
            document.querySelectorAll('h1').length === 1 &&
            main !== null &&
            main.getAttribute('aria-busy') !== 'true' &&
            main.querySelector('[aria-busy="true"], .skeleton') === null
          );
        }),
      { message: `${path} did not settle`, timeout: 20_000 },
    )
    .toBe(true);
};

/**
 * The document's width against the window's once the layout has caught up with the new size (two
 * frames: resize handlers, then the render they cause), and the deepest elements past the right
 * edge.
 */
const measure = (): Promise<{ scrollWidth: number; culprits: string[] }> =>
  page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const width = window.innerWidth;
    const scrollWidth = document.scrollingElement?.scrollWidth ?? 0;
    if (scrollWidth <= width) return { scrollWidth, culprits: [] };
    const sticksOut = (el: Element) => el.getBoundingClientRect().right > width + 0.5;
    /**
     * The deepest elements past the edge. What a scroll or clip container holds (a carousel's
     * later slides) is not looked into: only the container itself can push the page wider.
     */
    const found: Element[] = [];
    const look = (el: Element): boolean => {
      let any = false;
      for (const child of el.children) {
        const out = sticksOut(child);
        if (getComputedStyle(child).overflowX !== 'visible') {
          if (out) found.push(child);
          any ||= out;
          continue;
        }
        const deeper = look(child);
        if (out && !deeper) found.push(child);
        any ||= out || deeper;
      }
      return any;
    };
    look(document.body);
    const culprits = found.slice(0, 6).map((el) => {
      const classes = typeof el.className === 'string' ? el.className.trim() : '';
      const name = `${el.tagName.toLowerCase()}${classes === '' ? '' : `.${classes.split(/\s+/).join('.')}`}`;
      const text = (el.textContent ?? '').trim().slice(0, 40);
      return `${name} (right ${Math.round(el.getBoundingClientRect().right)})${text === '' ? '' : ` “${text}”`}`;
    });
    return { scrollWidth, culprits };
  });

/** Fits the loaded screen to each width in turn and records what overflows. */
const checkWidths = async (path: string): Promise<void> => {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    const { scrollWidth, culprits } = await measure();
    if (scrollWidth > width) overflows.push({ path, width, scrollWidth, culprits });
  }
  await page.setViewportSize({ width: 1280, height: HEIGHT });
};

/** Opens a path (expecting its status), waits for its content, and checks it at every width. */
const walk = async (path: string, status = 200): Promise<void> => {
  const response = await page.goto(`${shop.url}${path}`);
  expect(response?.status(), path).toBe(status);
  await settled(path);
  const match = matchRoute(new URL(page.url()).pathname);
  if (status === 200 && match !== null) walked.add(match.id);
  await checkWidths(path);
};

/** Checks the screen the browser is on now (reached by a click, not a load). */
const walkHere = async (): Promise<void> => {
  const path = new URL(page.url()).pathname;
  await settled(path);
  const match = matchRoute(path);
  if (match !== null) walked.add(match.id);
  await checkWidths(path);
};

const api = async <T>(method: string, path: string, token?: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${shop.server.api}${path}`, {
    method,
    headers: {
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

/** A shared cart someone sent: another guest's cart with the faucet, shared over the API. */
const sharedCartId = async (): Promise<string> => {
  const { access_token: token } = await api<{ access_token: string }>(
    'POST',
    '/oauth/token?scope=guest',
  );
  const cart = await api<{ id: string; version: number }>('POST', '/cart/create', token, {
    currency: 'USD',
    taxMode: 'Platform',
  });
  await api('POST', `/cart/items?cartId=${cart.id}`, token, {
    version: cart.version,
    actions: [
      {
        action: 'addLineItem',
        sku: faucet.sku,
        quantity: 2,
        lineItemShipping: { salesChannel: 'KOUS' },
      },
    ],
  });
  const shared = await api<{ sharedCartId: string }>('POST', '/cart/sharedcart', token, {
    cartId: cart.id,
  });
  return shared.sharedCartId;
};

const fillCard = async () => {
  await page.getByLabel('Name on card').fill('Ada Shopper');
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiry month').selectOption({ index: 12 });
  await page.getByLabel('Expiry year').selectOption({ index: 2 });
  await page.getByLabel('Security code').fill('123');
};

const describeOverflows = (): string =>
  overflows
    .map(
      (o) =>
        `${o.path} at ${o.width} px is ${o.scrollWidth} px wide: ${o.culprits.join('; ') || '?'}`,
    )
    .join('\n');

describe('every screen fits 320, 375, 768 and 1280 px without sideways scrolling', () => {
  it('walks every route, as a guest and then signed in', async () => {
    // A guest: the catalogue, content and help screens.
    for (const path of [
      '/en',
      '/en/bathroom',
      '/en/kitchen',
      '/en/service-parts',
      '/en/design-services',
      '/en/install-services',
      '/en/products/kitchen-faucets',
      '/en/search?keyword=faucet',
      '/en/search?keyword=fauset',
      `/en/technical-specs/${faucet.sku}`,
      `/en/compare?compare=${[faucet.sku, ...toilets.slice(0, 2).map((t) => t.sku)].join(',')}`,
      '/en/love-your-look',
      '/en/literature',
      '/en/contact-us',
      '/en/press',
      '/en/legal/privacy',
      '/en/legal/terms-of-use',
      '/en/legal/accessibility',
      '/en/newsletter',
      '/en/support/help-and-faq',
      `/en/support/articles/${article.slug}`,
      '/en/support/find-model-number',
      '/en/stores',
      '/en/register-product',
      '/en/register-product/offline',
      '/en/register-product/online',
      '/en/login',
      '/en/order-status',
    ]) {
      await walk(path);
    }

    // The product page, then its item in the cart and a favorite.
    await walk(productPath);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => cartCount(page), { timeout: 15_000 }).toBe(1);
    await page.getByRole('main').getByRole('button', { name: 'Add to favorites' }).first().click();
    await walk('/en/cart');
    await walk(`/en/cart/shared/${await sharedCartId()}`);

    // What does not exist: the not-found page, with a real 404.
    for (const path of [
      '/en/no-such-page',
      '/en/products/no-such-category',
      '/en/products/kitchen-faucets/no-such-product.html',
      '/en/support/articles/no-such-article',
      '/en/technical-specs/K-0000000',
    ]) {
      await walk(path, 404);
      expect(await page.getByRole('heading', { level: 1 }).textContent(), path).toMatch(
        /^We can’t find (that page|that product|specifications for that model)$/,
      );
    }

    // Signed in: checkout with the cart's item, the order it places, and the account's screens.
    await page.goto(`${shop.url}/en`);
    await settled('/en');
    await signIn(page, DEMO_HOMEOWNER);
    await walk('/en/checkout');
    await fillAddressAndShipping(page, shopperAddress(DEMO_HOMEOWNER.email));
    await fillCard();
    await checkWidths('/en/checkout (filled in)');
    const orderNumber = await placeOrder(page);
    await walkHere();
    await page.goto(`${shop.url}/en/order-status`);
    await page.getByLabel('Order number').fill(orderNumber);
    await page.getByLabel('Email').fill(DEMO_HOMEOWNER.email);
    await page.getByRole('button', { name: 'Find order' }).click();
    await expect
      .poll(() => page.getByRole('main').getByText(orderNumber).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await settled('/en/order-status');
    await checkWidths('/en/order-status (an order found)');
    // The favorite the guest chose came along at sign-in.
    await walk('/en/account/favorites');
    await walk('/en/account/orders');
    await walk(`/en/account/orders/${orderNumber}`);
    await walk('/en/account/settings');
    await walk('/en/account/my-products');
    await walk('/en/account/my-services');

    expect(describeOverflows()).toBe('');
    expect(overflows).toEqual([]);
    // Every route was walked with a real example (a new route needs one here).
    expect([...walked].sort()).toEqual((Object.keys(routes) as RouteId[]).sort());
  }, 300_000);

  it('finds an overflow when there is one, naming the element that sticks out', async () => {
    await page.goto(`${shop.url}/en`);
    await settled('/en');
    await page.setViewportSize({ width: 375, height: HEIGHT });
    await page.evaluate(() => {
      const wide = document.createElement('div');
      wide.className = 'too-wide';
      wide.style.width = '600px';
      wide.style.height = '1px';
      document.querySelector('main')?.append(wide);
    });
    const found = await measure();
    expect(found.scrollWidth).toBeGreaterThan(375);
    expect(found.culprits.some((c) => c.startsWith('div.too-wide'))).toBe(true);
    await page.setViewportSize({ width: 1280, height: HEIGHT });
  });
});

describe('search suggestions', () => {
  it.each(WIDTHS)('at %i px fit the screen and show whole product names', async (width) => {
    await page.setViewportSize({ width, height: HEIGHT });
    await page.goto(`${shop.url}/en`);
    await settled('/en');
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.click();
    await box.pressSequentially('faucet');
    const products = page.getByRole('listbox').locator('.typeahead__title');
    await expect.poll(() => products.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const popup = await page.evaluate(() => {
      const rect = document.querySelector('.typeahead__popup')?.getBoundingClientRect();
      const titles = [...document.querySelectorAll('.typeahead__title')];
      return {
        left: rect?.left ?? NaN,
        right: rect?.right ?? NaN,
        // A name is cut when its text is wider or taller than the box that shows it.
        cut: titles
          .filter((t) => t.scrollWidth > t.clientWidth || t.scrollHeight > t.clientHeight)
          .map((t) => t.textContent ?? ''),
      };
    });
    if (width < 1025) {
      // Phones and tablets: the panel spans the screen, edge to edge.
      expect(popup.left).toBe(0);
      expect(popup.right).toBe(width);
    } else {
      expect(popup.right - popup.left).toBeGreaterThanOrEqual(480);
      expect(popup.right).toBeLessThanOrEqual(width);
    }
    expect(popup.cut).toEqual([]);
    expect((await measure()).scrollWidth).toBeLessThanOrEqual(width);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: HEIGHT });
  });
});

describe('desktop layout at 1280 px', () => {
  /** Each matching element's box, for comparing edges. */
  const boxes = (selector: string) =>
    page.evaluate(
      (sel) =>
        [...document.querySelectorAll(sel)].map((el) => {
          const r = el.getBoundingClientRect();
          return { left: r.left, right: r.right, width: r.width };
        }),
      selector,
    );

  it.each(['/en', '/en/kitchen', '/en/design-services', '/en/love-your-look'])(
    'product rails on %s fill their row: the last tile ends where the rail does',
    async (path) => {
      await page.goto(`${shop.url}${path}`);
      await settled(path);
      const rails = await page.evaluate(() =>
        [...document.querySelectorAll('.content-products__grid')].map((grid) => {
          const tiles = [...grid.children];
          return {
            right: grid.getBoundingClientRect().right,
            lastRight: tiles.at(-1)?.getBoundingClientRect().right ?? NaN,
            firstRowTiles: tiles.filter(
              (t) => t.getBoundingClientRect().top === tiles[0]?.getBoundingClientRect().top,
            ).length,
            tiles: tiles.length,
          };
        }),
      );
      expect(rails.length).toBeGreaterThan(0);
      for (const rail of rails) {
        expect(rail.firstRowTiles).toBe(rail.tiles);
        expect(Math.abs(rail.right - rail.lastRight)).toBeLessThan(1);
      }
    },
  );

  it('the "Six finishes" banner spans the page, like the rails above it', async () => {
    await page.goto(`${shop.url}/en`);
    await settled('/en');
    const [banner] = await boxes('.teaser-single');
    const [rail] = await boxes('.content-products__grid');
    expect(banner?.width).toBeGreaterThan(0);
    expect(Math.abs((banner?.width ?? 0) - (rail?.width ?? NaN))).toBeLessThan(1);
  });

  it.each(['/en/design-services', '/en/bathroom', '/en'])(
    'the hero image on %s is shown whole, at its own proportions',
    async (path) => {
      await page.goto(`${shop.url}${path}`);
      await settled(path);
      const image = page.locator('.hero-banner__image').first();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      const { shown, own } = await image.evaluate((img: HTMLImageElement) => ({
        shown: img.clientWidth / img.clientHeight,
        own: Number(img.getAttribute('width')) / Number(img.getAttribute('height')),
      }));
      expect(Math.abs(shown - own)).toBeLessThan(0.02);
    },
  );

  it('the sign-in form is a readable width, centred', async () => {
    // A guest's page: the walk's shopper is signed in, and /en/login sends them on.
    const guest = await shop.newPage({ width: 1280, height: HEIGHT });
    await guest.goto(`${shop.url}/en/login`);
    const form = guest.getByRole('main').locator('form').first();
    await form.waitFor();
    const box = await form.boundingBox();
    await guest.context().close();
    expect(box?.width).toBeGreaterThan(300);
    // 32rem at most.
    expect(box?.width).toBeLessThanOrEqual(512);
    const centre = (box?.x ?? 0) + (box?.width ?? 0) / 2;
    expect(Math.abs(centre - 640)).toBeLessThan(20);
  });
});
