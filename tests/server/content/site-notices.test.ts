/**
 * The operator's site notices file: checked at start (a malformed notice stops it, naming what is
 * wrong), missing means none, and what it holds is served in the global configuration.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultSiteNoticesFile,
  loadSiteNotices,
  NO_SITE_NOTICES,
  parseSiteNotices,
} from '../../../server/content/site-notices';
import { startTestServer, type TestServer } from '../../support/test-server';

const dir = mkdtempSync(path.join(tmpdir(), 'lavabo-notices-'));
const file = path.join(dir, 'site.json');
const PROMO = {
  id: 'kitchen-15',
  title: '15 % off kitchen',
  text: 'Take 15 % off kitchen lines with code KITCHEN15.',
  link: { label: 'Shop kitchen', href: '/en/kitchen' },
};
const WARNING = { id: 'holiday', text: 'Orders placed after Dec 20 ship in January.' };
writeFileSync(file, JSON.stringify({ promoBanner: PROMO, siteWideWarning: WARNING }));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ siteNoticesFile: file });
});
afterAll(() => server.dispose());

describe('site notices', () => {
  it('ships with none, and a missing file means none', () => {
    expect(loadSiteNotices(defaultSiteNoticesFile())).toEqual(NO_SITE_NOTICES);
    expect(loadSiteNotices(path.join(dir, 'absent.json'))).toEqual(NO_SITE_NOTICES);
  });

  it('refuses a malformed notice, naming it', () => {
    expect(() => parseSiteNotices({ promoBanner: { text: 'x' } }, 'site.json')).toThrow(
      'site.json: promoBanner needs an id',
    );
    expect(() =>
      parseSiteNotices({ siteWideWarning: { id: 'w', text: 'x', endsAt: 'soon' } }, 'site.json'),
    ).toThrow('site.json: siteWideWarning endsAt must be an ISO 8601 date and time');
    expect(() => parseSiteNotices({ promoBanner: 'sale!' }, 'site.json')).toThrow(
      'must be an object or null',
    );
    expect(() => parseSiteNotices([], 'site.json')).toThrow('site.json must hold an object');
  });

  it('serves them in the global configuration (the pages inline it: tests/e2e/site-notices)', async () => {
    const token = (await (
      await fetch(`${server.api}/oauth/token?scope=guest&channel=KOUS&gId=notices`, {
        method: 'POST',
      })
    ).json()) as { access_token: string };
    const res = await fetch(`${server.api}/config/global`, {
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.promoBanner).toEqual(PROMO);
    expect(body.siteWideWarning).toEqual(WARNING);
  });
});
