import 'reflect-metadata';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createContainer } from '../adapters/di/container';
import type { EnsureSession } from '../core/auth/ensure-session';
import { TYPES, defaultAppConfig } from '../adapters/di/types';
import { loadDemoData } from '../adapters/fake/demo-data';
import { MemoryStorage } from '../adapters/storage/memory-storage';
import { ContainerProvider } from './app/container-context';
import { createRouter } from './app/router';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';

const browserStorage = (which: () => Storage): Storage => {
  try {
    const storage = which();
    const probe = '__lavabo__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return new MemoryStorage();
  }
};

// The offline demo loads its seeded catalogue before the container is built.
const demoData =
  __LAVABO_ADAPTERS__ === 'fake'
    ? await loadDemoData(async (url) => (await fetch(url)).json())
    : undefined;

const container = createContainer({
  mode: __LAVABO_ADAPTERS__,
  config: {
    ...defaultAppConfig,
    apiBaseUrl: import.meta.env.VITE_API_BASE_URL ?? defaultAppConfig.apiBaseUrl,
  },
  storage: browserStorage(() => window.localStorage),
  sessionStorage: browserStorage(() => window.sessionStorage),
  ...(demoData === undefined ? {} : { demoData }),
});

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
