import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  authChangeBetween,
  decideHiddenTabAuthChange,
  type AuthPagePaths,
} from '../../../core/auth/hidden-tab';
import { pageComparisonKey } from '../../../core/auth/secure-pages';
import { pagePath, requestedUrl } from './arbitraries';

const paths: fc.Arbitrary<AuthPagePaths> = fc.record(
  { loginPagePath: pagePath, homeownerPagePath: pagePath, installerPagePath: pagePath },
  { requiredKeys: [], noNullPrototype: true },
);

describe('auth change seen while the tab is hidden (spec §4)', () => {
  it('sends a signed-out tab to the logout URL, wherever it is', () => {
    fc.assert(
      fc.property(requestedUrl, paths, (url, p) => {
        expect(decideHiddenTabAuthChange('signedOut', url, p)).toEqual({ kind: 'goToLogoutUrl' });
      }),
    );
  });

  it('sends a signed-in tab home from the login, homeowner or installer page, else reloads', () => {
    fc.assert(
      fc.property(requestedUrl, paths, (url, p) => {
        const here = pageComparisonKey(url);
        const onAuthPage = [p.loginPagePath, p.homeownerPagePath, p.installerPagePath].some(
          (configured) => configured !== undefined && pageComparisonKey(configured) === here,
        );
        expect(decideHiddenTabAuthChange('signedIn', url, p)).toEqual({
          kind: onAuthPage ? 'goHome' : 'reload',
        });
      }),
    );
  });

  it('reads examples: the login page with .html and a query is the login page', () => {
    const p = { loginPagePath: '/en/login', homeownerPagePath: '/en/homeowner' };
    expect(decideHiddenTabAuthChange('signedIn', '/en/login.html?x=1', p)).toEqual({
      kind: 'goHome',
    });
    expect(decideHiddenTabAuthChange('signedIn', '/en/login/help', p)).toEqual({ kind: 'reload' });
    expect(decideHiddenTabAuthChange('signedIn', '/en/cart', {})).toEqual({ kind: 'reload' });
  });

  it('sees a change only when the auth state differs', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), (was, is) => {
        const change = authChangeBetween(was, is);
        expect(change === null).toBe(was === is);
        if (change !== null) expect(change).toBe(is ? 'signedIn' : 'signedOut');
      }),
    );
  });
});
