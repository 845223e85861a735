/**
 * The content screens (home, category landings, content pages) rendered from the stored page
 * models (server/content, decoded as the demo decodes them) over the demo's content repository
 * and search, with ports that can be held back, failed or counted, in a memory router.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { FakeCatalogSearch } from '../../../adapters/fake/catalog/fake-catalog-search';
import { FakeContentRepository } from '../../../adapters/fake/content/fake-content-repository';
import { PageModelCodec } from '../../../adapters/http/content/page-model.codec';
import { decodeOrThrow } from '../../../adapters/http/decode';
import type { CatalogSearch } from '../../../core/catalog/ports';
import type { ProductQuery, ProductSearchResult } from '../../../core/catalog/product';
import type { PageModel } from '../../../core/content/page-model';
import type { ContentRepository } from '../../../core/content/ports';
import { ManualClock } from '../../../core/shared/clock';
import { ContainerProvider } from '../../../ui/app/container-context';
import { pageTitles } from '../../../ui/app/page-titles';
import { CompareProvider } from '../../../ui/compare/compare-context';
import ContentPage from '../../../ui/pages/content-page';
import HomePage from '../../../ui/pages/home-page';
import LandingPage from '../../../ui/pages/landing-page';
import HOME_JSON from '../../../server/content/en.json';
import BATHROOM_JSON from '../../../server/content/en/bathroom.json';
import KITCHEN_JSON from '../../../server/content/en/kitchen.json';
import {
  CATEGORIES,
  FINISHES,
  NOW,
  toDocument,
  type DocumentFacts,
} from '../../adapters/catalog/solr-documents';
import { InMemoryCatalog } from '../../core/catalog/product-fixtures';
import { MemoryCompareStore } from '../product/harness';
import { testContainer } from '../support/test-container';

afterEach(cleanup);

// ---- data ----

const HOME = decodeOrThrow(PageModelCodec, HOME_JSON, 'en.json');
const KITCHEN = decodeOrThrow(PageModelCodec, KITCHEN_JSON, 'en/kitchen.json');
const BATHROOM = decodeOrThrow(PageModelCodec, BATHROOM_JSON, 'en/bathroom.json');

/** A page no stored model has: a tabbed hero (not the h1), failing and unsafe content. */
const EDGE: PageModel = {
  path: '/en/press',
  kind: 'press',
  title: 'Press room',
  description: '',
  components: [
    {
      type: 'text',
      title: 'Statements',
      paragraphs: ['<b>Not markup</b> & never HTML.'],
    },
    {
      type: 'tabs',
      tabs: [
        {
          name: 'news',
          title: 'News',
          components: [{ type: 'hero', title: 'Hero in a tab', text: '', image: null, cta: null }],
        },
      ],
    },
  ],
};

/** A model with no title and a hero without one. */
const UNTITLED: PageModel = {
  path: '/en/newsletter',
  kind: 'newsletter',
  title: ' ',
  description: '',
  components: [
    { type: 'hero', title: '  ', text: 'Sign up for news.', image: null, cta: null },
    { type: 'text', title: null, paragraphs: ['Monthly, no more.'] },
  ],
};

const [KITCHEN_FAUCETS, , TOILETS] = CATEGORIES;
const CHROME = FINISHES[0];

const facts = (
  i: number,
  title: string,
  category: DocumentFacts['category'],
  onSale: boolean,
): DocumentFacts => ({
  sku: `K-${2000 + i}`,
  slug: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-k-${2000 + i}`,
  title,
  category,
  brand: 'Lavabo',
  collection: null,
  mount: 'undermount',
  listCents: 20_000 + i * 100,
  saleCents: onSale ? 15_000 : null,
  rating: 4,
  reviewCount: 3,
  unitsSold: 100 + i,
  launchDay: 19_000 + i,
  variants: [{ sku: `K-${2000 + i}-${CHROME.code}`, finish: CHROME, date: 'false', qty: 5 }],
  backorderable: false,
});

/** Five kitchen faucets (the newest last, the first two on sale) and two toilets. */
const CATALOGUE: readonly DocumentFacts[] = [
  facts(0, 'Faucet A', KITCHEN_FAUCETS, true),
  facts(1, 'Faucet B', KITCHEN_FAUCETS, true),
  facts(2, 'Faucet C', KITCHEN_FAUCETS, false),
  facts(3, 'Faucet D', KITCHEN_FAUCETS, false),
  facts(4, 'Faucet E', KITCHEN_FAUCETS, false),
  facts(5, 'Toilet F', TOILETS, false),
  facts(6, 'Toilet G', TOILETS, false),
];

// ---- ports that can be held back, failed and counted ----

interface Held {
  readonly key: string;
  release(): void;
}

class Gate {
  hold = false;
  readonly held: Held[] = [];

  async pass(key: string): Promise<void> {
    if (!this.hold) return;
    await new Promise<void>((resolve) => this.held.push({ key, release: resolve }));
  }

  async release(key: string): Promise<void> {
    const at = this.held.findIndex((h) => h.key === key);
    const found = this.held[at];
    if (found === undefined) throw new Error(`nothing held for ${key}`);
    this.held.splice(at, 1);
    await act(async () => found.release());
  }
}

class TestRepository implements ContentRepository {
  readonly inner = new FakeContentRepository({
    pages: Object.fromEntries([HOME, KITCHEN, BATHROOM, EDGE, UNTITLED].map((p) => [p.path, p])),
  });
  readonly gate = new Gate();
  readonly calls: string[] = [];
  failures = 0;

  async page(path: string): Promise<PageModel | null> {
    this.calls.push(path);
    await this.gate.pass(path);
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error('offline');
    }
    return this.inner.page(path);
  }
}

/** The demo's search; queries of a category in `failing` reject while it is there. */
class TestSearch implements CatalogSearch {
  readonly inner = new FakeCatalogSearch(
    { documents: CATALOGUE.map(toDocument), topSearches: [] },
    new ManualClock(NOW),
  );
  readonly queries: ProductQuery[] = [];
  readonly failing = new Set<string>();

  async search(query: ProductQuery): Promise<ProductSearchResult> {
    this.queries.push(query);
    if (this.failing.has(query.category ?? '')) throw new Error('offline');
    return this.inner.search(query);
  }
  typeahead(keyword: string) {
    return this.inner.typeahead(keyword);
  }
  topSearches() {
    return this.inner.topSearches();
  }
  categoriesAsked(): string[] {
    return this.queries.map((q) => q.category ?? '-');
  }
}

// ---- rendering ----

const LocationProbe = () => {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
};

const Layout = () => (
  <CompareProvider>
    <Outlet />
    <LocationProbe />
  </CompareProvider>
);

const renderAt = (url: string, repository = new TestRepository(), search = new TestSearch()) => {
  const container = testContainer({
    overrides: {
      ContentRepository: repository,
      CatalogSearch: search,
      ProductCatalog: new InMemoryCatalog([]),
      CompareStore: new MemoryCompareStore(),
      Clock: new ManualClock(NOW),
    },
  });
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/en', Component: HomePage },
          { path: '/en/kitchen', handle: { routeId: 'kitchen' }, Component: LandingPage },
          { path: '/en/bathroom', handle: { routeId: 'bathroom' }, Component: LandingPage },
          { path: '*', handle: { routeId: 'press' }, Component: ContentPage },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <ContainerProvider container={container}>
      <RouterProvider router={router} />
    </ContainerProvider>,
  );
  return { router, repository, search };
};

const location = () => screen.getByTestId('location').textContent ?? '';
const h1s = () => screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent);
const pageShown = async (h1: string) => {
  await screen.findByRole('heading', { level: 1, name: h1 });
  expect(h1s()).toEqual([h1]);
};
const section = (name: string) => screen.getByRole('region', { name });
const tileTitles = (region: HTMLElement) =>
  within(region)
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('the page heading and title', () => {
  it('shows a busy page with the route title, then the first hero title as the only h1', async () => {
    renderAt('/en');
    expect(screen.getByText('Loading page…')).toBeTruthy();
    expect(document.querySelector('main')?.getAttribute('aria-busy')).toBe('true');
    expect(h1s()).toEqual(['Bathroom and kitchen, beautifully made']);
    await pageShown('Calm starts at the tap');
    expect(document.querySelector('main')?.getAttribute('aria-busy')).toBeNull();
    await waitFor(() =>
      expect(document.title).toBe('Lavabo: bathroom and kitchen products — Lavabo'),
    );
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      HOME.description,
    );
    // Every other title is a heading below the page's: the carousels, lists and text are h2.
    const h2s = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(h2s).toEqual(
      expect.arrayContaining(['Shop by room', 'New kitchen faucets', 'Made to last']),
    );
  });

  it('makes the model title the h1 when the page has no top-level hero', async () => {
    renderAt('/en/press');
    await pageShown('Press room');
    await waitFor(() => expect(document.title).toBe('Press room — Lavabo'));
    // A hero inside a tab is a section of the page, not its heading.
    expect(screen.getByRole('heading', { level: 2, name: 'Hero in a tab' })).toBeTruthy();
    // Content text is text: markup in a model is shown, never interpreted.
    expect(screen.getByText('<b>Not markup</b> & never HTML.')).toBeTruthy();
  });
  it('falls back to the route title when the model has no title at all', async () => {
    renderAt('/en/newsletter');
    await screen.findByText('Sign up for news.');
    expect(h1s()).toEqual([pageTitles.press]);
    await waitFor(() => expect(document.title).toBe(`${pageTitles.press} — Lavabo`));
    // A hero without a title draws no empty heading.
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual([pageTitles.press]);
  });
});

describe('product lists', () => {
  it('fetches each drawn list once and shows a preview of 3 with "Shop all" to the list', async () => {
    const { search } = renderAt('/en');
    await pageShown('Calm starts at the tap');
    const faucets = section('New kitchen faucets');
    // The newest three of the five kitchen faucets.
    await waitFor(() => expect(tileTitles(faucets)).toEqual(['Faucet E', 'Faucet D', 'Faucet C']));
    const shopAll = within(faucets).getByRole('link', { name: 'Shop all New kitchen faucets' });
    expect(shopAll.getAttribute('href')).toBe('/en/products/kitchen-faucets');

    const onSale = section('On sale now');
    await waitFor(() => expect(tileTitles(onSale)).toEqual(['Faucet B', 'Faucet A']));
    // No category and no link of its own: there is no list page to send the shopper to.
    expect(within(onSale).queryByRole('link', { name: /^Shop all/ })).toBeNull();

    expect(search.categoriesAsked().sort()).toEqual(['-', 'kitchen-faucets', 'toilets']);
    expect(search.queries.find((q) => q.category === 'kitchen-faucets')).toMatchObject({
      sort: 'newest',
      rows: 8,
      start: 0,
    });
  });

  it('says so when a list finds nothing, with a link to browse the range', async () => {
    renderAt('/en');
    await pageShown('Calm starts at the tap');
    const toilets = section('Best-selling toilets');
    expect(await within(toilets).findByText(/Nothing to show here right now/)).toBeTruthy();
    expect(
      within(toilets).getByRole('link', { name: 'Browse the range' }).getAttribute('href'),
    ).toBe('/en/products/toilets');
    expect(tileTitles(toilets)).toEqual([]);
  });

  it('shows an error in a list that failed, and its retry fetches it again', async () => {
    const search = new TestSearch();
    search.failing.add('kitchen-faucets');
    renderAt('/en', undefined, search);
    await pageShown('Calm starts at the tap');
    const faucets = section('New kitchen faucets');
    const alert = await within(faucets).findByRole('alert');
    expect(alert.textContent).toContain('These products did not load.');
    // The rest of the page is unaffected.
    await waitFor(() => expect(tileTitles(section('On sale now'))).toHaveLength(2));
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    search.failing.clear();
    await act(async () => within(alert).getByRole('button', { name: 'Try again' }).click());
    await waitFor(() => expect(tileTitles(faucets)).toEqual(['Faucet E', 'Faucet D', 'Faucet C']));
    expect(within(faucets).queryByRole('alert')).toBeNull();
    expect(search.categoriesAsked().filter((c) => c === 'kitchen-faucets')).toHaveLength(2);
  });
});

describe('tabs', () => {
  const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);
  const selectedTab = () =>
    screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true');

  it('are WAI-ARIA tabs whose first tab is chosen, drawing only the chosen panel', async () => {
    const { search } = renderAt('/en/kitchen');
    await pageShown('The hardest-working corner of the house');
    const tablist = screen.getByRole('tablist', { name: 'Page sections' });
    expect(tabNames()).toEqual(['Products', 'Inspiration', 'Technical', 'Resources', 'Help']);
    const tabs = within(tablist).getAllByRole('tab');
    // Spec §2: inspiration, technical, resources and help need no grid icon.
    expect(tabs.map((t) => t.querySelector('svg') !== null)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
    const chosen = selectedTab();
    expect(chosen?.textContent).toBe('Products');
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1, -1, -1]);
    const panels = screen.getAllByRole('tabpanel');
    expect(panels).toHaveLength(1);
    const panel = panels[0] as HTMLElement;
    expect(panel.id).toBe(chosen?.getAttribute('aria-controls'));
    expect(panel.getAttribute('aria-labelledby')).toBe(chosen?.id);
    expect(within(panel).getByRole('heading', { name: 'Touchless faucets' }).tagName).toBe('H3');
    await waitFor(() => expect(search.queries).toHaveLength(5));
    expect(screen.queryByText('Sink and faucet fit')).toBeNull();
  });

  it('open the tab ?tab= names, and load lists behind a tab only when it is opened', async () => {
    const { search } = renderAt('/en/kitchen?tab=Technical');
    await pageShown('The hardest-working corner of the house');
    expect(selectedTab()?.textContent).toBe('Technical');
    expect(within(screen.getByRole('tabpanel')).getByText('Sink and faucet fit')).toBeTruthy();
    // Three lists above the tabs; the two behind "Products" wait.
    await waitFor(() => expect(search.queries).toHaveLength(3));
    expect(screen.queryByRole('region', { name: 'Touchless faucets' })).toBeNull();

    await act(async () => screen.getByRole('tab', { name: 'Products' }).click());
    expect(location()).toBe('/en/kitchen?tab=products');
    expect(await screen.findByRole('region', { name: 'Touchless faucets' })).toBeTruthy();
    await waitFor(() => expect(search.queries).toHaveLength(5));
  });

  it('move with the arrow keys, Home and End, wrapping at the ends, and keep the URL', async () => {
    renderAt('/en/kitchen');
    await pageShown('The hardest-working corner of the house');
    const press = (key: string) => {
      const from = selectedTab();
      if (from === undefined) throw new Error('no tab selected');
      fireEvent.keyDown(from, { key });
      const to = selectedTab();
      expect(document.activeElement).toBe(to);
      expect(to?.tabIndex).toBe(0);
      return to?.textContent;
    };
    expect(press('ArrowRight')).toBe('Inspiration');
    expect(location()).toBe('/en/kitchen?tab=inspiration');
    expect(press('ArrowRight')).toBe('Technical');
    expect(press('ArrowLeft')).toBe('Inspiration');
    expect(press('End')).toBe('Help');
    expect(location()).toBe('/en/kitchen?tab=help');
    expect(press('ArrowRight')).toBe('Products');
    expect(press('ArrowLeft')).toBe('Help');
    expect(press('Home')).toBe('Products');
    expect(press('a')).toBe('Products');
    expect(
      within(screen.getByRole('tabpanel')).getByRole('heading', { name: 'Touchless faucets' }),
    ).toBeTruthy();
  });
});

describe('carousels', () => {
  /** A track 600 px wide holding 1800 px of slides; scrollBy moves it and fires a scroll. */
  const fakeScrolling = () => {
    const offsets = new WeakMap<Element, number>();
    const scrolls: number[] = [];
    const isTrack = (el: Element) => el.classList.contains('carousel__track');
    const restore = [
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (
        this: HTMLElement,
      ) {
        return isTrack(this) ? 600 : 0;
      }),
      vi.spyOn(Element.prototype, 'scrollWidth', 'get').mockImplementation(function (
        this: Element,
      ) {
        return isTrack(this) ? 1800 : 0;
      }),
      vi.spyOn(Element.prototype, 'scrollLeft', 'get').mockImplementation(function (this: Element) {
        return offsets.get(this) ?? 0;
      }),
    ];
    Element.prototype.scrollBy = function (this: Element, options?: ScrollToOptions | number) {
      const left = typeof options === 'object' ? (options.left ?? 0) : (options ?? 0);
      scrolls.push(left);
      const next = Math.min(1200, Math.max(0, (offsets.get(this) ?? 0) + left * 600));
      offsets.set(this, next);
      this.dispatchEvent(new Event('scroll'));
    } as Element['scrollBy'];
    return {
      scrolls,
      done: () => {
        restore.forEach((r) => r.mockRestore());
        delete (Element.prototype as Partial<Element>).scrollBy;
      },
    };
  };

  it('have named Previous and Next buttons that scroll the slides and stop at the ends', async () => {
    const scrolling = fakeScrolling();
    try {
      renderAt('/en');
      await pageShown('Calm starts at the tap');
      const carousel = section('Shop by room');
      expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
      const slides = within(carousel).getAllByRole('listitem');
      expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(
        slides.map((_, i) => `${i + 1} of ${slides.length}`),
      );
      expect(slides.every((s) => s.getAttribute('aria-roledescription') === 'slide')).toBe(true);
      const previous = within(carousel).getByRole('button', { name: 'Previous slide' });
      const next = within(carousel).getByRole('button', { name: 'Next slide' });
      expect((previous as HTMLButtonElement).disabled).toBe(true);
      expect((next as HTMLButtonElement).disabled).toBe(false);

      await act(async () => next.click());
      expect(scrolling.scrolls).toHaveLength(1);
      expect(scrolling.scrolls[0]).toBeGreaterThan(0);
      expect((previous as HTMLButtonElement).disabled).toBe(false);
      await act(async () => next.click());
      expect((next as HTMLButtonElement).disabled).toBe(true);
      await act(async () => previous.click());
      expect(scrolling.scrolls[2]).toBeLessThan(0);
      expect((next as HTMLButtonElement).disabled).toBe(false);
    } finally {
      scrolling.done();
    }
  });
});

describe('loading the page', () => {
  it('shows an error with "Try again" when the page does not load, which loads it', async () => {
    const repository = new TestRepository();
    repository.failures = 1;
    renderAt('/en/kitchen', repository);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This page did not load.');
    expect(h1s()).toEqual(['Kitchen']);
    await waitFor(() => expect(document.title).toBe('Kitchen — Lavabo'));
    await act(async () => within(alert).getByRole('button', { name: 'Try again' }).click());
    await pageShown('The hardest-working corner of the house');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(repository.calls).toEqual(['/en/kitchen', '/en/kitchen']);
  });

  it('is the not-found page for a path without a model', async () => {
    const { repository } = renderAt('/en/no-such-page');
    await pageShown('We can’t find that page');
    await waitFor(() => expect(document.title).toBe('Page not found — Lavabo'));
    expect(repository.calls).toEqual(['/en/no-such-page']);
  });

  it.each([
    ['/en/kitchen.html', '/en/kitchen'],
    ['/content/lavabo/en/kitchen.html', '/en/kitchen'],
    ['/en/kitchen/?tab=help', '/en/kitchen'],
    ['/en.html', '/en'],
  ])('finds the model of %s by its normalised path', async (url, path) => {
    const { repository } = renderAt(url);
    await screen.findByRole('heading', {
      level: 1,
      name: path === '/en' ? 'Calm starts at the tap' : 'The hardest-working corner of the house',
    });
    expect(repository.calls).toEqual([path]);
  });

  it.each([
    ['answers last', ['/en/bathroom', '/en/kitchen']],
    ['answers first', ['/en/kitchen', '/en/bathroom']],
  ])('never shows the page left behind when its load %s', async (_, order) => {
    const repository = new TestRepository();
    repository.gate.hold = true;
    const { router } = renderAt('/en/kitchen', repository);
    await waitFor(() => expect(repository.gate.held).toHaveLength(1));
    await act(() => router.navigate('/en/bathroom'));
    await waitFor(() => expect(repository.gate.held).toHaveLength(2));
    for (const path of order) {
      await repository.gate.release(path);
      expect(
        screen.queryByRole('heading', { name: 'The hardest-working corner of the house' }),
      ).toBeNull();
    }
    await pageShown('The bathroom, considered');
    expect(location()).toBe('/en/bathroom');
  });

  it('never shows an older content page after a quick navigation on the same screen', async () => {
    const repository = new TestRepository();
    repository.gate.hold = true;
    const { router } = renderAt('/en/press', repository);
    await waitFor(() => expect(repository.gate.held).toHaveLength(1));
    await act(() => router.navigate('/en/unknown-page'));
    await act(() => router.navigate('/en/kitchen.html'));
    await waitFor(() => expect(repository.gate.held).toHaveLength(3));
    await repository.gate.release('/en/kitchen');
    await pageShown('The hardest-working corner of the house');
    await repository.gate.release('/en/press');
    await repository.gate.release('/en/unknown-page');
    expect(h1s()).toEqual(['The hardest-working corner of the house']);
  });
});
