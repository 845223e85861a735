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
import { TYPES } from './types';

export const compareModule = new ContainerModule(({ bind }) => {
  bind<LoadCompare>(TYPES.LoadCompare)
    .toResolvedValue(
      (store: CompareStore, clock: Clock) => new LoadCompare(store, clock),
      [TYPES.CompareStore, TYPES.Clock],
    )
    .inSingletonScope();
  bind<AddToCompare>(TYPES.AddToCompare)
    .toResolvedValue(
      (store: CompareStore, clock: Clock) => new AddToCompare(store, clock),
      [TYPES.CompareStore, TYPES.Clock],
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
      (store: CompareStore, clock: Clock) => new CompareFromLink(store, clock),
      [TYPES.CompareStore, TYPES.Clock],
    )
    .inSingletonScope();
});
