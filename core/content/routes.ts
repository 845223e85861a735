/**
 * The storefront's pinned routes (ARCHITECTURE.md), as data, plus `/en/register-product`, the
 * landing the two registration pages share (the footer's and help's way in): the router builds its
 * screens from it and the server answers 404 for anything it does not match. Patterns use `:param`
 * segments.
 */
export const routes = {
  home: '/en',
  bathroom: '/en/bathroom',
  kitchen: '/en/kitchen',
  servicePartsLanding: '/en/service-parts',
  designServicesLanding: '/en/design-services',
  installServicesLanding: '/en/install-services',
  productList: '/en/products/:category',
  productDetails: '/en/products/:category/:slug',
  search: '/en/search',
  compare: '/en/compare',
  cart: '/en/cart',
  sharedCart: '/en/cart/shared/:id',
  checkout: '/en/checkout',
  orderConfirmation: '/en/order-confirmation',
  orderStatus: '/en/order-status',
  accountSettings: '/en/account/settings',
  orderHistory: '/en/account/orders',
  orderDetails: '/en/account/orders/:id',
  favorites: '/en/account/favorites',
  myProducts: '/en/account/my-products',
  myServices: '/en/account/my-services',
  registerProduct: '/en/register-product',
  registerOffline: '/en/register-product/offline',
  registerOnline: '/en/register-product/online',
  stores: '/en/stores',
  loveYourLook: '/en/love-your-look',
  literature: '/en/literature',
  contactUs: '/en/contact-us',
  press: '/en/press',
  privacyPolicy: '/en/legal/privacy',
  termsOfUse: '/en/legal/terms-of-use',
  accessibility: '/en/legal/accessibility',
  newsletter: '/en/newsletter',
  helpAndFaq: '/en/support/help-and-faq',
  knowledgeArticle: '/en/support/articles/:slug',
  findModelNumber: '/en/support/find-model-number',
  technicalSpecs: '/en/technical-specs/:sku',
  login: '/en/login',
} as const;

export type RouteId = keyof typeof routes;

export interface RouteMatch {
  readonly id: RouteId;
  readonly params: Readonly<Record<string, string>>;
}

const segments = (path: string): string[] => path.split('/').filter((s) => s !== '');

const compiled = (Object.entries(routes) as [RouteId, string][]).map(([id, pattern]) => ({
  id,
  parts: segments(pattern),
}));

const decode = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

/** The pinned route a path (without query or hash) belongs to, or null for a not-found page. */
export const matchRoute = (path: string): RouteMatch | null => {
  const parts = segments(path);
  for (const route of compiled) {
    if (route.parts.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = route.parts.every((part, i) => {
      const actual = parts[i] ?? '';
      if (!part.startsWith(':')) return part === actual;
      const value = decode(actual);
      if (value === null || value === '') return false;
      params[part.slice(1)] = value;
      return true;
    });
    if (matches) return { id: route.id, params };
  }
  return null;
};

/** Fills a pattern's `:params`, encoding each value. */
export const buildPath = (id: RouteId, params: Readonly<Record<string, string>> = {}): string =>
  routes[id].replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Route ${id} needs :${name}`);
    return encodeURIComponent(value);
  });
