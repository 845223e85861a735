/**
 * Routes come from the pinned table in core/content/routes.ts; each screen is its own lazily loaded
 * chunk. Screens not built yet render a plain "coming soon" page with their h1.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
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

const pageRoutes: RouteObject[] = (Object.keys(routes) as RouteId[]).map((id) => ({
  path: routes[id],
  handle: { routeId: id },
  lazy: async () => {
    const module = await pageModuleOf(id);
    return { Component: module.default };
  },
}));

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorFallback />,
    // While the first route's chunk loads: an empty, busy page (index.html already shows a frame).
    hydrateFallbackElement: <div className="app-loading" aria-busy="true" />,
    children: [
      ...pageRoutes,
      {
        path: '*',
        lazy: async () => ({ Component: (await import('../pages/not-found-page')).default }),
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(appRoutes);
