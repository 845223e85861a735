/**
 * Compare use cases (core/compare) over the persisted compare slice (TYPES.CompareStore, browser
 * storage in both builds) and the clock that expires its products.
 */
import { ContainerModule } from 'inversify';
import { AddToCompare } from '../../core/compare/add-to-compare';
import { ClearCompare } from '../../core/compare/clear-compare';
import { CompareFromLink } from '../../core/compare/compare-from-link';
import { EnableCompare } from '../../core/compare/enable-compare';
import { LoadCompare } from '../../core/compare/load-compare';
import type { CompareStore } from '../../core/compare/ports';
import { RemoveFromCompare } from '../../core/compare/remove-from-compare';
import type { Clock } from '../../core/shared/clock';
import { compareExpiryOf } from '../../core/compare/compare-state';
import type { ConfigurationGateway } from '../../core/content/ports';
import { DEFAULT_CONFIGURATION } from '../../core/content/default-configuration';
import { TYPES } from './types';

/** The configuration's expireTime (spec §3) as it is when a product is added. */
const configuredExpiry = (configuration: ConfigurationGateway) => (): number =>
  compareExpiryOf(configuration.current?.() ?? DEFAULT_CONFIGURATION);

export const compareModule = new ContainerModule(({ bind }) => {
  bind<LoadCompare>(TYPES.LoadCompare)
    .toResolvedValue(
      (store: CompareStore, clock: Clock) => new LoadCompare(store, clock),
      [TYPES.CompareStore, TYPES.Clock],
    )
    .inSingletonScope();
  bind<AddToCompare>(TYPES.AddToCompare)
    .toResolvedValue(
      (store: CompareStore, clock: Clock, configuration: ConfigurationGateway) =>
        new AddToCompare(store, clock, configuredExpiry(configuration)),
      [TYPES.CompareStore, TYPES.Clock, TYPES.ConfigurationGateway],
    )
    .inSingletonScope();
  bind<RemoveFromCompare>(TYPES.RemoveFromCompare)
    .toResolvedValue(
      (store: CompareStore, clock: Clock) => new RemoveFromCompare(store, clock),
      [TYPES.CompareStore, TYPES.Clock],
    )
    .inSingletonScope();
  bind<ClearCompare>(TYPES.ClearCompare)
    .toResolvedValue((store: CompareStore) => new ClearCompare(store), [TYPES.CompareStore])
    .inSingletonScope();
  bind<EnableCompare>(TYPES.EnableCompare)
    .toResolvedValue((store: CompareStore) => new EnableCompare(store), [TYPES.CompareStore])
    .inSingletonScope();
  bind<CompareFromLink>(TYPES.CompareFromLink)
    .toResolvedValue(
      (store: CompareStore, clock: Clock, configuration: ConfigurationGateway) =>
        new CompareFromLink(store, clock, configuredExpiry(configuration)),
      [TYPES.CompareStore, TYPES.Clock, TYPES.ConfigurationGateway],
    )
    .inSingletonScope();
});
