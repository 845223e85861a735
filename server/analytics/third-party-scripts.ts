/**
 * The third-party global scripts the storefront loads once a page is interactive (spec §4), as an
 * operator configures them: THIRD_PARTY_SCRIPTS, a comma-separated list of script addresses in
 * the order they load — https addresses, or paths on the shop itself. Unset, the shop loads its
 * two demo tags (./demo-tags.ts), which need no network; set to nothing, it loads none. An address
 * the storefront would refuse (http:, javascript:, "//host") stops the start naming it, so a typo
 * never goes live unseen. The list is served in the global configuration (`thirdPartyScripts`)
 * and each https origin in it is added to the pages' Content-Security-Policy script-src.
 */
import { isLoadableScriptSrc } from '../../core/analytics/load-third-party-scripts';
import type { ThirdPartyScript } from '../../core/content/page-readiness';
import { DEMO_TAGS } from './demo-tags';

/** What `npm start` loads unless THIRD_PARTY_SCRIPTS says otherwise. */
export const DEMO_THIRD_PARTY_SCRIPTS: readonly ThirdPartyScript[] = DEMO_TAGS.map((tag) => ({
  src: tag.path,
  id: tag.id,
}));

/** THIRD_PARTY_SCRIPTS as a list of scripts; the demo tags when unset. */
export const parseThirdPartyScripts = (value: string | undefined): readonly ThirdPartyScript[] => {
  if (value === undefined) return DEMO_THIRD_PARTY_SCRIPTS;
  const sources = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  for (const src of sources) {
    if (!isLoadableScriptSrc(src)) {
      throw new Error(
        `THIRD_PARTY_SCRIPTS: "${src}" is not a script the shop can load; give https addresses or paths on the shop such as /third-party/demo-tag.js, separated by commas`,
      );
    }
  }
  return sources.map((src) => ({ src }));
};

/** The origins outside the shop that the scripts come from, for the CSP's script-src. */
export const scriptOrigins = (scripts: readonly ThirdPartyScript[]): readonly string[] => [
  ...new Set(
    scripts
      .map((script) => /^https:\/\/[^/?#]+/i.exec(script.src)?.[0]?.toLowerCase())
      .filter((origin): origin is string => origin !== undefined),
  ),
];
