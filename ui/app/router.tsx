/**
 * Routes come from the pinned table in core/content/routes.ts; each screen is its own lazily loaded
 * chunk. Screens not built yet render a plain "coming soon" page with their h1.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { routes, type RouteId } from '../../core/content/routes';
import { RouteErrorFallback } from './error-boundary';
import { RootLayout } from './root-layout';

type PageModule = { default: ComponentType };

/** Screens that exist; every other pinned route gets the placeholder. */
const screens: Partial<Record<RouteId, () => Promise<PageModule>>> = {
  home: () => import('../pages/home-page'),
};

const placeholder = () => import('../pages/placeholder-page');

const pageRoutes: RouteObject[] = (Object.keys(routes) as RouteId[]).map((id) => ({
  path: routes[id],
  handle: { routeId: id },
  lazy: async () => {
    const module = await (screens[id] ?? placeholder)();
    return { Component: module.default };
  },
}));

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorFallback />,
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
