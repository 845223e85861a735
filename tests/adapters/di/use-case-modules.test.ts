/**
 * The use cases are bound once, per core area, for both builds: the shop's container (HTTP
 * adapters) and the offline demo's (fakes) resolve every one of them to the same core class, and
 * the shop's entry list of adapters still brings no fake with it.
 */
import { describe, expect, it } from 'vitest';
import { createContainer, type AdapterMode } from '../../../adapters/di/container';
import { defaultAppConfig, TYPES } from '../../../adapters/di/types';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import { ChangePassword } from '../../../core/account/change-password';
import { DeleteAccount } from '../../../core/account/delete-account';
import { RequestPasswordReset, ResetPassword } from '../../../core/auth/reset-password';
import { SignIn } from '../../../core/auth/sign-in';
import { SignOut } from '../../../core/auth/sign-out';
import { SignUp } from '../../../core/auth/sign-up';
import { GetSharedCart } from '../../../core/cart/get-shared-cart';
import { ChooseProductsPerPage } from '../../../core/catalog/choose-products-per-page';
import { GetProductPage, GetProductsBySku } from '../../../core/catalog/get-product-page';
import { GetProductTiles } from '../../../core/catalog/get-product-tiles';
import { GetProductsPerPage } from '../../../core/catalog/get-products-per-page';
import { RecordRecentlyViewed } from '../../../core/catalog/record-recently-viewed';
import { SearchProducts } from '../../../core/catalog/search-products';
import { TopSearches } from '../../../core/catalog/top-searches';
import { Typeahead } from '../../../core/catalog/typeahead';
import { AddToCompare } from '../../../core/compare/add-to-compare';
import { ClearCompare } from '../../../core/compare/clear-compare';
import { CompareFromLink } from '../../../core/compare/compare-from-link';
import { EnableCompare } from '../../../core/compare/enable-compare';
import { LoadCompare } from '../../../core/compare/load-compare';
import { RemoveFromCompare } from '../../../core/compare/remove-from-compare';
import { GetHelpArticle } from '../../../core/content/get-help-article';
import { LoadPage } from '../../../core/content/load-page';
import { LoadFavorites, LoadList } from '../../../core/lists/load-favorites';
import { ToggleListItem } from '../../../core/lists/toggle-list-item';
import { FindOrder } from '../../../core/orders/find-order';
import { GetChildOrders } from '../../../core/orders/get-child-orders';
import { GetOrder } from '../../../core/orders/get-order';
import { ListOrders } from '../../../core/orders/list-orders';

const USE_CASES: readonly (readonly [
  keyof typeof TYPES,
  abstract new (...args: never[]) => unknown,
])[] = [
  ['SignIn', SignIn],
  ['SignOut', SignOut],
  ['SignUp', SignUp],
  ['RequestPasswordReset', RequestPasswordReset],
  ['ResetPassword', ResetPassword],
  ['GetSharedCart', GetSharedCart],
  ['SearchProducts', SearchProducts],
  ['TopSearches', TopSearches],
  ['GetProductsPerPage', GetProductsPerPage],
  ['ChooseProductsPerPage', ChooseProductsPerPage],
  ['GetProductPage', GetProductPage],
  ['GetProductsBySku', GetProductsBySku],
  ['GetProductTiles', GetProductTiles],
  ['RecordRecentlyViewed', RecordRecentlyViewed],
  ['Typeahead', Typeahead],
  ['LoadPage', LoadPage],
  ['GetHelpArticle', GetHelpArticle],
  ['LoadCompare', LoadCompare],
  ['AddToCompare', AddToCompare],
  ['RemoveFromCompare', RemoveFromCompare],
  ['ClearCompare', ClearCompare],
  ['EnableCompare', EnableCompare],
  ['CompareFromLink', CompareFromLink],
  ['LoadFavorites', LoadFavorites],
  ['ToggleFavorite', ToggleListItem],
  ['ToggleMyProduct', ToggleListItem],
  ['LoadSavedProducts', LoadList],
  ['ToggleMyService', ToggleListItem],
  ['LoadSavedServices', LoadList],
  ['FindOrder', FindOrder],
  ['ListOrders', ListOrders],
  ['GetOrder', GetOrder],
  ['GetChildOrders', GetChildOrders],
  ['ChangePassword', ChangePassword],
  ['DeleteAccount', DeleteAccount],
];

const container = (mode: AdapterMode) =>
  createContainer({
    mode,
    config: defaultAppConfig,
    storage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
  });

describe.each(['http', 'fake'] as const)('use case modules (%s adapters)', (mode) => {
  it.each(USE_CASES)('binds TYPES.%s to its core use case, once', (id, UseCase) => {
    const c = container(mode);
    const useCase = c.get(TYPES[id]);
    expect(useCase).toBeInstanceOf(UseCase);
    expect(c.get(TYPES[id])).toBe(useCase);
  });
});
