/**
 * Which pages search engines may index (issue 18 "Search engines"). Personal pages (an account, a
 * cart, an order, a shared cart), the way to paying, sign-in and the compare page (its content is
 * whatever the shopper picked) say `noindex`: the server sends them with `X-Robots-Tag: noindex`
 * and leaves them out of the sitemap and robots.txt's allowed paths. Everything else is the
 * catalogue's or the content's and may be indexed.
 */
import { routes, type RouteId } from './routes';

export const NOINDEX_ROUTES: ReadonlySet<RouteId> = new Set<RouteId>([
  'cart',
  'sharedCart',
  'checkout',
  'orderConfirmation',
  'orderStatus',
  'orderHistory',
  'orderDetails',
  'accountSettings',
  'favorites',
  'myProducts',
  'myServices',
  'login',
  'compare',
]);

export const isIndexable = (id: RouteId): boolean => !NOINDEX_ROUTES.has(id);

/**
 * robots.txt's Disallow lines: the API, and the paths of the personal pages that have a fixed
 * prefix (a crawler asks for nothing there; the header covers the rest).
 */
export const DISALLOWED_PATHS: readonly string[] = [
  '/api/',
  routes.cart,
  routes.checkout,
  routes.orderConfirmation,
  '/en/account/',
  routes.login,
  routes.compare,
];
