/** io-ts codec of the storefront configuration, mirroring core/content/configuration.ts. */
import * as t from 'io-ts';
import type { StorefrontConfiguration } from '../../../core/content/configuration';

const CodeName = t.type({ code: t.string, name: t.string });
const Link = t.type({ label: t.string, href: t.string });

const SiteNoticeCodec = t.intersection([
  t.type({ id: t.string, text: t.string }),
  t.partial({
    title: t.string,
    link: t.type({ label: t.string, href: t.string }),
    startsAt: t.string,
    endsAt: t.string,
  }),
]);

export const StorefrontConfigurationCodec: t.Type<StorefrontConfiguration, unknown, unknown> =
  t.intersection([
    t.type({
      general: t.type({
        isPublish: t.boolean,
        homepageUrl: t.string,
        shortendPagePath: t.string,
        apimHost: t.string,
      }),
      securePagePathList: t.readonlyArray(t.string),
      apiEndpoints: t.type({
        channel: t.string,
        loginPagePath: t.string,
        homeownerPagePath: t.string,
        installerPagePath: t.string,
        logoutUri: t.string,
      }),
      salesChannels: t.record(t.string, t.string),
      plpServletPath: t.string,
      pdpUrlMapping: t.record(t.string, t.string),
      lists: t.type({
        accountTypes: t.readonlyArray(t.string),
        businessTypes: t.readonlyArray(t.string),
        countries: t.readonlyArray(CodeName),
        states: t.readonlyArray(t.intersection([CodeName, t.partial({ country: t.string })])),
        cardTypes: t.readonlyArray(t.string),
        placeOfPurchase: t.readonlyArray(t.string),
      }),
      legalPageLinks: t.readonlyArray(t.type({ label: t.string, href: t.string })),
      patterns: t.record(t.string, t.string),
      recentlyViewedMax: t.number,
      currency: t.string,
    }),
    t.partial({
      newsletterPopupTrigger: t.number,
      promoBanner: t.union([SiteNoticeCodec, t.null]),
      siteWideWarning: t.union([SiteNoticeCodec, t.null]),
      thirdPartyScripts: t.readonlyArray(
        t.intersection([t.type({ src: t.string }), t.partial({ id: t.string })]),
      ),
      // Honoured configuration (issue 18).
      validationMessages: t.UnknownRecord,
      profilePasswordPolicy: t.type({
        pattern: t.string,
        forbiddenStrings: t.readonlyArray(t.string),
      }),
      expireTime: t.number,
      menuFragments: t.type({
        user: t.readonlyArray(Link),
        guest: t.readonlyArray(Link),
      }),
      financeErrorMessage: t.string,
    }),
  ]);

/** What the browser keeps: the configuration and when it was fetched (epoch ms). */
export const CachedConfigurationCodec = t.type({
  fetchedAt: t.number,
  configuration: StorefrontConfigurationCodec,
});
export type CachedConfiguration = t.TypeOf<typeof CachedConfigurationCodec>;
