/**
 * The operator's third-party scripts (server/analytics/third-party-scripts.ts) and the demo's
 * vendor tags (server/analytics/demo-tags.ts): THIRD_PARTY_SCRIPTS is checked at start, the list
 * is served in the global configuration, its outside origins join the pages' CSP script-src, and
 * the demo tags are real scripts of the shop's own that leave a marker in window.dataLayer.
 */
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TAG_CACHE_CONTROL, DEMO_TAGS } from '../../../server/analytics/demo-tags';
import {
  DEMO_THIRD_PARTY_SCRIPTS,
  parseThirdPartyScripts,
  scriptOrigins,
} from '../../../server/analytics/third-party-scripts';
import { configFromEnv } from '../../../server/config';
import { MODULE_LOADER_HASH } from '../../../server/http/module-loader';
import { startTestServer, type TestServer } from '../../support/test-server';

const SCRIPTS = [
  { src: 'https://Tags.Example/gtm.js?id=GTM-1' },
  { src: '/third-party/demo-tag.js' },
  { src: 'https://tags.example/pixel.js' },
];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ thirdPartyScripts: SCRIPTS });
});
afterAll(() => server.dispose());

describe('THIRD_PARTY_SCRIPTS', () => {
  it('is the demo tags when unset, none when empty, else the list in its order', () => {
    expect(parseThirdPartyScripts(undefined)).toEqual(DEMO_THIRD_PARTY_SCRIPTS);
    expect(DEMO_THIRD_PARTY_SCRIPTS.map((s) => s.src)).toEqual([
      '/third-party/demo-tag.js',
      '/third-party/demo-pixel.js',
    ]);
    expect(parseThirdPartyScripts('')).toEqual([]);
    expect(parseThirdPartyScripts(' https://a.example/x.js , /tags/y.js ,')).toEqual([
      { src: 'https://a.example/x.js' },
      { src: '/tags/y.js' },
    ]);
    expect(configFromEnv({ THIRD_PARTY_SCRIPTS: '/tags/y.js' }).thirdPartyScripts).toEqual([
      { src: '/tags/y.js' },
    ]);
  });

  it('stops the start on a script the shop would refuse, naming it', () => {
    for (const bad of ['http://a.example/x.js', 'javascript:alert(1)', '//a.example/x.js']) {
      expect(() => parseThirdPartyScripts(`/ok.js,${bad}`)).toThrow(
        `THIRD_PARTY_SCRIPTS: "${bad}" is not a script the shop can load`,
      );
    }
  });

  it('names each outside origin once, lower-cased', () => {
    expect(scriptOrigins(SCRIPTS)).toEqual(['https://tags.example']);
  });
});

describe('served', () => {
  it('in the global configuration, in order', async () => {
    const token = (await (
      await fetch(`${server.api}/oauth/token?scope=guest&channel=KOUS&gId=scripts`, {
        method: 'POST',
      })
    ).json()) as { access_token: string };
    const res = await fetch(`${server.api}/config/global`, {
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.thirdPartyScripts).toEqual(SCRIPTS);
  });

  it("with the scripts' origins allowed by the pages' CSP, and nothing else added", async () => {
    const res = await fetch(`${server.url}/en/kitchen`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe(`script-src 'self' ${MODULE_LOADER_HASH} https://tags.example`);
    expect(csp).toContain("default-src 'self'");
  });
});

describe('the demo tags', () => {
  it('are scripts of the shop, cached briefly and revalidated, that push a marker', async () => {
    for (const tag of DEMO_TAGS) {
      const res = await fetch(`${server.url}${tag.path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe(DEMO_TAG_CACHE_CONTROL);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const etag = res.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]+"$/);
      const window: { dataLayer?: unknown[] } = { dataLayer: [{ event: 'page_view' }] };
      runInNewContext(await res.text(), { window });
      expect(window.dataLayer).toEqual([
        { event: 'page_view' },
        { event: 'demo_tag_loaded', tag: tag.id },
      ]);
      const again = await fetch(`${server.url}${tag.path}`, {
        headers: { 'if-none-match': etag ?? '' },
      });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
    }
  });

  it('answers 404 for any other name', async () => {
    for (const name of ['nope.js', 'demo-tag.json', '..%2Fpackage.json']) {
      expect((await fetch(`${server.url}/third-party/${name}`)).status).toBe(404);
    }
  });
});
