/**
 * The global configuration (GET /api/config/global): core/content/configuration.ts's
 * StorefrontConfiguration, plus the spec §7 names a Solr/AEM-era client reads — `apiEndPointData.map`
 * (call name → path), `pdpConfiguration.map` and `pdpURLMapping` (category → product path). The
 * storefront's io-ts codec checks the typed part and lets the rest through.
 */
import type { StorefrontConfiguration } from '../../core/content/configuration';
import { DEFAULT_CONFIGURATION } from '../../core/content/default-configuration';
import { HOME_PATH } from '../../core/content/page-path';
import { routes } from '../../core/content/routes';
import { RECENTLY_VIEWED_MAX_DEFAULT } from '../../core/catalog/recently-viewed';
import { REGIONS } from '../../core/validation/regions';
import { COMPARE_EXPIRY_MS } from '../../core/compare/compare-state';
import { productLinkConfigOf, type ProductLinkConfig } from '../../core/catalog/product-link';
import { fieldRulesOf, type FieldRules } from '../../core/validation/field-patterns';
import {
  DEFAULT_PROFILE_PASSWORD_PATTERN,
  type ProfilePasswordPolicy,
} from '../../core/validation/password';
import { ACCEPTED_CARD_TYPES } from '../checkout/card-sandbox';
import { NO_SITE_NOTICES, type SiteNotices } from '../content/site-notices';
import type { ThirdPartyScript } from '../../core/content/page-readiness';
import { DEMO_THIRD_PARTY_SCRIPTS } from '../analytics/third-party-scripts';

/** Category slug → the path its products open under (spec §2 configured lists). */
export const PDP_URL_MAPPING: Readonly<Record<string, string>> = {
  'design-services': routes.designServicesLanding,
  'install-services': routes.installServicesLanding,
};

/** Every call the storefront makes, by name: where it lives under the API base. */
export const API_ENDPOINTS: Readonly<Record<string, string>> = {
  guestToken: '/oauth/token',
  validateToken: '/oauth/token/validate',
  customer: '/customer/me',
  plp: '/search/plp',
  typeahead: '/search/typeahead',
  topSearches: '/search/top-searches',
  pdp: '/search/pdp',
  fullCatalog: '/search/full-catalog',
  searchProfile: '/search/profile',
  tooltip: '/search/tooltip',
  helpFaq: '/search/help-faq',
  projection: '/catalog/projection',
  reviews: '/catalog/reviews',
  inventory: '/catalog/inventory',
  stock: '/catalog/stock',
  pdpTeaser: '/catalog/pdp-teaser',
  pdfDownload: '/catalog/pdf-file-download',
  content: '/content',
  globalConfig: '/config/global',
};

// Honoured configuration (issue 18): the operator's values, served to the storefront (and the
// offline demo, scripts/demo-data.ts) and applied by this server's own checks (SERVER_FIELD_RULES,
// PROFILE_PASSWORD_POLICY), so the screens and the API agree. README "Running the shop".

/**
 * Spec §5 pattern map, by form field name (AddressFields, ProfileField, 'email'); tested without
 * flags on the trimmed value. Names and city must hold a letter (safe text alone lets '--' through).
 */
export const FIELD_PATTERNS: Readonly<Record<string, string>> = {
  firstName: '[^\\s\\d,\'"-]',
  lastName: '[^\\s\\d,\'"-]',
  city: '[^\\s\\d,.\'"-]',
};

/** Condition messages over core's defaults (core/validation/messages.ts). */
export const VALIDATION_MESSAGES = {
  fieldPatterns: {
    firstName: 'First name must contain a letter',
    lastName: 'Last name must contain a letter',
    city: 'City must contain a letter',
  },
} as const;

/** The profile password rule (spec §5): 10+ characters, this pattern, none of these strings. */
export const PROFILE_PASSWORD_POLICY: ProfilePasswordPolicy = {
  pattern: DEFAULT_PROFILE_PASSWORD_PATTERN,
  forbiddenStrings: ['password', 'lavabo', 'qwerty', '123456'],
};

/** A compared product leaves the compare list after this long (spec §3 expireTime; §9: 60 days). */
export const COMPARE_EXPIRE_TIME_MS = COMPARE_EXPIRY_MS;

/** The account menu per sign-in state (spec §3 menu fragments for user and guest). */
export const MENU_FRAGMENTS = {
  user: [
    { label: 'Orders', href: routes.orderHistory },
    { label: 'Favorites', href: routes.favorites },
    { label: 'My products', href: routes.myProducts },
    { label: 'My services', href: routes.myServices },
    { label: 'Settings', href: routes.accountSettings },
  ],
  guest: [
    { label: 'Favorites', href: routes.favorites },
    { label: 'Order status', href: routes.orderStatus },
    { label: 'Register a product', href: routes.registerProduct },
  ],
} as const;

/** Said when a finance application fails (spec §7: any status but 201, or no answer). */
export const FINANCE_ERROR_MESSAGE =
  'We could not start your finance application. Please try again or choose another payment method.';

/** The field rules the server checks forms with: the same the storefront is served. */
export const SERVER_FIELD_RULES: FieldRules = fieldRulesOf({
  patterns: FIELD_PATTERNS,
  validationMessages: VALIDATION_MESSAGES,
});

/** Product links the server writes itself (my products' links) follow the same PDP map (spec §2). */
export const SERVER_PRODUCT_LINKS: ProductLinkConfig = productLinkConfigOf({
  pdpUrlMapping: PDP_URL_MAPPING,
});

/** The profile password rule the server checks a changed password with (spec §5). */
export const SERVER_PASSWORD_RULES = {
  policy: PROFILE_PASSWORD_POLICY,
  messages: SERVER_FIELD_RULES.messages,
} as const;

export type GlobalConfiguration = StorefrontConfiguration & {
  readonly apiEndPointData: { readonly map: Readonly<Record<string, string>> };
  readonly pdpConfiguration: { readonly map: Readonly<Record<string, string | number | boolean>> };
  readonly pdpURLMapping: Readonly<Record<string, string>>;
  readonly path: string;
};

/**
 * The configuration; `path` (the page asking, spec §7's optional query) is echoed back. `scripts`
 * are the operator's third-party scripts (server/analytics/third-party-scripts.ts).
 */
export const globalConfiguration = (
  path: string = HOME_PATH,
  notices: SiteNotices = NO_SITE_NOTICES,
  scripts: readonly ThirdPartyScript[] = DEMO_THIRD_PARTY_SCRIPTS,
): GlobalConfiguration => ({
  ...DEFAULT_CONFIGURATION,
  thirdPartyScripts: scripts,
  promoBanner: notices.promoBanner,
  siteWideWarning: notices.siteWideWarning,
  pdpUrlMapping: PDP_URL_MAPPING,
  lists: {
    accountTypes: ['homeowner', 'professional'],
    businessTypes: ['Consumer', 'Plumber', 'Contractor', 'Designer', 'Builder', 'Retailer'],
    countries: [
      { code: 'US', name: 'United States' },
      { code: 'CA', name: 'Canada' },
    ],
    states: REGIONS,
    cardTypes: ACCEPTED_CARD_TYPES,
    placeOfPurchase: ['Lavabo online', 'Showroom', 'Retailer', 'Plumber or contractor', 'Other'],
  },
  legalPageLinks: [
    { label: 'Privacy policy', href: routes.privacyPolicy },
    { label: 'Terms of use', href: routes.termsOfUse },
    { label: 'Accessibility', href: routes.accessibility },
  ],
  patterns: FIELD_PATTERNS,
  validationMessages: VALIDATION_MESSAGES,
  profilePasswordPolicy: PROFILE_PASSWORD_POLICY,
  expireTime: COMPARE_EXPIRE_TIME_MS,
  menuFragments: MENU_FRAGMENTS,
  financeErrorMessage: FINANCE_ERROR_MESSAGE,
  apiEndPointData: { map: API_ENDPOINTS },
  pdpConfiguration: {
    map: {
      typeaheadRows: 10,
      reviewsPerPage: 10,
      recentlyViewedMax: RECENTLY_VIEWED_MAX_DEFAULT,
    },
  },
  pdpURLMapping: PDP_URL_MAPPING,
  path,
});
