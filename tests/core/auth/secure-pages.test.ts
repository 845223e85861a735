import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSecurePage, pageComparisonKey } from '../../../core/auth/secure-pages';
import { pagePath, requestedUrl, segment } from './arbitraries';

describe('secure pages (spec §2, §6)', () => {
  it('normalises idempotently to a leading-slash path without .html, query, hash or trailing slash', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          requestedUrl,
          fc.string(),
          fc
            .array(fc.constantFrom('/', '.html', '.HTML', 'a', '/content/lavabo', '?', '#', ' '))
            .map((parts) => parts.join('')),
        ),
        (url) => {
          const p = pageComparisonKey(url);
          expect(pageComparisonKey(p)).toBe(p);
          expect(p.startsWith('/')).toBe(true);
          expect(p).not.toMatch(/[?#]/);
          if (p !== '/') expect(p.endsWith('/')).toBe(false);
          expect(p.endsWith('.html')).toBe(false);
          expect(p).toBe(p.toLowerCase());
          const short = pageComparisonKey(url, '/content/lavabo');
          expect(pageComparisonKey(short, '/content/lavabo')).toBe(short);
        },
      ),
    );
  });

  it('strips the configured shortened-page-path prefix', () => {
    fc.assert(
      fc.property(pagePath, (p) => {
        expect(pageComparisonKey(`/content/lavabo${p}.html`, '/content/lavabo')).toBe(
          pageComparisonKey(p),
        );
      }),
    );
  });

  it('covers a configured page and the pages below it, segment by segment', () => {
    fc.assert(
      fc.property(
        pagePath,
        fc.array(segment, { maxLength: 3 }),
        requestedUrl,
        (base, below, url) => {
          fc.pre(base !== '/');
          const child = [base, ...below].join('/');
          expect(isSecurePage(`${child}.html?x=1`, [base])).toBe(true);
          // A sibling that only shares a prefix of characters is not covered.
          expect(isSecurePage(`${base}x`, [base])).toBe(false);
          // The answer is the same for every spelling of the same page.
          expect(isSecurePage(url, [base])).toBe(isSecurePage(pageComparisonKey(url), [base]));
        },
      ),
    );
  });

  it('treats an empty list as no secure pages and ignores blank entries', () => {
    fc.assert(
      fc.property(requestedUrl, (url) => {
        expect(isSecurePage(url, [])).toBe(false);
        expect(isSecurePage(url, ['', '  '])).toBe(false);
      }),
    );
  });

  it('reads examples', () => {
    expect(pageComparisonKey('/en/login.html/')).toBe('/en/login');
    expect(pageComparisonKey('/content/lavabo/en/cart.html?x=1#y', '/content/lavabo')).toBe(
      '/en/cart',
    );
    expect(pageComparisonKey('')).toBe('/');
    expect(isSecurePage('/en/account/orders/123', ['/en/account'])).toBe(true);
    expect(isSecurePage('/en/accounts', ['/en/account'])).toBe(false);
    expect(isSecurePage('/EN/Account/Settings.html', ['/en/account/settings.html'])).toBe(true);
    expect(isSecurePage('/en/cart', ['/en/account', '/en/checkout'])).toBe(false);
  });
});
