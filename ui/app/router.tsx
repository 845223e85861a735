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
import type { PreparePage } from './prepared';
import { RootLayout } from './root-layout';
import { screenSource } from './screens';

/** A screen's module: the screen, and how to load its first view before rendering (./prepared.ts). */
export type PageModule = { default: ComponentType; prepare?: PreparePage };

/** Every screen under ui/pages/, each its own lazily loaded chunk. */
const pages = import.meta.glob<PageModule>('../pages/*-page.tsx');

/** The module of a pinned route's screen (the placeholder for one not built yet). */
export const pageModuleOf = (id: RouteId): Promise<PageModule> => {
  const load = pages[`../${screenSource(id)}`];
  if (load === undefined) throw new Error(`No screen file for route ${id}`);
  return load();
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
  newsletter: ['newsletter'],
  // The owner's part starts from the customer's saved address (checkout's address book).
  registerOffline: ['registration', 'account', 'checkout'],
  registerOnline: ['registration'],
  myProducts: ['registration'],
  myServices: ['registration'],
  stores: ['stores'],
};

const pageRoutes = (loadAreas: LoadAreas): RouteObject[] =>
  (Object.keys(routes) as RouteId[]).map((id) => ({
    path: routes[id],
    handle: { routeId: id },
    lazy: async () => {
      const [module] = await Promise.all([pageModuleOf(id), loadAreas(areasOf[id] ?? [])]);
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

/** The route tree of the browser's container: areas load with the screens that need them. */
export const routesOf = (container: Container): RouteObject[] =>
  buildRoutes(container.get<LoadAreas>(TYPES.LoadAreas));

export const createRouter = (container: Container, routes: RouteObject[] = routesOf(container)) =>
  createBrowserRouter(routes);
