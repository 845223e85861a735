import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { browserStorage } from '../adapters/di/browser';
import { buildContainer, type AdapterModules } from '../adapters/di/build-container';
import { httpAdapters } from '../adapters/di/http-adapters';
import type { EnsureSession } from '../core/auth/ensure-session';
import { TYPES, defaultAppConfig } from '../adapters/di/types';
import { ContainerProvider } from './app/container-context';
import { createRouter } from './app/router';
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

const container = buildContainer(
  {
    config: {
      ...defaultAppConfig,
      apiBaseUrl: import.meta.env.VITE_API_BASE_URL ?? defaultAppConfig.apiBaseUrl,
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

createRoot(root).render(
  <StrictMode>
    <ContainerProvider container={container}>
      <RouterProvider router={createRouter()} />
    </ContainerProvider>
  </StrictMode>,
);
