/**
 * The configuration codec keeps the operator's third-party scripts (issue 18) as the server sends
 * them, and refuses a list of the wrong shape rather than handing the loader something else.
 */
import { isRight } from 'fp-ts/lib/Either';
import { describe, expect, it } from 'vitest';
import { StorefrontConfigurationCodec } from '../../../adapters/http/content/configuration.codec';
import { globalConfiguration } from '../../../server/api/configuration';
import { DEMO_THIRD_PARTY_SCRIPTS } from '../../../server/analytics/third-party-scripts';

describe('thirdPartyScripts in the configuration codec', () => {
  it("decodes the server's answer with its scripts, in order", () => {
    const scripts = [{ src: 'https://tags.example/gtm.js' }, ...DEMO_THIRD_PARTY_SCRIPTS];
    const decoded = StorefrontConfigurationCodec.decode(
      JSON.parse(JSON.stringify(globalConfiguration(undefined, undefined, scripts))),
    );
    expect(isRight(decoded) && decoded.right.thirdPartyScripts).toEqual(scripts);
  });

  it('takes a configuration without scripts, and refuses scripts of the wrong shape', () => {
    const { thirdPartyScripts: _left, ...without } = globalConfiguration();
    expect(isRight(StorefrontConfigurationCodec.decode(without))).toBe(true);
    for (const bad of ['/x.js', [{ href: '/x.js' }], [{ src: 1 }], [{ src: '/x.js', id: 2 }]]) {
      expect(
        isRight(StorefrontConfigurationCodec.decode({ ...without, thirdPartyScripts: bad })),
      ).toBe(false);
    }
  });
});
