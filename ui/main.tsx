import 'reflect-metadata';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createContainer } from '../adapters/di/container';
import { defaultAppConfig } from '../adapters/di/types';
import { MemoryStorage } from '../adapters/storage/memory-storage';
import { ContainerProvider } from './app/container-context';
import { createRouter } from './app/router';
import './styles/tokens.css';
import './styles/base.css';

const browserStorage = (): Storage => {
  try {
    const probe = '__lavabo__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    return new MemoryStorage();
  }
};

const container = createContainer({
  mode: __LAVABO_ADAPTERS__,
  config: {
    ...defaultAppConfig,
    apiBaseUrl: import.meta.env.VITE_API_BASE_URL ?? defaultAppConfig.apiBaseUrl,
  },
  storage: browserStorage(),
});

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <ContainerProvider container={container}>
      <RouterProvider router={createRouter()} />
    </ContainerProvider>
  </StrictMode>,
);
