/**
 * The server-rendered first view, shared by both entries (ui/entry-server.tsx renders it,
 * ui/main.tsx hydrates it): which pages are rendered on the server, and loading a page's view
 * models (its module's `prepare`, ./prepared.ts) and route modules before anything renders.
 */
import { matchRoutes, type RouteObject } from 'react-router';
import { matchRoute, type RouteId } from '../../core/content/routes';
import type { PreparedViewModels } from './prepared';
import { pageModuleOf } from './router';
import type { Container } from 'inversify';

/**
 * Pages whose first view the server renders: catalogue and content, the same for every shopper.
 * Everything personal (cart, account, checkout, favorites) renders in the browser.
 */
export const SERVER_RENDERED: ReadonlySet<RouteId> = new Set<RouteId>([
  'home',
  'bathroom',
  'kitchen',
  'servicePartsLanding',
  'designServicesLanding',
  'installServicesLanding',
  'productList',
  'productDetails',
  'search',
  'loveYourLook',
  'literature',
  'contactUs',
  'press',
  'privacyPolicy',
  'termsOfUse',
  'accessibility',
  'newsletter',
  'helpAndFaq',
  'findModelNumber',
  'knowledgeArticle',
]);

export interface FirstViewLocation {
  readonly pathname: string;
  /** With its `?`, or ''. */
  readonly search: string;
}

/** The server-rendered page a path belongs to, or null when the browser renders it. */
export const serverRenderedRoute = (pathname: string): RouteId | null => {
  const match = matchRoute(pathname);
  return match !== null && SERVER_RENDERED.has(match.id) ? match.id : null;
};

/** Makes and loads the view models of the page at `location` (see ./prepared.ts). */
export const prepareFirstView = async (
  location: FirstViewLocation,
  container: Container,
  prepared: PreparedViewModels,
  settled: () => Promise<void>,
): Promise<void> => {
  const match = matchRoute(location.pathname);
  if (match === null || !SERVER_RENDERED.has(match.id)) return;
  const page = await pageModuleOf(match.id);
  await page.prepare?.({
    container,
    prepared,
    routeId: match.id,
    pathname: location.pathname,
    search: location.search,
    params: match.params,
    settled,
  });
};

/**
 * Loads the lazy route modules `location` matches and puts them in place, so the router starts
 * with the screens the server drew instead of its hydrate fallback (react-router's advice for
 * lazy routes and server rendering).
 */
export const resolveLazyRoutes = async (
  routes: RouteObject[],
  location: FirstViewLocation,
): Promise<void> => {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const properties = await route.lazy();
      Object.assign(route, properties, { lazy: undefined });
    }),
  );
};
