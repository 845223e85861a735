/**
 * Shopping-list use cases (core/lists): the shopper's favorites, saved products and saved services. The same in
 * the shop and the offline demo; only the ShoppingListGateway differs.
 */
import { ContainerModule } from 'inversify';
import { LoadFavorites, LoadList } from '../../core/lists/load-favorites';
import type { ShoppingListGateway } from '../../core/lists/ports';
import { FAVORITES, MY_PRODUCTS, MY_SERVICES } from '../../core/lists/shopping-list';
import { ToggleListItem } from '../../core/lists/toggle-list-item';
import { TYPES } from './types';

export const listsModule = new ContainerModule(({ bind }) => {
  bind<LoadFavorites>(TYPES.LoadFavorites)
    .toResolvedValue(
      (lists: ShoppingListGateway) => new LoadFavorites(lists),
      [TYPES.ShoppingListGateway],
    )
    .inSingletonScope();
  bind<ToggleListItem>(TYPES.ToggleFavorite)
    .toResolvedValue(
      (lists: ShoppingListGateway) => new ToggleListItem(lists, FAVORITES),
      [TYPES.ShoppingListGateway],
    )
    .inSingletonScope();
  bind<LoadList>(TYPES.LoadSavedProducts)
    .toResolvedValue(
      (lists: ShoppingListGateway) => new LoadList(lists, MY_PRODUCTS),
      [TYPES.ShoppingListGateway],
    )
    .inSingletonScope();
  bind<ToggleListItem>(TYPES.ToggleMyProduct)
    .toResolvedValue(
      (lists: ShoppingListGateway) => new ToggleListItem(lists, MY_PRODUCTS),
      [TYPES.ShoppingListGateway],
    )
    .inSingletonScope();
  bind<LoadList>(TYPES.LoadSavedServices)
    .toResolvedValue(
      (lists: ShoppingListGateway) => new LoadList(lists, MY_SERVICES),
      [TYPES.ShoppingListGateway],
    )
    .inSingletonScope();
  bind<ToggleListItem>(TYPES.ToggleMyService)
    .toResolvedValue(
      (lists: ShoppingListGateway) => new ToggleListItem(lists, MY_SERVICES),
      [TYPES.ShoppingListGateway],
    )
    .inSingletonScope();
});
