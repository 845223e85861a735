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
    { label: 'Contact us', href: routes.contactUs },
    { label: 'Help and FAQ', href: routes.helpAndFaq },
    { label: 'Press', href: routes.press },
  ],
  // Field patterns (DEFAULT_CONFIGURATION's, none yet) arrive with the forms that use them (spec §5).
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
