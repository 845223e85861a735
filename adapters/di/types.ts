import type { AxiosAdapter } from 'axios';
import type { PageAnswers } from '../http/page-answers';
/** Inversify service identifiers: one Symbol per port or service, in one place. */
export const TYPES = {
  AppConfig: Symbol.for('AppConfig'),
  Clock: Symbol.for('Clock'),
  IdGenerator: Symbol.for('IdGenerator'),
  Storage: Symbol.for('Storage'),
  TokenStore: Symbol.for('TokenStore'),
  TokenGateway: Symbol.for('TokenGateway'),
  ApiClient: Symbol.for('ApiClient'),
  EnsureSession: Symbol.for('EnsureSession'),
  /** Loads areas of the graph a route needs before it renders (./areas.ts). */
  LoadAreas: Symbol.for('LoadAreas'),
  /** The newsletter campaign dialog's page views, dismissal and subscription. */
  CampaignStore: Symbol.for('CampaignStore'),
  /** The promo banner and site-wide warning dismissed or shown in this visit. */
  SeenNotices: Symbol.for('SeenNotices'),
  /** The shell's one toaster (ui/shell/toaster.ts binds it on first use: the store is ui's). */
  /** The literature documents and their zip (core/literature/ports.ts). */
  LiteratureGateway: Symbol.for('LiteratureGateway'),
  /** Session storage (products per page); local storage is TYPES.Storage. */
  SessionStorage: Symbol.for('SessionStorage'),
  // Catalogue ports (core/catalog/ports.ts, core/content/ports.ts).
  CatalogSearch: Symbol.for('CatalogSearch'),
  ProductCatalog: Symbol.for('ProductCatalog'),
  ContentRepository: Symbol.for('ContentRepository'),
  ConfigurationGateway: Symbol.for('ConfigurationGateway'),
  /** The author preview (core/content/author-preview.ts). */
  AuthorPreview: Symbol.for('AuthorPreview'),
  CompareStore: Symbol.for('CompareStore'),
  BrowsingHistoryStore: Symbol.for('BrowsingHistoryStore'),
  PerPageMemory: Symbol.for('PerPageMemory'),
  HelpArticles: Symbol.for('HelpArticles'),
  /** Shopping lists: Favorites, MyProducts, MyServices (core/lists/ports.ts). */
  ShoppingListGateway: Symbol.for('ShoppingListGateway'),
  // Cart (core/cart/ports.ts; bindings in ./cart-modules.ts).
  CartGateway: Symbol.for('CartGateway'),
  /** The active cart pointer; the bound store is observable (LocalStorageActiveCartStore). */
  ActiveCartStore: Symbol.for('ActiveCartStore'),
  AnonymousIdStore: Symbol.for('AnonymousIdStore'),
  ShopperSession: Symbol.for('ShopperSession'),
  CartConfiguration: Symbol.for('CartConfiguration'),
  /** Every cart use case in one bundle (core/cart/cart-use-cases.ts) for the cart screens. */
  CartUseCases: Symbol.for('CartUseCases'),
  /** Merge the guest cart after sign-in (core/cart/merge-guest-cart.ts). */
  MergeGuestCart: Symbol.for('MergeGuestCart'),
  // Checkout (core/checkout/checkout.ts, ports.ts; bindings in ./checkout-modules.ts).
  CheckoutGateway: Symbol.for('CheckoutGateway'),
  FinanceGateway: Symbol.for('FinanceGateway'),
  // Checkout's use cases for the screen (core/checkout/checkout-use-cases.ts).
  CheckoutUseCases: Symbol.for('CheckoutUseCases'),
  /** The offline demo's seeded catalogue (adapters/fake/demo-data.ts), for the fake adapters. */
  DemoData: Symbol.for('DemoData'),
  // Identity (core/auth/ports.ts) and the session use cases.
  IdentityProvider: Symbol.for('IdentityProvider'),
  CustomerAccounts: Symbol.for('CustomerAccounts'),
  CustomerTokenGateway: Symbol.for('CustomerTokenGateway'),
  ClaimsReader: Symbol.for('ClaimsReader'),
  SignIn: Symbol.for('SignIn'),
  /** Two-step sign-in's second step: the provider port and its use case (core/auth/second-step.ts). */
  SecondStepProvider: Symbol.for('SecondStepProvider'),
  CompleteSignIn: Symbol.for('CompleteSignIn'),
  SignOut: Symbol.for('SignOut'),
  HandleTokenError: Symbol.for('HandleTokenError'),
  /** Sign-out's LocalCartState (cart slice and customer cart id); bound by the cart adapters. */
  LocalCartState: Symbol.for('LocalCartState'),
  /** Orders: find-my-orders, order details, history, split orders (core/orders/ports.ts). */
  OrdersGateway: Symbol.for('OrdersGateway'),
  /** The customer's profile and saved addresses (core/account/ports.ts; ./account-modules.ts). */
  AddressBookGateway: Symbol.for('AddressBookGateway'),
  /** The customer's change password and delete account (core/account/ports.ts). */
  AccountSecurityGateway: Symbol.for('AccountSecurityGateway'),
  /** The customer's two-step sign-in settings (core/account/two-step-settings.ts). */
  TwoStepGateway: Symbol.for('TwoStepGateway'),
  /** The newsletter's subscribe, confirm and unsubscribe (core/newsletter/ports.ts). */
  NewsletterGateway: Symbol.for('NewsletterGateway'),
  /** Product registration, my products, my services (core/registration/ports.ts). */
  RegistrationGateway: Symbol.for('RegistrationGateway'),
  /** The nearby-stores search and one store by id (core/stores/ports.ts). */
  StoreLocator: Symbol.for('StoreLocator'),
  StoreDirectory: Symbol.for('StoreDirectory'),
  /** The maps calls (zip lookup, address check, location by IP, ZIP, point): also PostalCodeLookup. */
  MapsGateway: Symbol.for('MapsGateway'),
  /** The persisted location slice and "my store" (core/stores/ports.ts). */
  LocationStateStore: Symbol.for('LocationStateStore'),

  // Use cases, one module per core area (./catalog-modules.ts, ./content-modules.ts, …): the ui
  // resolves these and constructs none.
  /** Catalogue (./catalog-modules.ts). */
  SearchProducts: Symbol.for('SearchProducts'),
  TopSearches: Symbol.for('TopSearches'),
  GetProductsPerPage: Symbol.for('GetProductsPerPage'),
  ChooseProductsPerPage: Symbol.for('ChooseProductsPerPage'),
  GetProductPage: Symbol.for('GetProductPage'),
  GetProductsBySku: Symbol.for('GetProductsBySku'),
  GetProductTiles: Symbol.for('GetProductTiles'),
  RecordRecentlyViewed: Symbol.for('RecordRecentlyViewed'),
  Typeahead: Symbol.for('Typeahead'),
  /** Content (./content-modules.ts). */
  LoadPage: Symbol.for('LoadPage'),
  GetHelpArticle: Symbol.for('GetHelpArticle'),
  /** Compare (./compare-modules.ts). */
  LoadCompare: Symbol.for('LoadCompare'),
  AddToCompare: Symbol.for('AddToCompare'),
  RemoveFromCompare: Symbol.for('RemoveFromCompare'),
  ClearCompare: Symbol.for('ClearCompare'),
  EnableCompare: Symbol.for('EnableCompare'),
  CompareFromLink: Symbol.for('CompareFromLink'),
  /** Shopping lists (./lists-modules.ts). */
  ListPresence: Symbol.for('ListPresence'),
  LoadFavorites: Symbol.for('LoadFavorites'),
  /** ToggleListItem on the Favorites list (the heart). */
  ToggleFavorite: Symbol.for('ToggleFavorite'),
  /** LoadList and ToggleListItem on the MyProducts list (saved products: product page, my products). */
  LoadSavedProducts: Symbol.for('LoadSavedProducts'),
  ToggleMyProduct: Symbol.for('ToggleMyProduct'),
  /** LoadList and ToggleListItem on the MyServices list (saved services: product page, my services). */
  LoadSavedServices: Symbol.for('LoadSavedServices'),
  ToggleMyService: Symbol.for('ToggleMyService'),
  /** Orders (./orders-modules.ts). */
  FindOrder: Symbol.for('FindOrder'),
  ListOrders: Symbol.for('ListOrders'),
  GetOrder: Symbol.for('GetOrder'),
  GetChildOrders: Symbol.for('GetChildOrders'),
  /** Cart: the shared-cart page's use case, out of the CartUseCases bundle (./cart-modules.ts). */
  GetSharedCart: Symbol.for('GetSharedCart'),
  /** Auth: sign-up and forgot password (./auth-modules.ts; SignIn, SignOut above). */
  SignUp: Symbol.for('SignUp'),
  RequestPasswordReset: Symbol.for('RequestPasswordReset'),
  ResetPassword: Symbol.for('ResetPassword'),
  /** Account security (./account-modules.ts). */
  ChangePassword: Symbol.for('ChangePassword'),
  DeleteAccount: Symbol.for('DeleteAccount'),
  TwoStepSettings: Symbol.for('TwoStepSettings'),
  /** Newsletter (./newsletter-modules.ts). */
  SubscribeToNewsletter: Symbol.for('SubscribeToNewsletter'),
  ConfirmNewsletter: Symbol.for('ConfirmNewsletter'),
  UnsubscribeFromNewsletter: Symbol.for('UnsubscribeFromNewsletter'),
  /** Product registration (./registration-modules.ts, area `registration`). */
  SubmitProductRegistration: Symbol.for('SubmitProductRegistration'),
  UploadProofOfPurchase: Symbol.for('UploadProofOfPurchase'),
  DownloadProofOfPurchase: Symbol.for('DownloadProofOfPurchase'),
  SuggestModelNumbers: Symbol.for('SuggestModelNumbers'),
  LoadRegistrations: Symbol.for('LoadRegistrations'),
  RemoveRegistration: Symbol.for('RemoveRegistration'),
  LoadMyProducts: Symbol.for('LoadMyProducts'),
  LoadMyServices: Symbol.for('LoadMyServices'),
  LoadRegistrableItems: Symbol.for('LoadRegistrableItems'),
  /**
   * Analytics (./analytics-modules.ts, area `analytics`; core/analytics/ports.ts): the data layer,
   * the third-party script loader, page readiness, their timers, and the use cases for the ui.
   */
  DataLayer: Symbol.for('DataLayer'),
  ScriptLoader: Symbol.for('ScriptLoader'),
  PageReadinessSignal: Symbol.for('PageReadinessSignal'),
  AnalyticsTimers: Symbol.for('AnalyticsTimers'),
  AnalyticsUseCases: Symbol.for('AnalyticsUseCases'),
  /** Stores and maps (./stores-modules.ts, area `stores`); the checkout and address book load it for ValidatePostalCode. */
  FindNearbyStores: Symbol.for('FindNearbyStores'),
  ValidatePostalCode: Symbol.for('ValidatePostalCode'),
} as const;

/** What the composition root needs to know about its environment. */
export interface AppConfig {
  /** Base of every API call, e.g. '/api' (same origin) or 'https://api.example.com/api'. */
  readonly apiBaseUrl: string;
  /** Sales channel sent as the target header (spec: default KOUS). */
  readonly channel: string;
  readonly currency: string;
  /** Timeouts of spec §7. */
  readonly apiTimeoutMs: number;
  readonly configTimeoutMs: number;
  /**
   * Server rendering (adapters/http/page-answers.ts): the answers a page is recorded with on the
   * server or replayed from in the browser's first render. Absent: every call goes to the network.
   */
  readonly pageAnswers?: PageAnswers;
  /** How calls reach the API when not over the network (the server's renderer answers in process). */
  readonly httpAdapter?: AxiosAdapter;
  /**
   * The page's inline configuration as JSON text. Absent: the document's `#lavabo-config`. The
   * server's renderer has no document and passes the configuration the page will carry, so the
   * first view draws with it (product links from `pdpUrlMapping`) as the browser will.
   */
  readonly inlineConfiguration?: () => string | null;
}

export const defaultAppConfig: AppConfig = {
  apiBaseUrl: '/api',
  channel: 'KOUS',
  currency: 'USD',
  apiTimeoutMs: 15_000,
  configTimeoutMs: 10_000,
};
