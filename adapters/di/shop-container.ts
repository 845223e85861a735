/**
 * The shop's composition root: the first-screen graph over HTTP now, every other area
 * (./areas.ts) when a route first asks for it through TYPES.LoadAreas.
 */
import type { Container } from 'inversify';
import { bindAreaLoader } from './areas';
import { baseContainer, type ContainerEnvironment } from './container-base';
import { httpAdapters, httpAreas } from './http-adapters';

export const buildShopContainer = (environment: ContainerEnvironment): Container => {
  const container = baseContainer(environment, httpAdapters);
  bindAreaLoader(container, httpAreas);
  return container;
};
