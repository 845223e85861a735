/**
 * The built-in configuration the storefront falls back to when the configuration call fails and
 * nothing is cached (spec §8: configuration failures are only logged, with a fallback). Values are
 * the shop's pinned ones (ARCHITECTURE.md routes) and the spec's defaults.
 */
import type { StorefrontConfiguration } from './configuration';
import { DEFAULT_SHORTENED_PAGE_PATH, HOME_PATH } from './page-path';
import { routes } from './routes';
import { RECENTLY_VIEWED_MAX_DEFAULT } from '../catalog/recently-viewed';
import { NEWSLETTER_POPUP_TRIGGER_DEFAULT } from '../newsletter/campaign';

export const DEFAULT_CONFIGURATION: StorefrontConfiguration = {
  general: {
    isPublish: true,
    homepageUrl: HOME_PATH,
    shortendPagePath: DEFAULT_SHORTENED_PAGE_PATH,
    apimHost: '',
  },
  // Not the favorites page: guests keep favorites (under their anonymousId, like their cart) and
  // see them there, with an invitation to sign in to keep them on every device (docs/rules.md).
  securePagePathList: [
    routes.accountSettings,
    routes.orderHistory,
    routes.myProducts,
    routes.myServices,
  ],
  apiEndpoints: {
    channel: 'KOUS',
    loginPagePath: routes.login,
    homeownerPagePath: routes.accountSettings,
    installerPagePath: routes.accountSettings,
    logoutUri: HOME_PATH,
  },
  salesChannels: { Lavabo: 'KOUS' },
  plpServletPath: '/api/search/plp',
  pdpUrlMapping: {},
  lists: {
    accountTypes: ['homeowner', 'professional'],
    businessTypes: [],
    countries: [{ code: 'US', name: 'United States' }],
    states: [],
    cardTypes: ['Visa', 'Mastercard', 'American Express', 'Discover'],
    placeOfPurchase: [],
  },
  legalPageLinks: [],
  patterns: {},
  recentlyViewedMax: RECENTLY_VIEWED_MAX_DEFAULT,
  newsletterPopupTrigger: NEWSLETTER_POPUP_TRIGGER_DEFAULT,
  currency: 'USD',
};
