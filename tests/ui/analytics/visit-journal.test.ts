import { afterEach, describe, expect, it } from 'vitest';
import { InMemoryDataLayer } from '../../../adapters/fake/analytics/fake-analytics';
import { AnalyticsUseCases } from '../../../core/analytics/analytics-use-cases';
import type { LoadThirdPartyScripts } from '../../../core/analytics/load-third-party-scripts';
import { handOver, VisitJournal } from '../../../ui/analytics/visit-journal';
import { readDocumentPage, watchPage } from '../../../ui/analytics/watch-page';
import { ManualTimers } from '../../core/analytics/manual-timers';

/** Lets the MutationObserver's callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.title = '';
});

describe('VisitJournal: pages left before analytics loads', () => {
  it('keeps each page left with the last title it showed, in order, and nothing after close', async () => {
    const journal = new VisitJournal(document);
    document.title = 'Lavabo';
    journal.routeChanged('/en/search');
    document.title = 'Results for faucet — Lavabo';
    await settle();
    journal.routeChanged('/en/products/kitchen-faucets/avelle-k-4120.html');
    document.title = 'Avelle Faucet — Lavabo';
    await settle();
    journal.routeChanged('/en/products/kitchen-faucets/avelle-k-4120.html');
    journal.routeChanged('/en/cart');
    expect(journal.close()).toEqual([
      { path: '/en/search', title: 'Results for faucet — Lavabo' },
      { path: '/en/products/kitchen-faucets/avelle-k-4120.html', title: 'Avelle Faucet — Lavabo' },
    ]);
    journal.routeChanged('/en/checkout');
    document.title = 'Checkout — Lavabo';
    await settle();
    expect(journal.close()).toEqual([]);
  });

  it("counts a title the new route's commit set for the new page, not the one left", async () => {
    const journal = new VisitJournal(document);
    document.title = 'Home — Lavabo';
    journal.routeChanged('/en');
    // The commit that draws the next route changes the title before its layout effect runs.
    document.title = 'Kitchen — Lavabo';
    journal.routeChanged('/en/kitchen');
    await settle();
    journal.routeChanged('/en/bathroom');
    expect(journal.close()).toEqual([
      { path: '/en', title: 'Home — Lavabo' },
      { path: '/en/kitchen', title: 'Kitchen — Lavabo' },
    ]);
  });
});

describe('handOver: the analytics area takes over from the journal', () => {
  const areaLoaded = () => {
    const dataLayer = new InMemoryDataLayer();
    const timers = new ManualTimers();
    const analytics = new AnalyticsUseCases({} as LoadThirdPartyScripts, dataLayer, timers);
    const pages = watchPage(
      document,
      analytics.pageViews(() => readDocumentPage(document)),
    );
    const views = () =>
      dataLayer.events.filter((e) => e.event === 'page_view').map((e) => e.page_path);
    return { analytics, pages, views, timers };
  };

  it('counts the page the shopper is on when the area loads, though they leave it before the next render', async () => {
    const journal = new VisitJournal(document);
    document.title = 'Home — Lavabo';
    journal.routeChanged('/en');
    document.title = 'Results for faucet — Lavabo';
    journal.routeChanged('/en/search');
    await settle();
    const { analytics, pages, views, timers } = areaLoaded();
    handOver(journal, analytics, pages);
    expect(views()).toEqual(['/en']);
    // A click on a result before the host's render tells the page views of the route: the
    // journal is closed by now, so only the page views can count the results page.
    journal.routeChanged('/en/products/kitchen-faucets/avelle-k-4120.html');
    pages.routeChanged('/en/products/kitchen-faucets/avelle-k-4120.html');
    expect(views()).toEqual(['/en', '/en/search']);
    document.title = 'Avelle Faucet — Lavabo';
    await settle();
    timers.advance(5000);
    expect(views()).toEqual([
      '/en',
      '/en/search',
      '/en/products/kitchen-faucets/avelle-k-4120.html',
    ]);
    pages.stop();
  });

  it('hands over nothing from a journal that saw no page', () => {
    const { analytics, pages, views, timers } = areaLoaded();
    handOver(new VisitJournal(document), analytics, pages);
    handOver(null, analytics, pages);
    timers.advance(5000);
    expect(views()).toEqual([]);
    pages.stop();
  });
});
