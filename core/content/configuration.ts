/**
 * The storefront's remote configuration (spec §3 Stored configuration), cached locally for
 * 10 minutes (spec §4, §9). Only the parts the storefront reads are typed here.
 */
import type { ThirdPartyScript } from './page-readiness';
import type { SiteNotice } from './site-notices';
import type { ProfilePasswordPolicy } from '../validation/password';

export const CONFIGURATION_CACHE_MS = 600_000;

export interface StorefrontConfiguration {
  readonly general: {
    readonly isPublish: boolean;
    readonly homepageUrl: string;
    readonly shortendPagePath: string;
    readonly apimHost: string;
  };
  readonly securePagePathList: readonly string[];
  readonly apiEndpoints: {
    readonly channel: string;
    readonly loginPagePath: string;
    readonly homeownerPagePath: string;
    readonly installerPagePath: string;
    readonly logoutUri: string;
  };
  /** Brand to sales channel. */
  readonly salesChannels: Readonly<Record<string, string>>;
  readonly plpServletPath: string;
  /** Category slug → configured product path (core/catalog/product-link.ts). */
  readonly pdpUrlMapping: Readonly<Record<string, string>>;
  readonly lists: {
    readonly accountTypes: readonly string[];
    readonly businessTypes: readonly string[];
    readonly countries: readonly { readonly code: string; readonly name: string }[];
    /** States and provinces; `country` says whose (forms offer only the chosen country's). */
    readonly states: readonly {
      readonly code: string;
      readonly name: string;
      readonly country?: string;
    }[];
    readonly cardTypes: readonly string[];
    readonly placeOfPurchase: readonly string[];
  };
  readonly legalPageLinks: readonly { readonly label: string; readonly href: string }[];
  /** Field → regular expression source (spec §5 pattern map). */
  readonly patterns: Readonly<Record<string, string>>;
  readonly recentlyViewedMax: number;
  readonly currency: string;
  /**
   * Page views in a session after which the newsletter campaign dialog opens by itself (spec §9,
   * default 9; 0 switches it off): core/newsletter/campaign.ts `popupTriggerOf`.
   */
  readonly newsletterPopupTrigger?: number;
  /** The promo banner dialog (./site-notices.ts); none when absent or null. */
  readonly promoBanner?: SiteNotice | null;
  /** The site-wide warning strip (./site-notices.ts); none when absent or null. */
  readonly siteWideWarning?: SiteNotice | null;
  /**
   * Third-party global scripts (tag managers, pixels), loaded one after another once the page is
   * interactive (spec §4; core/analytics/load-third-party-scripts.ts); none when absent.
   */
  readonly thirdPartyScripts?: readonly ThirdPartyScript[];

  // Honoured configuration (issue 18); each is optional and falls back to core's default.
  /**
   * Condition messages (spec §5): any subset of core/validation/messages.ts's ValidationMessages
   * (`fieldPatterns` words the pattern map's fields); core's resolveValidationMessages keeps the
   * known text entries over the defaults.
   */
  readonly validationMessages?: Readonly<Record<string, unknown>>;
  /** The profile password rule's pattern and forbidden strings (spec §5, core/validation/password.ts). */
  readonly profilePasswordPolicy?: ProfilePasswordPolicy;
  /** How long a compared product stays in the compare list, in milliseconds (spec §3 expireTime). */
  readonly expireTime?: number;
  /** The account menu's links for a signed-in user and for a guest (spec §3 menu fragments). */
  readonly menuFragments?: {
    readonly user: readonly ConfiguredLink[];
    readonly guest: readonly ConfiguredLink[];
  };
  /** Said when a finance application fails (core/checkout/apply-for-finance.ts). */
  readonly financeErrorMessage?: string;
}

export interface ConfiguredLink {
  readonly label: string;
  readonly href: string;
}

export const isConfigurationFresh = (fetchedAt: number, now: number): boolean =>
  now >= fetchedAt && now - fetchedAt < CONFIGURATION_CACHE_MS;
