/**
 * The offline demo's adapters (npm run demo): every in-memory fake ContainerModule, and
 * fakeAdapters, the list that replaces ./http-adapters.ts to run the whole shop in the tab with no
 * server. Nothing the shop's entry imports statically may import this file (rule
 * shop-entry-carries-no-fakes in .dependency-cruiser.cjs): ui/app/app-container.ts loads it with a
 * dynamic import in the demo build only, so the fakes, the demo data codecs and the fake identity
 * never ship to the shop's shoppers (tests/e2e/shop-bundle.test.ts checks the build).
 */
import { ContainerModule } from 'inversify';
import type { AccountSecurityGateway, AddressBookGateway } from '../../core/account/ports';
import type { TwoStepGateway } from '../../core/account/two-step-settings';
import type { SecondStepProvider } from '../../core/auth/second-step';
import type {
  ClaimsReader,
  CustomerAccounts,
  CustomerTokenGateway,
  IdentityProvider,
  TokenGateway,
  TokenStore,
} from '../../core/auth/ports';
import { DEFAULT_CART_TYPE } from '../../core/cart/cart-use-cases';
import type { CartGateway, ShopperSession } from '../../core/cart/ports';
import type { CatalogSearch, ProductCatalog } from '../../core/catalog/ports';
import type { CheckoutGateway } from '../../core/checkout/checkout';
import type { FinanceGateway } from '../../core/checkout/ports';
import type {
  ConfigurationGateway,
  ContentRepository,
  HelpArticleSource,
} from '../../core/content/ports';
import { DEFAULT_CONFIGURATION } from '../../core/content/default-configuration';
import { fieldRulesOf } from '../../core/validation/field-patterns';
import { productLinkConfigOf } from '../../core/catalog/product-link';
import { changePasswordRulesOf } from '../../core/account/account-security';
import type { ShoppingListGateway } from '../../core/lists/ports';
import type { LiteratureGateway } from '../../core/literature/ports';
import type { NewsletterGateway } from '../../core/newsletter/ports';
import { FakeLiteratureGateway } from '../fake/literature/fake-literature-gateway';
import type { OrdersGateway } from '../../core/orders/ports';
import { FakeNewsletterGateway } from '../fake/newsletter/fake-newsletter-gateway';
import type { DataLayer, ScriptLoader } from '../../core/analytics/ports';
import { FakeScriptLoader, InMemoryDataLayer } from '../fake/analytics/fake-analytics';
import type { RegistrationGateway } from '../../core/registration/ports';
import { FakeRegistrationGateway } from '../fake/registration/fake-registration-gateway';
import { FakeMapsGateway, FakeStoreLocator } from '../fake/maps/fake-maps';
import type { MapsGateway, StoreDirectory, StoreLocator } from '../../core/stores/ports';
import type { Clock } from '../../core/shared/clock';
import { FakeAddressBookGateway, fakeCustomerOf } from '../fake/account/fake-address-book-gateway';
import { demoCatalogue } from '../fake/cart/catalogue-facts';
import { FakeCartGateway, type CartQuotes } from '../fake/cart/fake-cart-gateway';
import { FakeCatalogSearch } from '../fake/catalog/fake-catalog-search';
import { FakeProductCatalog } from '../fake/catalog/fake-product-catalog';
import { FakeCheckoutGateway } from '../fake/checkout/fake-checkout-gateway';
import { FakeConfigurationGateway } from '../fake/content/fake-configuration-gateway';
import { FakeContentRepository } from '../fake/content/fake-content-repository';
import { FakeAuthorPreview } from '../fake/content/fake-author-preview';
import type { AuthorPreviewGateway } from '../../core/content/author-preview';
import { FakeHelpArticles } from '../fake/content/fake-help-articles';
import { emptyDemoData, loadDemoData, type DemoData } from '../fake/demo-data';
import { FakeTokenGateway } from '../fake/fake-token-gateway';
import { FakeIdentity } from '../fake/identity/fake-identity';
import { FakeShoppingListGateway } from '../fake/lists/fake-shopping-list-gateway';
import {
  customerOrderOwner,
  FakeOrdersGateway,
  guestOrderOwner,
  tabOrderOwner,
} from '../fake/orders/fake-orders-gateway';
import { JwtClaimsReader } from '../http/identity/jwt-claims-reader';
import type { AdapterModules } from './build-container';
import { storefrontOrigin } from './checkout-modules';
import { TYPES, type AppConfig } from './types';

/** The fake's key for orders placed without signing in. */
export const FAKE_GUEST_OWNER = 'guest';

/**
 * Catalogue, content, identity and lists: in-memory fakes over the seeded catalogue
 * (TYPES.DemoData, bound by fakeAdapters).
 */
export const fakeModule = new ContainerModule(({ bind }) => {
  bind<TokenGateway>(TYPES.TokenGateway).toConstantValue(new FakeTokenGateway());
  // One in-memory identity service plays the provider, the account calls and the token calls.
  bind<FakeIdentity>(FakeIdentity)
    .toResolvedValue(
      (clock: Clock, store: TokenStore, config: AppConfig, data: DemoData) =>
        new FakeIdentity(
          clock,
          store,
          config.channel,
          undefined,
          changePasswordRulesOf(data.configuration),
        ),
      [TYPES.Clock, TYPES.TokenStore, TYPES.AppConfig, TYPES.DemoData],
    )
    .inSingletonScope();
  bind<IdentityProvider>(TYPES.IdentityProvider).toService(FakeIdentity);
  bind<CustomerAccounts>(TYPES.CustomerAccounts).toService(FakeIdentity);
  bind<CustomerTokenGateway>(TYPES.CustomerTokenGateway).toService(FakeIdentity);
  bind<SecondStepProvider>(TYPES.SecondStepProvider)
    .toResolvedValue((identity: FakeIdentity) => identity.twoStep, [FakeIdentity])
    .inSingletonScope();
  bind<ClaimsReader>(TYPES.ClaimsReader).toConstantValue(new JwtClaimsReader());
  bind<CatalogSearch>(TYPES.CatalogSearch)
    .toResolvedValue(
      (data: DemoData, clock: Clock) =>
        new FakeCatalogSearch(data, clock, {
          links: () => productLinkConfigOf(data.configuration),
        }),
      [TYPES.DemoData, TYPES.Clock],
    )
    .inSingletonScope();
  bind<ProductCatalog>(TYPES.ProductCatalog)
    .toResolvedValue(
      (data: DemoData, clock: Clock) =>
        new FakeProductCatalog(data, clock, {
          links: () => productLinkConfigOf(data.configuration),
        }),
      [TYPES.DemoData, TYPES.Clock],
    )
    .inSingletonScope();
  bind<ContentRepository>(TYPES.ContentRepository)
    .toResolvedValue((data: DemoData) => new FakeContentRepository(data), [TYPES.DemoData])
    .inSingletonScope();
  bind<AuthorPreviewGateway>(TYPES.AuthorPreview).toConstantValue(new FakeAuthorPreview());
  bind<HelpArticleSource>(TYPES.HelpArticles)
    .toResolvedValue((data: DemoData) => new FakeHelpArticles(data), [TYPES.DemoData])
    .inSingletonScope();
  bind<ShoppingListGateway>(TYPES.ShoppingListGateway)
    .toResolvedValue(
      (data: DemoData, clock: Clock) => new FakeShoppingListGateway(data, clock),
      [TYPES.DemoData, TYPES.Clock],
    )
    .inSingletonScope();
  bind<ConfigurationGateway>(TYPES.ConfigurationGateway)
    .toResolvedValue((data: DemoData) => new FakeConfigurationGateway(data), [TYPES.DemoData])
    .inSingletonScope();
});

export const cartFakeModule = new ContainerModule(({ bind }) => {
  bind<CartGateway>(TYPES.CartGateway)
    .toResolvedValue(
      (data: DemoData, tokens: TokenStore, clock: Clock, storage: Storage) =>
        new FakeCartGateway(demoCatalogue(data), tokens, clock, DEFAULT_CART_TYPE, storage),
      [TYPES.DemoData, TYPES.TokenStore, TYPES.Clock, TYPES.Storage],
    )
    .inSingletonScope();
});

const quotesCarts = (carts: CartGateway): carts is CartGateway & CartQuotes =>
  typeof (carts as Partial<CartQuotes>).quote === 'function';

/**
 * Needs ordersFakeModule (each order placed is recorded in the fake order history),
 * TYPES.DemoData (its configuration's card types are the brands the card sandbox takes) and the
 * demo's cart (FakeCartGateway: checkout quotes its shipping from the cart's own pricing).
 */
export const checkoutFakeModule = new ContainerModule(({ bind }) => {
  bind<FakeCheckoutGateway>(FakeCheckoutGateway)
    .toResolvedValue(
      (
        carts: CartGateway,
        clock: Clock,
        orders: FakeOrdersGateway,
        data: DemoData,
        storage: Storage,
      ) => {
        if (!quotesCarts(carts)) {
          throw new Error('The demo checkout needs the demo cart (FakeCartGateway) to quote from');
        }
        return new FakeCheckoutGateway(
          carts,
          clock,
          storefrontOrigin(),
          (order) => orders.add(order),
          data.configuration.lists.cardTypes,
          storage,
        );
      },
      [TYPES.CartGateway, TYPES.Clock, FakeOrdersGateway, TYPES.DemoData, TYPES.Storage],
    )
    .inSingletonScope();
  bind<CheckoutGateway>(TYPES.CheckoutGateway).toService(FakeCheckoutGateway);
  bind<FinanceGateway>(TYPES.FinanceGateway).toService(FakeCheckoutGateway);
});

export const ordersFakeModule = new ContainerModule(({ bind }) => {
  // Bound as itself too: the fake checkout records each order it places here. Keyed by account
  // id and guest session as on the server; a sign-in claims the guest session's orders.
  bind<FakeOrdersGateway>(FakeOrdersGateway)
    .toResolvedValue(
      (session: ShopperSession, tokens: TokenStore, identity: FakeIdentity, storage: Storage) => {
        const orders = new FakeOrdersGateway(
          () =>
            tabOrderOwner(
              session,
              tokens,
              (email) => identity.account(email)?.customerId,
              FAKE_GUEST_OWNER,
            ),
          storage,
        );
        identity.onSignedIn(({ customerId, email, anonymousId }) => {
          if (anonymousId === undefined) return;
          orders.claimGuestOrders(
            customerOrderOwner(customerId),
            guestOrderOwner(anonymousId),
            email,
          );
        });
        return orders;
      },
      [TYPES.ShopperSession, TYPES.TokenStore, FakeIdentity, TYPES.Storage],
    )
    .inSingletonScope();
  bind<OrdersGateway>(TYPES.OrdersGateway).toService(FakeOrdersGateway);
});

/** The demo's literature: the demo catalogue's collections, a small PDF per document. */
export const literatureFakeModule = new ContainerModule(({ bind }) => {
  bind<LiteratureGateway>(TYPES.LiteratureGateway)
    .toResolvedValue(
      (data: DemoData) =>
        new FakeLiteratureGateway(
          data.documents
            .filter((d) => d.productKind_s === undefined || d.productKind_s === 'finished-good')
            .map((d) => ({
              sku: String(d.masterSKU_s ?? d.sku_s ?? ''),
              title: String(d.Product_Title_s ?? ''),
              collection: typeof d.collection_s === 'string' ? d.collection_s : null,
            })),
        ),
      [TYPES.DemoData],
    )
    .inSingletonScope();
});

export const newsletterFakeModule = new ContainerModule(({ bind }) => {
  bind<NewsletterGateway>(TYPES.NewsletterGateway)
    .toResolvedValue(() => new FakeNewsletterGateway())
    .inSingletonScope();
});

/**
 * Needs ordersFakeModule (online registration reads the owner's orders) and the fake identity (a
 * sign-in claims the guest session's registrations, as the server does).
 */
export const registrationFakeModule = new ContainerModule(({ bind }) => {
  bind<FakeRegistrationGateway>(FakeRegistrationGateway)
    .toResolvedValue(
      (
        data: DemoData,
        clock: Clock,
        session: ShopperSession,
        tokens: TokenStore,
        identity: FakeIdentity,
        orders: FakeOrdersGateway,
        lists: ShoppingListGateway,
      ) => {
        const owner = () =>
          tabOrderOwner(
            session,
            tokens,
            (email) => identity.account(email)?.customerId,
            FAKE_GUEST_OWNER,
          );
        const registrations = new FakeRegistrationGateway({
          documents: data.documents,
          placesOfPurchase: data.configuration.lists.placeOfPurchase,
          clock,
          owner,
          orders: async () => [
            ...(await orders.listOrders('open')),
            ...(await orders.listOrders('past')),
          ],
          lists,
        });
        identity.onSignedIn(({ customerId, email, anonymousId }) => {
          if (anonymousId === undefined) return;
          registrations.claimGuestRegistrations(
            customerOrderOwner(customerId),
            guestOrderOwner(anonymousId),
            email,
          );
        });
        return registrations;
      },
      [
        TYPES.DemoData,
        TYPES.Clock,
        TYPES.ShopperSession,
        TYPES.TokenStore,
        FakeIdentity,
        FakeOrdersGateway,
        TYPES.ShoppingListGateway,
      ],
    )
    .inSingletonScope();
  bind<RegistrationGateway>(TYPES.RegistrationGateway).toService(FakeRegistrationGateway);
});

/** The store finder's fakes: the server's postal-code data and store directory, in the tab. */
export const storesFakeModule = new ContainerModule(({ bind }) => {
  bind(FakeStoreLocator)
    .toResolvedValue(() => new FakeStoreLocator())
    .inSingletonScope();
  bind<StoreLocator>(TYPES.StoreLocator).toService(FakeStoreLocator);
  bind<StoreDirectory>(TYPES.StoreDirectory).toService(FakeStoreLocator);
  bind<MapsGateway>(TYPES.MapsGateway)
    .toResolvedValue(() => new FakeMapsGateway())
    .inSingletonScope();
});

/**
 * The data layer in memory and a script loader that fetches nothing (each script leaves the demo
 * tag's marker); readiness is the browser's own (./analytics-modules.ts, bound by
 * ./build-container.ts), as the demo runs in a browser tab.
 */
export const analyticsFakeModule = new ContainerModule(({ bind }) => {
  bind<InMemoryDataLayer>(InMemoryDataLayer)
    .toResolvedValue(() => new InMemoryDataLayer())
    .inSingletonScope();
  bind<DataLayer>(TYPES.DataLayer).toService(InMemoryDataLayer);
  bind<ScriptLoader>(TYPES.ScriptLoader)
    .toResolvedValue((dataLayer: DataLayer) => new FakeScriptLoader(dataLayer), [TYPES.DataLayer])
    .inSingletonScope();
});

export const accountFakeModule = new ContainerModule(({ bind }) => {
  // Profiles are kept per customer id, not e-mail: an e-mail signed up again after its account
  // was deleted is a new customer with an empty book, as on the server.
  bind<AddressBookGateway>(TYPES.AddressBookGateway)
    .toResolvedValue(
      (session: ShopperSession, identity: FakeIdentity, data: DemoData) =>
        new FakeAddressBookGateway(
          () => {
            const email = session.signedInEmail();
            if (email === null) return null;
            return identity.account(email)?.customerId ?? `deleted:${email}`;
          },
          (customerId) => fakeCustomerOf(identity.accountById(customerId)),
          (customerId, profile) => identity.acceptProfile(customerId, profile),
          fieldRulesOf(data.configuration),
        ),
      [TYPES.ShopperSession, FakeIdentity, TYPES.DemoData],
    )
    .inSingletonScope();
  bind<AccountSecurityGateway>(TYPES.AccountSecurityGateway).toService(FakeIdentity);
  bind<TwoStepGateway>(TYPES.TwoStepGateway)
    .toResolvedValue((identity: FakeIdentity) => identity.twoStep, [FakeIdentity])
    .inSingletonScope();
});

/**
 * The demo's adapters over `demoData` (the seeded catalogue, loaded by ui/app/app-container.ts);
 * without it the fakes serve an empty shop, as the unit tests want.
 */
export const fakeAdapters = (demoData?: DemoData): AdapterModules => [
  new ContainerModule(({ bind }) => {
    bind<DemoData>(TYPES.DemoData).toConstantValue(
      demoData ?? emptyDemoData(DEFAULT_CONFIGURATION),
    );
  }),
  fakeModule,
  cartFakeModule,
  checkoutFakeModule,
  ordersFakeModule,
  accountFakeModule,
  newsletterFakeModule,
  registrationFakeModule,
  storesFakeModule,
  literatureFakeModule,
  analyticsFakeModule,
];

/**
 * The demo build's adapters (ui/app/app-container.ts): the seeded catalogue fetched with
 * `fetchJson` from the demo's data URL, then the fakes over it. One dynamic import brings both.
 */
export const loadFakeAdapters = async (
  fetchJson: (url: string) => Promise<unknown>,
): Promise<AdapterModules> => fakeAdapters(await loadDemoData(fetchJson));
