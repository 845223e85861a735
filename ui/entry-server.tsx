/**
 * The server's entry (issue 15): renders the first view of a catalogue or content page to HTML with
 * the same components and view models as the browser, and hands back the answers its view models
 * loaded, for the page to embed. Built by `vite build --ssr` into dist/server/entry-server.js and
 * loaded by server/render/page-renderer.ts; nothing here runs in the browser.
 */
import 'reflect-metadata';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  StaticRouterProvider,
  createStaticHandler,
  createStaticRouter,
  type StaticHandlerContext,
} from 'react-router';
import type { AxiosAdapter } from 'axios';
import { buildShopContainer } from '../adapters/di/shop-container';
import { MemoryStorage, PageAnswerLog, type RecordedAnswers } from '../adapters/di/page-answers';
import { defaultAppConfig } from '../adapters/di/types';
import { ContainerProvider } from './app/container-context';
import { prepareFirstView, serverRenderedRoute } from './app/first-view';
import { PreparedViewModels } from './app/prepared';
import { routesOf } from './app/router';
import { screenSource } from './app/screens';
import type { RouteId } from '../core/content/routes';

export interface RenderRequest {
  /** The page's path and query, e.g. `/en/products/kitchen-faucets?sort=price+asc`. */
  readonly url: string;
  /** How the view models' calls reach the API (the server answers them in process). */
  readonly httpAdapter: AxiosAdapter;
  /** A guest token the server issued for this render. */
  readonly bearer: string;
  /** The configuration the page inlines (`#lavabo-config`): the first view is drawn with it. */
  readonly configuration?: unknown;
}

export interface RenderedPage {
  readonly routeId: RouteId;
  /** The route's screen as Vite's manifest names it, for its chunk's files (./app/screens.ts). */
  readonly screen: string;
  /** What goes in `<head>`: the page's title, description and canonical link, as React hoisted them. */
  readonly head: string;
  /** What goes in `#root`. */
  readonly body: string;
  /** The answers the first view was drawn with (adapters/http/page-answers.ts). */
  readonly answers: RecordedAnswers;
}

/** Elements React 19 hoists out of the tree: renderToString puts them first. */
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)+/;

/** The first view of `url`, or null when the browser renders that page on its own. */
export const renderPage = async (request: RenderRequest): Promise<RenderedPage | null> => {
  const url = new URL(request.url, 'http://localhost');
  const routeId = serverRenderedRoute(url.pathname);
  if (routeId === null) return null;

  const answers = new PageAnswerLog(request.bearer);
  // The browser's container (areas load as screens need them), answering in process.
  const container = buildShopContainer({
    config: {
      ...defaultAppConfig,
      pageAnswers: answers,
      httpAdapter: request.httpAdapter,
      ...(request.configuration === undefined
        ? {}
        : { inlineConfiguration: () => JSON.stringify(request.configuration) }),
    },
    storage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
  });
  const prepared = new PreparedViewModels();
  await prepareFirstView({ pathname: url.pathname, search: url.search }, container, prepared, () =>
    answers.settled(),
  );

  const handler = createStaticHandler(routesOf(container));
  const context = await handler.query(new Request(url.href));
  // No route has a loader or an action: the handler only resolves the lazy screens.
  if (context instanceof Response) return null;
  const html = renderToString(
    <StrictMode>
      <ContainerProvider container={container} prepared={prepared}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context as StaticHandlerContext)}
          context={context}
          hydrate={false}
        />
      </ContainerProvider>
    </StrictMode>,
  );
  const head = HOISTED.exec(html)?.[0] ?? '';
  return {
    routeId,
    screen: screenSource(routeId),
    head,
    body: html.slice(head.length),
    answers: answers.toJSON(),
  };
};
