/**
 * Issue 13 item 10: `redirect=/%09/evil.example/` passed the login's safe-callback check (a tab is
 * not a slash) and the browser, which drops tabs, read it as `//evil.example/`. Whatever the check
 * lets through must stay on the site, however it is decoded.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeCallbackUrl } from '../../../core/auth/page-load';
import { isSameOriginPath } from '../../../core/validation/safe-redirect';

const ORIGIN = 'https://shop.example';

/** The characters redirect attacks are made of, with their escapes, in any order. */
const risky = fc
  .array(
    fc.constantFrom(
      '/',
      '\\',
      '%',
      '%2f',
      '%2F',
      '%5c',
      '%09',
      '%0a',
      '%0d',
      '%20',
      '%25',
      '%00',
      '\t',
      '\n',
      '\r',
      ' ',
      '\u0000',
      '\u007f',
      '\u0085',
      '\u00a0',
      ':',
      '.',
      '?',
      '#',
      '@',
      'evil.example',
      'javascript:',
      'https:',
      'en',
      'account',
    ),
    { maxLength: 10 },
  )
  .map((parts) => parts.join(''));

const anyTarget = fc.oneof(risky, fc.string(), fc.string({ unit: 'binary' }));

/** Every way the target might be read: as given, and percent-decoded once, twice, three times. */
const readingsOf = (target: string): readonly string[] => {
  const out = [target];
  let current = target;
  for (let i = 0; i < 3; i += 1) {
    try {
      current = decodeURIComponent(current);
    } catch {
      break;
    }
    out.push(current);
  }
  return out;
};

describe('isSameOriginPath (the login redirect)', () => {
  it('keeps paths on the site, with their query and fragment', () => {
    for (const ok of [
      '/',
      '/en/account/orders?id=1',
      '/en/search?q=hello%20world',
      '/en/search?q=100%25',
      '/en/p/shower-head.html#reviews',
      '/en/c/bath?fq=brand:%22Lavabo%22',
    ]) {
      expect(isSameOriginPath(ok), ok).toBe(true);
    }
  });

  it('refuses other sites and anything a browser could turn into one', () => {
    for (const bad of [
      '/%09/evil.example/',
      '/\t/evil.example/',
      '/%0a/evil.example/',
      '/%0d/evil.example/',
      '/%2F/evil.example/',
      '/%2f%2fevil.example/',
      '/%252F/evil.example/',
      '/%5cevil.example/',
      '/\\evil.example',
      '//evil.example/',
      ' //evil.example/',
      '/ /evil.example/',
      'https://evil.example/',
      'javascript:alert(1)',
      'evil.example',
      '',
      '/en/%00',
    ]) {
      expect(isSameOriginPath(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('lets through only targets that stay on the site however they are decoded', () => {
    fc.assert(
      fc.property(anyTarget, (target) => {
        if (!isSameOriginPath(target)) return;
        for (const reading of readingsOf(target)) {
          // A browser drops tab, LF and CR before resolving; none may be left to drop.
          expect(reading.split(/[?#]/, 1)[0]).not.toMatch(/[\t\n\r\\]/);
          expect(new URL(reading, ORIGIN).origin).toBe(ORIGIN);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('is the check the page load and the login page use', () => {
    fc.assert(
      fc.property(anyTarget, (target) => {
        expect(isSafeCallbackUrl(target)).toBe(isSameOriginPath(target));
      }),
    );
  });
});
