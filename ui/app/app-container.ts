/**
 * The browser's composition root: the shop's container (first-screen areas now, the rest when a
 * route needs them), or in the offline demo (npm run demo) every fake and the seeded catalogue.
 * The demo's modules load through dynamic imports in a branch the build-time define folds away in
 * the shop's build: the shop's entry carries no fake code (rule shop-entry-carries-no-fakes in
 * .dependency-cruiser.cjs; tests/e2e/shop-bundle.test.ts checks the build).
 */
import type { Container } from 'inversify';
import { browserStorage } from '../../adapters/di/browser';
import type { ContainerEnvironment } from '../../adapters/di/container-base';
import { buildShopContainer } from '../../adapters/di/shop-container';
import { defaultAppConfig, type AppConfig } from '../../adapters/di/types';

const demoContainer = async (environment: ContainerEnvironment): Promise<Container> => {
  const [{ loadFakeAdapters }, { buildContainer }] = await Promise.all([
    import('../../adapters/di/fake-adapters'),
    import('../../adapters/di/build-container'),
  ]);
  return buildContainer(
    environment,
    await loadFakeAdapters(async (url) => (await fetch(url)).json()),
  );
};

/** `config` adds to the defaults, e.g. the answers of a server-rendered page (docs/rendering.md). */
export const createAppContainer = async (config: Partial<AppConfig> = {}): Promise<Container> => {
  const environment: ContainerEnvironment = {
    config: {
      ...defaultAppConfig,
      apiBaseUrl: import.meta.env.VITE_API_BASE_URL ?? defaultAppConfig.apiBaseUrl,
      ...config,
    },
    storage: browserStorage(() => window.localStorage),
    sessionStorage: browserStorage(() => window.sessionStorage),
  };
  return __LAVABO_ADAPTERS__ === 'fake'
    ? demoContainer(environment)
    : buildShopContainer(environment);
};
