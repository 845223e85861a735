/**
 * The container the ui tests render with: the offline demo's own (adapters/di/container.ts, fake
 * mode: every use case module and every fake gateway), on in-memory storage, with the per-test
 * replacements a test asks for bound over the demo's. Screens resolve their use cases from it just
 * as in the app, so a test never has to know which ports a screen's use cases need.
 */
import type { Container } from 'inversify';
import { createContainer } from '../../../adapters/di/container';
import { defaultAppConfig, TYPES, type AppConfig } from '../../../adapters/di/types';
import type { DemoData } from '../../../adapters/fake/demo-data';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';

export type ServiceName = keyof typeof TYPES;

/** Replacements by TYPES name, e.g. `{ CatalogSearch: search, Clock: new ManualClock(NOW) }`. */
export type Overrides = { readonly [K in ServiceName]?: unknown };

export interface TestContainerOptions {
  /** The demo's catalogue and configuration; without it the fakes serve an empty shop. */
  readonly demoData?: DemoData;
  readonly config?: Partial<AppConfig>;
  /** localStorage stand-in (auth, cart pointer, compare, browsing history). */
  readonly storage?: Storage;
  /** sessionStorage stand-in (products per page). */
  readonly sessionStorage?: Storage;
  /** Constant values bound in place of the demo's, before anything is resolved. */
  readonly overrides?: Overrides;
  /** For anything else (toService, a dynamic value): runs after the overrides. */
  readonly prepare?: (container: Container) => void;
}

export const testContainer = ({
  demoData,
  config,
  storage = new MemoryStorage(),
  sessionStorage = new MemoryStorage(),
  overrides = {},
  prepare,
}: TestContainerOptions = {}): Container => {
  const container = createContainer({
    mode: 'fake',
    config: { ...defaultAppConfig, ...config },
    storage,
    sessionStorage,
    ...(demoData === undefined ? {} : { demoData }),
  });
  for (const [name, value] of Object.entries(overrides)) {
    container.rebind(TYPES[name as ServiceName]).toConstantValue(value);
  }
  prepare?.(container);
  return container;
};

/**
 * The container as a test's own `bind` callback sees it: `bind` replaces what the demo bound
 * (rebind) instead of adding a second, ambiguous binding.
 */
export const overriding = (container: Container): Container =>
  new Proxy(container, {
    get(target, property) {
      if (property === 'bind') {
        return (id: symbol) => (target.isBound(id) ? target.rebind(id) : target.bind(id));
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
