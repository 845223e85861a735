import 'reflect-metadata';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { browserStorage } from '../adapters/di/browser';
import { buildContainer, type AdapterModules } from '../adapters/di/build-container';
import { httpAdapters } from '../adapters/di/http-adapters';
import type { EnsureSession } from '../core/auth/ensure-session';
import { PageAnswerReplay } from '../adapters/di/page-answers';
import { TYPES, defaultAppConfig } from '../adapters/di/types';
import { ContainerProvider } from './app/container-context';
import { prepareFirstView, resolveLazyRoutes } from './app/first-view';
import { PreparedViewModels } from './app/prepared';
import { appRoutes, createRouter } from './app/router';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';

/**
 * The offline demo (npm run demo) loads its fakes and seeded catalogue before the container is
 * built, through a dynamic import in a branch the build-time define folds away in the shop's
 * build: the shop's entry carries no fake code (rule shop-entry-carries-no-fakes in
 * .dependency-cruiser.cjs; tests/e2e/shop-bundle.test.ts checks the build).
 */
const demoAdapters = async (): Promise<AdapterModules> => {
  const { loadFakeAdapters } = await import('../adapters/di/fake-adapters');
  return loadFakeAdapters(async (url) => (await fetch(url)).json());
};

// A page the server rendered carries the answers its first view was drawn with.
const answers = PageAnswerReplay.fromDocument(document);

const container = buildContainer(
  {
    config: {
      ...defaultAppConfig,
      apiBaseUrl: import.meta.env.VITE_API_BASE_URL ?? defaultAppConfig.apiBaseUrl,
      ...(answers === null ? {} : { pageAnswers: answers }),
    },
    storage: browserStorage(() => window.localStorage),
    sessionStorage: browserStorage(() => window.sessionStorage),
  },
  __LAVABO_ADAPTERS__ === 'fake' ? await demoAdapters() : httpAdapters,
);

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
  // Server-rendered (ui/entry-server.tsx): load the same screens and view models over the
  // embedded answers, then hydrate, so the first render is the server's HTML.
  const location = { pathname: window.location.pathname, search: window.location.search };
  const prepared = new PreparedViewModels();
  await Promise.all([
    resolveLazyRoutes(appRoutes, location),
    prepareFirstView(location, container, prepared, () => answers.settled()),
  ]);
  // Whatever the first view did not ask for again is not handed out later: it may be stale.
  answers.close();
  hydrateRoot(
    root,
    <StrictMode>
      <ContainerProvider container={container} prepared={prepared}>
        <RouterProvider router={createRouter()} />
      </ContainerProvider>
    </StrictMode>,
  );
} else {
  createRoot(root).render(
    <StrictMode>
      <ContainerProvider container={container}>
        <RouterProvider router={createRouter()} />
      </ContainerProvider>
    </StrictMode>,
  );
}
