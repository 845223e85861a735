import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decidePageLoad,
  isSafeCallbackUrl,
  LOGIN_REDIRECT_PARAM,
  type PageLoadInput,
} from '../../../core/auth/page-load';
import { isSecurePage } from '../../../core/auth/secure-pages';
import { pagePath, personas, requestedUrl, storedTokens } from './arbitraries';

const callbackUrls = fc.oneof(
  requestedUrl,
  fc.constantFrom('//evil.example/x', 'https://evil.example/', 'javascript:alert(1)', '/\\evil'),
);

const input: fc.Arbitrary<PageLoadInput> = fc
  .record(
    {
      urlTokensPresent: fc.boolean(),
      stored: fc.option(fc.oneof(storedTokens(true), storedTokens(false)), { nil: null }),
      nowOffset: fc.integer({ min: -3 * 3600_000, max: 3 * 3600_000 }),
      currentUrl: requestedUrl,
      securePagePathList: fc.array(pagePath, { maxLength: 3 }),
      isPublish: fc.boolean(),
      loginPagePath: fc.constantFrom('/en/login', '/en/login?src=x'),
      savedCallbackUrl: fc.option(callbackUrls, { nil: null }),
      persona: personas,
      hideCustomerSignupCTA: fc.boolean(),
    },
    { noNullPrototype: true },
  )
  .map(({ nowOffset, ...rest }) => ({
    ...rest,
    // Put "now" near the stored token's expiry so both sides of it are explored.
    now: (rest.stored?.expiresAt ?? 1_700_000_000_000) + nowOffset,
  }));

describe('page load (spec §4 steps 1–6)', () => {
  it('after a login redirect stores the tokens, then goes home (TVS, CTA hidden) or restores the callback', () => {
    fc.assert(
      fc.property(input, (i) => {
        fc.pre(i.urlTokensPresent);
        const plan = decidePageLoad(i);
        expect(plan[0]).toEqual({ kind: 'storeTokensFromUrl' });
        expect(plan).toHaveLength(2);
        if (i.persona === 'TVS' && i.hideCustomerSignupCTA) {
          expect(plan[1]).toEqual({ kind: 'goHome' });
        } else if (i.savedCallbackUrl !== null && isSafeCallbackUrl(i.savedCallbackUrl)) {
          expect(plan[1]).toEqual({ kind: 'restoreCallback', url: i.savedCallbackUrl });
        } else {
          expect(plan[1]).toEqual({ kind: 'none' });
        }
      }),
    );
  });

  it("renews a signed-in customer's unexpired token and signs out with an expired one", () => {
    fc.assert(
      fc.property(input, (i) => {
        fc.pre(!i.urlTokensPresent && i.stored !== null && !i.stored.anonymous);
        const expired = i.stored !== null && i.now >= i.stored.expiresAt;
        expect(decidePageLoad(i)).toEqual([{ kind: expired ? 'signOut' : 'renew' }]);
      }),
    );
  });

  it('without a customer token sends a published secure page to the login page with an encoded redirect', () => {
    fc.assert(
      fc.property(input, (i) => {
        fc.pre(!i.urlTokensPresent && (i.stored === null || i.stored.anonymous));
        const plan = decidePageLoad(i);
        const secure = isSecurePage(i.currentUrl, i.securePagePathList);
        if (!(i.isPublish && secure)) {
          expect(plan).toEqual([{ kind: 'none' }]);
          return;
        }
        expect(plan).toHaveLength(1);
        const [action] = plan;
        if (action?.kind !== 'redirectToLogin') throw new Error(`unexpected ${action?.kind}`);
        expect(action.saveCallbackUrl).toBe(i.currentUrl);
        const login = new URL(action.loginUrl, 'https://shop.test');
        expect(`${login.pathname}`).toBe('/en/login');
        expect(login.searchParams.get(LOGIN_REDIRECT_PARAM)).toBe(i.currentUrl);
        // The redirect value is encoded: it adds no query parameters or fragment of its own.
        expect(login.hash).toBe('');
        expect(
          [...login.searchParams.keys()].filter((k) => k === LOGIN_REDIRECT_PARAM),
        ).toHaveLength(1);
      }),
    );
  });

  it('never redirects to login, renews or signs out on the return from a login redirect', () => {
    fc.assert(
      fc.property(input, (i) => {
        const kinds = decidePageLoad(i).map((a) => a.kind);
        if (i.urlTokensPresent) {
          expect(kinds).not.toContain('redirectToLogin');
          expect(kinds).not.toContain('signOut');
        } else {
          expect(kinds).not.toContain('restoreCallback');
          expect(kinds).not.toContain('goHome');
        }
        if (!i.isPublish) expect(kinds).not.toContain('redirectToLogin');
      }),
    );
  });

  it('restores only same-site paths', () => {
    expect(isSafeCallbackUrl('/en/account/orders?id=1')).toBe(true);
    expect(isSafeCallbackUrl('//evil.example/')).toBe(false);
    expect(isSafeCallbackUrl('https://evil.example/')).toBe(false);
    expect(isSafeCallbackUrl('/\\evil.example')).toBe(false);
    fc.assert(
      fc.property(fc.string(), (s) => {
        if (isSafeCallbackUrl(s)) {
          expect(new URL(s, 'https://shop.test').origin).toBe('https://shop.test');
        }
      }),
    );
  });

  it('reads the spec example: no token on a secure account page', () => {
    expect(
      decidePageLoad({
        urlTokensPresent: false,
        stored: null,
        now: 0,
        currentUrl: '/en/account/orders.html?id=7',
        securePagePathList: ['/en/account'],
        isPublish: true,
        loginPagePath: '/en/login',
        savedCallbackUrl: null,
        persona: 'GST',
        hideCustomerSignupCTA: false,
      }),
    ).toEqual([
      {
        kind: 'redirectToLogin',
        saveCallbackUrl: '/en/account/orders.html?id=7',
        loginUrl: '/en/login?redirect=%2Fen%2Faccount%2Forders.html%3Fid%3D7',
      },
    ]);
  });
});
