import { describe, expect, it } from 'vitest';
import {
  PAGE_TITLE_SETTLE_MS,
  PAGE_VIEW_MAX_WAIT_MS,
  PageViews,
  type PageState,
} from '../../../core/analytics/page-views';
import type { DataLayerEvent } from '../../../core/analytics/ports';
import { ManualTimers } from './manual-timers';

const setUp = () => {
  const pushed: DataLayerEvent[] = [];
  const timers = new ManualTimers();
  let page: PageState = { title: 'Lavabo', busy: false };
  const views = new PageViews({ push: (e) => pushed.push(e) }, timers, () => page);
  /** The page changes, and the watcher hears of it. */
  const show = (next: PageState) => {
    page = next;
    views.pageChanged();
  };
  /** The page changes; the watcher has not heard yet (the route change is heard first). */
  const render = (next: PageState) => {
    page = next;
  };
  return { pushed, timers, views, show, render };
};

describe('page views: one per route, once its title is known', () => {
  it('sends the title once the page stopped loading and the title held still', () => {
    const { pushed, timers, views, show } = setUp();
    show({ title: 'Product details — Lavabo', busy: true });
    views.routeChanged('/en/p/purist');
    timers.advance(1000);
    expect(pushed).toEqual([]);
    show({ title: 'Purist faucet — Lavabo', busy: false });
    timers.advance(PAGE_TITLE_SETTLE_MS - 1);
    expect(pushed).toEqual([]);
    timers.advance(1);
    expect(pushed).toEqual([
      { event: 'page_view', page_name: 'Purist faucet', page_path: '/en/p/purist' },
    ]);
    expect(views.waiting).toBe(false);
    timers.advance(10_000);
    expect(pushed).toHaveLength(1);
  });

  it('counts a page that keeps loading after the longest wait, with the title it has', () => {
    const { pushed, timers, views, show } = setUp();
    show({ title: 'Kitchen — Lavabo', busy: true });
    views.routeChanged('/en/kitchen');
    timers.advance(PAGE_VIEW_MAX_WAIT_MS);
    expect(pushed).toEqual([
      { event: 'page_view', page_name: 'Kitchen', page_path: '/en/kitchen' },
    ]);
  });

  it('a route left before its view was sent is counted at once, with the last title seen on it', () => {
    const { pushed, timers, views, show, render } = setUp();
    show({ title: 'Cart — Lavabo', busy: false });
    views.routeChanged('/en/cart');
    timers.advance(PAGE_TITLE_SETTLE_MS - 10);
    // The next page's title is already in the document when the route change is heard.
    render({ title: 'Sign in — Lavabo', busy: true });
    views.routeChanged('/en/login');
    expect(pushed).toEqual([{ event: 'page_view', page_name: 'Cart', page_path: '/en/cart' }]);
    show({ title: 'Sign in — Lavabo', busy: false });
    timers.advance(PAGE_VIEW_MAX_WAIT_MS * 2);
    expect(pushed).toEqual([
      { event: 'page_view', page_name: 'Cart', page_path: '/en/cart' },
      { event: 'page_view', page_name: 'Sign in', page_path: '/en/login' },
    ]);
  });

  it('hearing the same route again changes nothing', () => {
    const { pushed, timers, views, show } = setUp();
    show({ title: 'Cart — Lavabo', busy: false });
    views.routeChanged('/en/cart');
    views.routeChanged('/en/cart');
    timers.advance(PAGE_VIEW_MAX_WAIT_MS);
    expect(pushed).toEqual([{ event: 'page_view', page_name: 'Cart', page_path: '/en/cart' }]);
  });

  it('changes of the page with no route waiting send nothing', () => {
    const { pushed, timers, show } = setUp();
    show({ title: 'Anything', busy: false });
    timers.advance(10_000);
    expect(pushed).toEqual([]);
  });
});
