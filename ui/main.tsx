import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import type { EnsureSession } from '../core/auth/ensure-session';
import { TYPES } from '../adapters/di/types';
import { createAppContainer } from './app/app-container';
import { ContainerProvider } from './app/container-context';
import { createRouter } from './app/router';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';

const container = await createAppContainer();

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
      <RouterProvider router={createRouter(container)} />
    </ContainerProvider>
  </StrictMode>,
);
