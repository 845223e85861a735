/**
 * Which file under ui/pages/ draws each pinned route: one table for the router (which loads each
 * as its own chunk) and for the server's renderer (which names that chunk's files in the page, from
 * Vite's build manifest, so they load beside the entry). A route not listed is not built yet and
 * gets the placeholder.
 */
import type { RouteId } from '../../core/content/routes';

export const screenFiles: Partial<Record<RouteId, string>> = {
  home: 'home-page',
  productList: 'product-list-page',
  search: 'search-page',
  productDetails: 'product-details-page',
  compare: 'compare-page',
  cart: 'cart-page',
  sharedCart: 'shared-cart-page',
  favorites: 'favorites-page',
  technicalSpecs: 'technical-specs-page',
  bathroom: 'landing-page',
  kitchen: 'landing-page',
  servicePartsLanding: 'landing-page',
  designServicesLanding: 'landing-page',
  installServicesLanding: 'landing-page',
  loveYourLook: 'content-page',
  literature: 'literature-page',
  contactUs: 'content-page',
  press: 'content-page',
  privacyPolicy: 'content-page',
  termsOfUse: 'content-page',
  accessibility: 'content-page',
  newsletter: 'newsletter-page',
  helpAndFaq: 'content-page',
  findModelNumber: 'content-page',
  knowledgeArticle: 'knowledge-article-page',
  checkout: 'checkout-page',
  orderConfirmation: 'order-confirmation-page',
  orderStatus: 'order-status-page',
  orderHistory: 'order-history-page',
  orderDetails: 'order-details-page',
  accountSettings: 'account-settings-page',
  login: 'login-page',
  registerProduct: 'register-product-page',
  registerOffline: 'register-offline-page',
  registerOnline: 'register-online-page',
  myProducts: 'my-products-page',
  myServices: 'my-services-page',
  stores: 'stores-page',
};

export const PLACEHOLDER_SCREEN = 'placeholder-page';

/** The source of a route's screen, as Vite's manifest names it (relative to ui/). */
export const screenSource = (id: RouteId): string =>
  `pages/${screenFiles[id] ?? PLACEHOLDER_SCREEN}.tsx`;
