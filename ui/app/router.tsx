/**
 * Routes come from the pinned table in core/content/routes.ts; each screen is its own lazily loaded
 * chunk, fetched together with the areas of the object graph it needs (adapters/di/areas.ts).
 * Screens not built yet render a plain "coming soon" page with their h1.
 */
import type { Container } from 'inversify';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { areasLoaded, type Area, type LoadAreas } from '../../adapters/di/areas';
import { TYPES } from '../../adapters/di/types';
import { routes, type RouteId } from '../../core/content/routes';
import { RouteErrorFallback } from './error-boundary';
import { RootLayout } from './root-layout';

type PageModule = { default: ComponentType };

const landing = () => import('../pages/landing-page');
const content = () => import('../pages/content-page');

/** Screens that exist; every other pinned route gets the placeholder. */
const screens: Partial<Record<RouteId, () => Promise<PageModule>>> = {
  home: () => import('../pages/home-page'),
  productList: () => import('../pages/product-list-page'),
  search: () => import('../pages/search-page'),
  productDetails: () => import('../pages/product-details-page'),
  compare: () => import('../pages/compare-page'),
  cart: () => import('../pages/cart-page'),
  sharedCart: () => import('../pages/shared-cart-page'),
  favorites: () => import('../pages/favorites-page'),
  technicalSpecs: () => import('../pages/technical-specs-page'),
  bathroom: landing,
  kitchen: landing,
  servicePartsLanding: landing,
  designServicesLanding: landing,
  installServicesLanding: landing,
  loveYourLook: content,
  literature: content,
  contactUs: content,
  press: content,
  newsletter: content,
  helpAndFaq: content,
  findModelNumber: content,
  knowledgeArticle: () => import('../pages/knowledge-article-page'),
  checkout: () => import('../pages/checkout-page'),
  orderConfirmation: () => import('../pages/order-confirmation-page'),
  orderStatus: () => import('../pages/order-status-page'),
  orderHistory: () => import('../pages/order-history-page'),
  orderDetails: () => import('../pages/order-details-page'),
  accountSettings: () => import('../pages/account-settings-page'),
  login: () => import('../pages/login-page'),
  registerProduct: () => import('../pages/register-product-page'),
};

/** The areas each screen resolves from the container, beyond what every first screen has. */
const areasOf: Partial<Record<RouteId, readonly Area[]>> = {
  // Checkout fills its address choices from the account's address book.
  checkout: ['account', 'checkout'],
  orderConfirmation: ['orders'],
  orderStatus: ['orders'],
  orderHistory: ['orders'],
  orderDetails: ['orders'],
  accountSettings: ['account'],
};

const placeholder = () => import('../pages/placeholder-page');

const pageRoutes = (loadAreas: LoadAreas): RouteObject[] =>
  (Object.keys(routes) as RouteId[]).map((id) => ({
    path: routes[id],
    handle: { routeId: id },
    lazy: async () => {
      const [module] = await Promise.all([
        (screens[id] ?? placeholder)(),
        loadAreas(areasOf[id] ?? []),
      ]);
      return { Component: module.default };
    },
  }));

/** The route tree; `loadAreas` binds what a screen needs before it renders. */
export const buildRoutes = (loadAreas: LoadAreas = areasLoaded): RouteObject[] => [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorFallback />,
    // While the first route's chunk loads: an empty, busy page (index.html already shows a frame).
    hydrateFallbackElement: <div className="app-loading" aria-busy="true" />,
    children: [
      ...pageRoutes(loadAreas),
      {
        path: '*',
        lazy: async () => ({ Component: (await import('../pages/not-found-page')).default }),
      },
    ],
  },
];

/** Routes for a container that already binds every area (tests, a server render). */
export const appRoutes: RouteObject[] = buildRoutes();

export const createRouter = (container: Container) =>
  createBrowserRouter(buildRoutes(container.get<LoadAreas>(TYPES.LoadAreas)));
