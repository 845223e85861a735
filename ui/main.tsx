import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import type { EnsureSession } from '../core/auth/ensure-session';
import { PageAnswerReplay } from '../adapters/di/page-answers';
import { TYPES } from '../adapters/di/types';
import { markFirstRenderDone } from './app/after-hydration';
import { createAppContainer } from './app/app-container';
import { ContainerProvider } from './app/container-context';
import { prepareFirstView, resolveLazyRoutes } from './app/first-view';
import { PreparedViewModels } from './app/prepared';
import { createRouter, routesOf } from './app/router';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';

/**
 * Hands the main thread back to the browser between the start's steps, so that each is a task of
 * its own and a tap or a key in between is answered (issue 15: on a phone each step is a long
 * task). `scheduler.yield` where the browser has it, which resumes ahead of other tasks.
 */
const yieldToBrowser = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
};

/**
 * Starts the app. Not top-level await: the entry shares its chunk with what the screens import, so
 * a screen's chunk imported while the entry is still being evaluated would wait for the entry,
 * which waits for it.
 */
const start = async (): Promise<void> => {
  // The entry's own evaluation is one task; building the container is the next.
  await yieldToBrowser();
  // A page the server rendered carries the answers its first view was drawn with.
  const answers = PageAnswerReplay.fromDocument(document);

  const container = await createAppContainer(answers === null ? {} : { pageAnswers: answers });
  await yieldToBrowser();

  // The guest token is fetched now, in parallel with the first route's chunk, so the first data
  // request does not wait on a chain (ARCHITECTURE.md, delivery and speed). The shell awaits the
  // same round trip (EnsureSession shares concurrent calls) and reports a failure.
  void container
    .get<EnsureSession>(TYPES.EnsureSession)
    .execute()
    .catch(() => undefined);

  const root = document.getElementById('root');
  if (root === null) throw new Error('index.html has no #root');

  if (answers !== null && root.firstElementChild !== null) {
    // Server-rendered (ui/entry-server.tsx): load the same screens (with the areas they need) and
    // view models over the embedded answers, then hydrate, so the first render is the server's HTML.
    const location = { pathname: window.location.pathname, search: window.location.search };
    const routes = routesOf(container);
    const prepared = new PreparedViewModels();
    await yieldToBrowser();
    await resolveLazyRoutes(routes, location);
    await yieldToBrowser();
    await prepareFirstView(location, container, prepared, () => answers.settled());
    // Whatever the first view did not ask for again is not handed out later: it may be stale.
    answers.close();
    await yieldToBrowser();
    // Hydration in a transition is rendered in slices that yield to the browser every few
    // milliseconds; outside one, React hydrates the whole page in one task. The page is already
    // on screen and its links work, so nothing waits on it; a tap on a part not yet hydrated is
    // replayed once that part is.
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <ContainerProvider container={container} prepared={prepared}>
            <RouterProvider router={createRouter(container, routes)} />
          </ContainerProvider>
        </StrictMode>,
      );
    });
  } else {
    // Nothing to hydrate: what waits for hydration draws in the first render.
    markFirstRenderDone();
    createRoot(root).render(
      <StrictMode>
        <ContainerProvider container={container}>
          <RouterProvider router={createRouter(container)} />
        </ContainerProvider>
      </StrictMode>,
    );
  }
};

void start();
