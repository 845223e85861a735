import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  backTargetOf,
  reloadsOnBackNavigation,
  matchSectionTitle,
  sectionTitleOf,
  serviceOf,
} from '../../../core/content/query-targets';

describe('help and FAQ reloads on back navigation (spec §2)', () => {
  it('whatever the spelling the router accepts, and no other page', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('/en/support/help-and-faq', '/EN/Support/Help-and-FAQ'),
        fc.constantFrom('', '.html', '/'),
        fc.constantFrom('', '?tab=orders', '#returns'),
        (path, suffix, tail) => {
          expect(reloadsOnBackNavigation(`${path}${suffix}${tail}`)).toBe(true);
        },
      ),
    );
    expect(reloadsOnBackNavigation('/content/shop/en/support/help-and-faq', '/content/shop')).toBe(
      true,
    );
    fc.assert(
      fc.property(fc.stringMatching(/^\/en(\/[a-z-]{1,12}){0,3}$/), (path) => {
        expect(reloadsOnBackNavigation(path)).toBe(path === '/en/support/help-and-faq');
      }),
    );
  });
});

describe('the back parameter (spec §2)', () => {
  it('is a back target only when it is a path on this site', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\/en(\/[a-z0-9-]{1,10}){0,3}(\?[a-z]=[a-z0-9]{1,4})?$/),
        (path) => {
          expect(backTargetOf(`?back=${encodeURIComponent(path)}`)).toBe(path);
        },
      ),
    );
    for (const bad of [
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      'javascript:alert(1)',
      '/%2F%2Fevil.example',
      '',
      'en/cart',
    ]) {
      expect(backTargetOf(`?back=${encodeURIComponent(bad)}`), bad).toBeNull();
    }
    expect(backTargetOf('?keyword=tap')).toBeNull();
  });
});

describe('the service parameter (spec §2)', () => {
  it('names a service by its slug, and nothing else', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,4}$/), (slug) => {
        expect(serviceOf(`?service=${slug}`)).toBe(slug);
      }),
    );
    for (const bad of ['', '-x', 'a b', '<script>', '../cart', 'x'.repeat(121)]) {
      expect(serviceOf(`?service=${encodeURIComponent(bad)}`), bad).toBeNull();
    }
  });
});

describe('the title parameter (spec §2)', () => {
  it('names the section whose heading it is, ignoring case and spacing; anything else matches none', () => {
    const headings = ['How can we help?', 'Orders', 'Shipping', 'Returns'];
    fc.assert(
      fc.property(
        fc.constantFrom(...headings),
        fc.constantFrom('', ' ', '  '),
        fc.boolean(),
        (heading, pad, upper) => {
          const typed = `${pad}${upper ? heading.toUpperCase() : heading.toLowerCase()}${pad}`;
          const title = sectionTitleOf(`?title=${encodeURIComponent(typed)}`);
          expect(title).not.toBeNull();
          expect(matchSectionTitle(headings, title ?? '')).toBe(headings.indexOf(heading));
        },
      ),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (typed) => {
        const title = sectionTitleOf(`?title=${encodeURIComponent(typed)}`);
        const at = title === null ? -1 : matchSectionTitle(headings, title);
        const expected = headings.findIndex(
          (h) => h.toLowerCase() === typed.trim().replace(/\s+/g, ' ').toLowerCase(),
        );
        expect(at).toBe(typed.trim() === '' ? -1 : expected);
      }),
    );
    expect(sectionTitleOf(`?title=${'x'.repeat(101)}`)).toBeNull();
  });
});
