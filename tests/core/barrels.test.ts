/**
 * Every core area answers for its public API through its index.ts: an outside caller (a test, an
 * adapter, another team) imports `core/cart`, `core/account`… and finds the use cases, rules and
 * port types there, without knowing the area's file layout.
 */
import { describe, expect, it } from 'vitest';
import * as account from '../../core/account';
import * as auth from '../../core/auth';
import * as cart from '../../core/cart';
import * as catalog from '../../core/catalog';
import * as checkout from '../../core/checkout';
import * as compare from '../../core/compare';
import * as content from '../../core/content';
import * as lists from '../../core/lists';
import * as literature from '../../core/literature';
import * as newsletter from '../../core/newsletter';
import * as orders from '../../core/orders';
import * as registration from '../../core/registration';
import * as shared from '../../core/shared';
import * as stores from '../../core/stores';
import * as validation from '../../core/validation';

describe('core barrels', () => {
  it.each([
    ['account', account, ['ChangePassword', 'DeleteAccount', 'VersionConflictError']],
    ['auth', auth, ['SignIn', 'SignOut', 'SignUp', 'KeepSession', 'ResetPassword']],
    ['cart', cart, ['AddToCart', 'createCartUseCases', 'GetSharedCart', 'MergeGuestCart']],
    [
      'catalog',
      catalog,
      [
        'SearchProducts',
        'GetProductPage',
        'GetProductsBySku',
        'Typeahead',
        'RecordRecentlyViewed',
        'GetProductTiles',
        'TopSearches',
      ],
    ],
    ['checkout', checkout, ['ApplyForFinance']],
    ['compare', compare, ['AddToCompare', 'LoadCompare', 'RemoveFromCompare', 'ClearCompare']],
    ['content', content, ['LoadPage', 'GetHelpArticle', 'DEFAULT_CONFIGURATION']],
    ['lists', lists, ['LoadFavorites', 'ToggleListItem']],
    ['literature', literature, ['safeZipFileName', 'groupByFamily', 'LiteratureDownloadError']],
    ['newsletter', newsletter, ['SubscribeToNewsletter', 'ConfirmNewsletter', 'opensByItself']],
    ['orders', orders, ['FindOrder', 'ListOrders', 'GetOrder', 'GetChildOrders']],
    ['registration', registration, ['SubmitProductRegistration']],
    ['shared', shared, ['ManualClock']],
    ['stores', stores, ['FindNearbyStores']],
    ['validation', validation, ['ValidatePostalCode']],
  ] as const)('core/%s exports its use cases and rules', (_area, barrel, names) => {
    for (const name of names) expect(barrel, name).toHaveProperty(name);
  });
});
