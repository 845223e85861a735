/**
 * Areas of the object graph that no first screen needs: the shop's composition root
 * (./shop-container.ts) loads each one the first time a route asks for it, so their use cases,
 * gateways and io-ts codecs stay out of the entry bundle (bench/bundle.ts). Routes name the areas
 * they need (ui/app/router.tsx) and get them through TYPES.LoadAreas, whichever build runs them:
 * the offline demo and the tests bind everything up front (./build-container.ts), where loading is
 * a no-op.
 */
import type { Container, ContainerModule } from 'inversify';
import { TYPES } from './types';

export type Area =
  | 'account'
  | 'analytics'
  | 'checkout'
  | 'orders'
  | 'newsletter'
  | 'registration'
  | 'stores'
  | 'literature';

/** Resolves once every named area is bound in the container. */
export type LoadAreas = (areas: readonly Area[]) => Promise<void>;

/** Each area's modules (its use cases and its gateways), fetched when first needed. */
export type AreaModules = Readonly<Record<Area, () => Promise<readonly ContainerModule[]>>>;

/** Every area is already bound. */
export const areasLoaded: LoadAreas = async () => undefined;

/**
 * Binds TYPES.LoadAreas to a loader that fetches each area's modules once and loads them into the
 * container. A failed fetch (the shopper went offline, a new deploy replaced the chunk) is
 * forgotten, so the next navigation that needs the area tries again.
 */
export const bindAreaLoader = (container: Container, modules: AreaModules): void => {
  const loading = new Map<Area, Promise<void>>();
  const load = (area: Area): Promise<void> => {
    const known = loading.get(area);
    if (known !== undefined) return known;
    const pending = modules[area]().then(
      (list) => container.load(...list),
      (error: unknown) => {
        loading.delete(area);
        throw error;
      },
    );
    loading.set(area, pending);
    return pending;
  };
  container
    .bind<LoadAreas>(TYPES.LoadAreas)
    .toConstantValue(async (areas) => void (await Promise.all(areas.map(load))));
};
