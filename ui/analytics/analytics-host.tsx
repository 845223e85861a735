/**
 * The analytics area's host in the shell (issue 18; spec §3, §4), loaded after hydration
 * (ui/app/root-layout.tsx) with its area (adapters/di/analytics-modules.ts), so none of it is on
 * the first render's path: a page view for every route once its title is known, cart tracking
 * over the cart view model, and the third-party scripts, which wait for page readiness (the first
 * of mouseover, keydown, touch, scroll, click, or 5 s) and then load one after another. It draws
 * nothing.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { LoadAreas } from '../../adapters/di/areas';
import { TYPES } from '../../adapters/di/types';
import type { AnalyticsUseCases } from '../../core/analytics/analytics-use-cases';
import { useContainer } from '../app/container-context';
import { useOptionalCart } from '../cart/cart-context';
import { trackCart } from './track-cart';
import { handOver, visitJournal } from './visit-journal';
import { readDocumentPage, watchPage } from './watch-page';

interface Loaded {
  readonly analytics: AnalyticsUseCases;
  readonly pages: ReturnType<typeof watchPage>;
}

const AnalyticsHost = () => {
  const container = useContainer();
  const cart = useOptionalCart();
  const { pathname } = useLocation();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  // The page watch from the moment the journal hands over (below), not from the render that
  // follows: a route committed in between must reach it, or the page left is counted with the
  // next page's title (the watch hears the new title before this host re-renders).
  const watching = useRef<Loaded['pages'] | null>(null);
  /** The route of the last commit: what the page shows. */
  const shown = useRef(pathname);

  useEffect(() => {
    let live = true;
    container
      .get<LoadAreas>(TYPES.LoadAreas)(['analytics'])
      .then(
        () => {
          if (!live) return;
          const analytics = container.get<AnalyticsUseCases>(TYPES.AnalyticsUseCases);
          const pages = watchPage(
            document,
            analytics.pageViews(() => readDocumentPage(document)),
          );
          // Pages left before this area loaded, in order, and the one the shopper is on now.
          handOver(visitJournal(), analytics, pages);
          // Where no journal saw the route (a host drawn without the root layout), this is the
          // first the watch hears of it; otherwise the journal's current page, and nothing new.
          pages.routeChanged(shown.current);
          watching.current = pages;
          setLoaded({ analytics, pages });
        },
        // Analytics that cannot load leave the shop as it is.
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [container]);

  const analytics = loaded?.analytics ?? null;
  const pages = loaded?.pages ?? null;

  // Once per visit, however often this mounts: the use case keeps its one run.
  useEffect(() => {
    if (analytics !== null) void analytics.loadThirdPartyScripts.execute();
  }, [analytics]);

  // Stopping forgets a page view still waiting; the next route change starts watching again.
  useEffect(() => (pages === null ? undefined : () => pages.stop()), [pages]);

  // In the commit that drew the new route, before the page watch hears of its new title: a view
  // still waiting for the last route is sent with the last title seen there. Only on a route
  // change: the watch was told of the page it started on by the hand-over.
  useLayoutEffect(() => {
    shown.current = pathname;
    watching.current?.routeChanged(pathname);
  }, [pathname]);

  useEffect(() => {
    if (analytics === null || cart === null) return undefined;
    return trackCart(cart, analytics.cartTracking());
  }, [analytics, cart]);

  return null;
};

export default AnalyticsHost;
