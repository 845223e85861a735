/**
 * Author preview (server/preview, docs/api.md "Author preview"): drafts are served only with both
 * cookies — the switch and a token the server signed for an author, unexpired — and then never
 * cached; every lesser request (no cookies, one of them, a forged, expired or non-author token,
 * an author whose role was taken away) gets the published page model. The server's rendered page
 * cache is never handed a preview nor hands a previewing author the published page.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole, revokeRole } from '../../../server/identity/customer-roles';
import {
  AuthorPreview,
  PREVIEW_COOKIE,
  PREVIEW_TOKEN_COOKIE,
  PREVIEW_TTL_S,
  parseCookies,
  setPreviewCookies,
} from '../../../server/preview/preview-session';
import { DEMO_PASSWORD } from '../../../server/identity/demo-accounts';
import { customerToken, guestToken, signInSession } from '../cart/support';
import { makeDataDir, startTestServer, type TestServer } from '../../support/test-server';

const PUBLISHED_HOME = 'Calm starts at the tap';
const DRAFT_HOME = 'Draft: spring refresh starts at the tap';

const SHELL =
  '<!doctype html><html lang="en"><head><title>Lavabo</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

/** A stand-in for dist/server/entry-server.js: renders the home page's hero title from the API. */
const RENDERER = `
export const renderPage = async ({ url, httpAdapter, bearer }) => {
  if (url !== '/en' && url !== '/en/kitchen') return null;
  const answer = await httpAdapter({
    url: '/api/content' + url + '.model.json',
    method: 'get',
    headers: { authorization: 'Bearer ' + bearer },
  });
  const model = JSON.parse(answer.data);
  const hero = model.components.find((c) => c.type === 'hero');
  return {
    routeId: 'home',
    screen: 'pages/home-page.tsx',
    head: '<title>' + model.title + '</title>',
    body: '<h1>' + hero.title + '</h1>',
    answers: {},
  };
};`;

let server: TestServer;
let key: Uint8Array;
let guest: string;
let authorId: string;
/** The author's access and refresh tokens, from a real sign-in. */
let author: string;
let authorRefresh: string;
/** The sign-in session the author's preview tokens name. */
let authorSession: string;
let homeownerId: string;
let homeowner: string;
let homeownerSession: string;

const idOf = async (email: string): Promise<string> => {
  const r = await server.db.query<{ id: string }>('SELECT id FROM customers WHERE email = $1', [
    email,
  ]);
  const id = r.rows[0]?.id;
  if (id === undefined) throw new Error(`no demo account ${email}`);
  return id;
};

const cookieHeader = (cookies: Readonly<Record<string, string>>): string =>
  Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

/** The preview token the server would issue to this customer's session, at this moment. */
const previewToken = async (
  customerId: string,
  { now = Date.now(), signWith = key, session = authorSession } = {},
) =>
  (
    await new AuthorPreview(server.db, signWith, {
      sessionLive: () => Promise.resolve(true),
      now: () => now,
    }).issue(customerId, session)
  ).token;

/** A JWT's claims, unverified. */
const claimsOf = (jwt: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;

const model = (cookies: Readonly<Record<string, string>> = {}, page = 'en') =>
  fetch(`${server.api}/content/${page}.model.json`, {
    headers: { authorization: `Bearer ${guest}`, cookie: cookieHeader(cookies) },
  });

const heroTitle = async (res: Response): Promise<string> => {
  const body = (await res.json()) as { components: { type: string; title: string }[] };
  return body.components.find((c) => c.type === 'hero')?.title ?? '';
};

const page = (cookies: Readonly<Record<string, string>> = {}, url = '/en') =>
  fetch(`${server.url}${url}`, { headers: { cookie: cookieHeader(cookies) } });

const startPreview = (bearer: string) =>
  fetch(`${server.api}/content/preview`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}` },
  });

/** The cookies a Set-Cookie answer sets, by name, with their attributes. */
const setCookies = (res: Response): Map<string, string> =>
  new Map(res.headers.getSetCookie().map((c) => [c.slice(0, c.indexOf('=')), c]));

const cookieValue = (line: string | undefined): string =>
  (line ?? '').slice((line ?? '').indexOf('=') + 1).split(';')[0] ?? '';

beforeAll(async () => {
  const build = await makeDataDir();
  const staticDir = path.join(build, 'client');
  await mkdir(path.join(staticDir, 'assets'), { recursive: true });
  await mkdir(path.join(build, 'server'), { recursive: true });
  await writeFile(path.join(staticDir, 'index.html'), SHELL);
  await writeFile(path.join(build, 'server', 'entry-server.js'), RENDERER);
  server = await startTestServer({ staticDir });
  key = new Uint8Array(
    Buffer.from(
      (await readFile(path.join(server.dataDir, 'jwt-secret'), 'utf8')).trim(),
      'base64url',
    ),
  );
  guest = (await guestToken(server)).token;
  authorId = await idOf('author@lavabo.test');
  homeownerId = await idOf('homeowner@lavabo.test');
  const signIn = await fetch(`${server.api}/identity/signin`, {
    method: 'POST',
    headers: { authorization: `Bearer ${guest}`, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'author@lavabo.test', password: DEMO_PASSWORD }),
  });
  const grant = (
    (await signIn.json()) as { tokens: { access_token: string; refresh_token: string } }
  ).tokens;
  author = grant.access_token;
  authorRefresh = grant.refresh_token;
  authorSession = String(claimsOf(author).sid);
  homeowner = (
    await customerToken(server, { customerId: homeownerId, email: 'homeowner@lavabo.test' })
  ).token;
  homeownerSession = (await signInSession(server.db, homeownerId)).familyId;
});
afterAll(() => server.dispose());

describe('starting and leaving preview', () => {
  it('tells the storefront who may preview', async () => {
    const state = async (bearer: string) =>
      (await (
        await fetch(`${server.api}/content/preview`, {
          headers: { authorization: `Bearer ${bearer}` },
        })
      ).json()) as unknown;
    expect(await state(author)).toEqual({ author: true, active: false });
    expect(await state(homeowner)).toEqual({ author: false, active: false });
    expect(await state(guest)).toEqual({ author: false, active: false });
  });

  it('refuses guests and customers who are no authors, setting no cookie', async () => {
    for (const bearer of [guest, homeowner]) {
      const res = await startPreview(bearer);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toBe(
        'Sign in as a content author to preview drafts.',
      );
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('sets both cookies HttpOnly and SameSite=Lax for an author, the token expiring', async () => {
    const res = await startPreview(author);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { active: boolean; expiresAt: string };
    expect(body.active).toBe(true);
    const ends = Date.parse(body.expiresAt) - Date.now();
    expect(ends).toBeGreaterThan((PREVIEW_TTL_S - 60) * 1000);
    expect(ends).toBeLessThanOrEqual(PREVIEW_TTL_S * 1000);
    const cookies = setCookies(res);
    for (const name of [PREVIEW_COOKIE, PREVIEW_TOKEN_COOKIE]) {
      const line = cookies.get(name) ?? '';
      expect(line).toContain('HttpOnly');
      expect(line).toContain('SameSite=Lax');
      expect(line).toContain('Path=/');
      expect(line).toContain(`Max-Age=${PREVIEW_TTL_S}`);
      // Plain http here: Secure would keep the browser from sending it back.
      expect(line).not.toContain('Secure');
    }
    expect(cookieValue(cookies.get(PREVIEW_COOKIE))).toBe('1');
    // The token the author was given opens the drafts.
    const draft = await model({
      [PREVIEW_COOKIE]: '1',
      [PREVIEW_TOKEN_COOKIE]: cookieValue(cookies.get(PREVIEW_TOKEN_COOKIE)),
    });
    expect(await heroTitle(draft)).toBe(DRAFT_HOME);
  });

  it('marks the cookies Secure when the request came over https', () => {
    const lines = (protocol: 'http' | 'https') => {
      const set: string[] = [];
      const reply = { header: (_name: string, value: string[]) => set.push(...value) };
      setPreviewCookies({ protocol } as FastifyRequest, reply as unknown as FastifyReply, 'token');
      return set;
    };
    expect(lines('https')).toHaveLength(2);
    expect(lines('https').every((line) => line.endsWith('; Secure'))).toBe(true);
    expect(lines('http').some((line) => line.includes('Secure'))).toBe(false);
  });

  it('clears both cookies on exit', async () => {
    const res = await fetch(`${server.api}/content/preview`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${guest}` },
    });
    expect(res.status).toBe(204);
    const cookies = setCookies(res);
    for (const name of [PREVIEW_COOKIE, PREVIEW_TOKEN_COOKIE]) {
      expect(cookies.get(name)).toMatch(new RegExp(`^${name}=; Path=/; Max-Age=0; HttpOnly`));
    }
  });
});

describe('page models', () => {
  it('are the published ones for every request short of a valid preview', async () => {
    const valid = await previewToken(authorId);
    const cases: Record<string, Record<string, string>> = {
      'no cookies': {},
      'the preview cookie only': { [PREVIEW_COOKIE]: '1' },
      'the token only': { [PREVIEW_TOKEN_COOKIE]: valid },
      'the switch off': { [PREVIEW_COOKIE]: '0', [PREVIEW_TOKEN_COOKIE]: valid },
      'a forged token': {
        [PREVIEW_COOKIE]: '1',
        [PREVIEW_TOKEN_COOKIE]: await previewToken(authorId, { signWith: randomBytes(32) }),
      },
      'a tampered token': {
        [PREVIEW_COOKIE]: '1',
        [PREVIEW_TOKEN_COOKIE]: `${valid.slice(0, -2)}${valid.endsWith('AA') ? 'BB' : 'AA'}`,
      },
      'an expired token': {
        [PREVIEW_COOKIE]: '1',
        [PREVIEW_TOKEN_COOKIE]: await previewToken(authorId, {
          now: Date.now() - PREVIEW_TTL_S * 1000 - 1,
        }),
      },
      'a non-author’s token': {
        [PREVIEW_COOKIE]: '1',
        [PREVIEW_TOKEN_COOKIE]: await previewToken(homeownerId, { session: homeownerSession }),
      },
      'a token naming a sign-in session the author never had': {
        [PREVIEW_COOKIE]: '1',
        [PREVIEW_TOKEN_COOKIE]: await previewToken(authorId, { session: homeownerSession }),
      },
      'an access token in place of the preview token': {
        [PREVIEW_COOKIE]: '1',
        [PREVIEW_TOKEN_COOKIE]: author,
      },
    };
    for (const [name, cookies] of Object.entries(cases)) {
      const res = await model(cookies);
      expect(res.status, name).toBe(200);
      expect(await heroTitle(res), name).toBe(PUBLISHED_HOME);
      expect(res.headers.get('x-robots-tag'), name).toBeNull();
      // A preview was asked for: the answer is the caller's and is not stored.
      const asked = Object.keys(cookies).length > 0;
      expect(res.headers.get('cache-control'), name).toBe(
        asked ? 'private, no-store' : 'public, max-age=300',
      );
      expect(res.headers.get('vary'), name).toMatch(/cookie/i);
    }
  });

  it('are the drafts with both cookies valid: noindex, private and never stored', async () => {
    const cookies = { [PREVIEW_COOKIE]: '1', [PREVIEW_TOKEN_COOKIE]: await previewToken(authorId) };
    const res = await model(cookies);
    expect(await heroTitle(res)).toBe(DRAFT_HOME);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    // Another page with a draft, and one without (its published model).
    expect(await heroTitle(await model(cookies, 'en/kitchen'))).toBe(
      'Draft: the kitchen, reworked for spring',
    );
    expect(await heroTitle(await model(cookies, 'en/bathroom'))).toBe(
      await heroTitle(await model({}, 'en/bathroom')),
    );
    // The published one is still what everyone else gets.
    expect(await heroTitle(await model())).toBe(PUBLISHED_HOME);
  });

  it('stop being drafts the moment the author role is taken away', async () => {
    const cookies = { [PREVIEW_COOKIE]: '1', [PREVIEW_TOKEN_COOKIE]: await previewToken(authorId) };
    await revokeRole(server.db, authorId, 'author');
    try {
      expect(await heroTitle(await model(cookies))).toBe(PUBLISHED_HOME);
    } finally {
      await grantRole(server.db, 'author@lavabo.test', 'author');
    }
    expect(await heroTitle(await model(cookies))).toBe(DRAFT_HOME);
  });
});

describe('pages', () => {
  const previewing = async () => ({
    [PREVIEW_COOKIE]: '1',
    [PREVIEW_TOKEN_COOKIE]: await previewToken(authorId),
  });

  it('a preview is the shell, noindex and never stored, though the published page was cached', async () => {
    const published = await page();
    expect(published.headers.get('cache-control')).toBe('public, no-cache');
    expect(await published.text()).toContain(`<h1>${PUBLISHED_HOME}</h1>`);
    const etag = published.headers.get('etag') ?? '';

    // The published render is kept; the author previewing must not get it, not even as a 304.
    const res = await fetch(`${server.url}/en`, {
      headers: { cookie: cookieHeader(await previewing()), 'if-none-match': etag },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('etag')).toBeNull();
    const html = await res.text();
    expect(html).not.toContain(PUBLISHED_HOME);
    expect(html).toContain('<div id="root"></div>');
    expect(html).toMatch(/<meta name="robots" content="noindex">[\s\S]*<\/head>/);
    expect(html).toContain('<script type="application/json" id="lavabo-preview">');
    expect(html).toContain('id="lavabo-config"');
  });

  it('a published request after a preview gets the published page, and its cached copy', async () => {
    // Preview first on a page not rendered yet, then everyone else.
    const preview = await page(await previewing(), '/en/kitchen');
    expect(preview.headers.get('cache-control')).toBe('private, no-store');
    expect(await preview.text()).not.toContain('<h1>');
    const first = await page({}, '/en/kitchen');
    expect(first.headers.get('x-robots-tag')).toBeNull();
    expect(await first.text()).toContain('<h1>The hardest-working corner of the house</h1>');
    const etag = first.headers.get('etag') ?? '';
    await page(await previewing(), '/en/kitchen');
    const again = await fetch(`${server.url}/en/kitchen`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    // Only a valid preview skips the cache: a lone cookie gets the published page.
    const lone = await page({ [PREVIEW_COOKIE]: '1' }, '/en/kitchen');
    expect(lone.headers.get('etag')).toBe(etag);
    expect(await lone.text()).toContain('<h1>The hardest-working corner of the house</h1>');
  });

  it('a page the server does not render is noindex and unstored in preview too', async () => {
    const res = await page(await previewing(), '/en/cart');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(await res.text()).toContain('<meta name="robots" content="noindex">');
  });
});

describe('signing out', () => {
  it('ends the preview: the same cookies get the published page', async () => {
    const started = setCookies(await startPreview(author));
    const cookies = {
      [PREVIEW_COOKIE]: '1',
      [PREVIEW_TOKEN_COOKIE]: cookieValue(started.get(PREVIEW_TOKEN_COOKIE)),
    };
    expect(claimsOf(cookies[PREVIEW_TOKEN_COOKIE]).sid).toBe(authorSession);
    expect(await heroTitle(await model(cookies))).toBe(DRAFT_HOME);
    const out = await fetch(`${server.api}/identity/signout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${author}`, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: authorRefresh }),
    });
    expect(out.status).toBe(204);
    const after = await model(cookies);
    expect(await heroTitle(after)).toBe(PUBLISHED_HOME);
    expect(after.headers.get('x-robots-tag')).toBeNull();
    expect((await page(cookies)).headers.get('x-robots-tag')).toBeNull();
  });
});

describe('reading the cookies', () => {
  const otherName = fc
    .stringMatching(/^[A-Za-z0-9_-]{1,12}$/)
    .filter((name) => name !== PREVIEW_COOKIE && name !== PREVIEW_TOKEN_COOKIE);
  const value = fc.stringMatching(/^[A-Za-z0-9._~-]{0,40}$/);

  it('finds both among any other cookies, in any order and spacing', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(otherName, value), { selector: ([name]) => name, maxLength: 8 }),
        value,
        fc.nat(),
        fc.nat(),
        fc.constantFrom(';', '; ', ' ;  '),
        (others, token, at1, at2, separator) => {
          const pairs = others.map(([n, v]) => `${n}=${v}`);
          pairs.splice(at1 % (pairs.length + 1), 0, `${PREVIEW_COOKIE}=1`);
          pairs.splice(at2 % (pairs.length + 1), 0, `${PREVIEW_TOKEN_COOKIE}=${token}`);
          const cookies = parseCookies(pairs.join(separator));
          expect(cookies.get(PREVIEW_COOKIE)).toBe('1');
          expect(cookies.get(PREVIEW_TOKEN_COOKIE)).toBe(token);
          for (const [n, v] of others) expect(cookies.get(n)).toBe(v);
        },
      ),
    );
  });

  it('takes the first of a repeated name, as browsers send the most specific first', () => {
    expect(parseCookies(`${PREVIEW_COOKIE}=1; ${PREVIEW_COOKIE}=0`).get(PREVIEW_COOKIE)).toBe('1');
    expect(parseCookies(undefined).size).toBe(0);
    expect(parseCookies('junk; =x; a="quoted"').get('a')).toBe('quoted');
  });
});
