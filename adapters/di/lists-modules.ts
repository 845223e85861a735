/**
 * Shopping-list use cases (core/lists): the shopper's favorites. The same in the shop and the
 * offline demo; only the ShoppingListGateway differs.
 */
import { ContainerModule } from 'inversify';
import { LoadFavorites } from '../../core/lists/load-favorites';
import type { ShoppingListGateway } from '../../core/lists/ports';
import { ToggleFavorite } from '../../core/lists/toggle-favorite';
import { TYPES } from './types';

export const listsModule = new ContainerModule(({ bind }) => {
  bind<LoadFavorites>(TYPES.LoadFavorites)
    .toResolvedValue(
      (lists: ShoppingListGateway) => new LoadFavorites(lists),
      [TYPES.ShoppingListGateway],
    )
    .inSingletonScope();
  bind<ToggleFavorite>(TYPES.ToggleFavorite)
    .toResolvedValue(
      (lists: ShoppingListGateway) => new ToggleFavorite(lists),
      [TYPES.ShoppingListGateway],
    )
    .inSingletonScope();
});
