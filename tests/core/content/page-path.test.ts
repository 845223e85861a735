import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentPageKey, normalisePagePath } from '../../../core/content/page-path';
import { matchRoute, routes } from '../../../core/content/routes';

const segment = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,15}$/);
const pagePath = fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => `/${s.join('/')}`);

describe('page path normalisation', () => {
  it('is idempotent', () => {
    fc.assert(
      fc.property(
        pagePath,
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (p, html, slash, prefixed) => {
          const raw = `${prefixed ? '/content/lavabo' : ''}${p}${html ? '.html' : ''}${slash ? '/' : ''}`;
          const once = normalisePagePath(raw);
          expect(normalisePagePath(once)).toBe(once);
        },
      ),
    );
  });

  it('strips .html, the shortened prefix and trailing slashes from every page but product details', () => {
    fc.assert(
      fc.property(pagePath, (p) => {
        fc.pre(matchRoute(p)?.id !== 'productDetails');
        expect(normalisePagePath(`/content/lavabo${p}.html/`)).toBe(p);
      }),
    );
  });

  it('keeps .html on product detail pages, whose links end in {slug}.html', () => {
    fc.assert(
      fc.property(segment, segment, (category, slug) => {
        const pdp = `/en/products/${category}/${slug}.html`;
        expect(normalisePagePath(pdp)).toBe(pdp);
        expect(normalisePagePath(`/content/lavabo${pdp}`)).toBe(pdp);
      }),
    );
  });

  it('sends the root and the bare prefix home', () => {
    expect(normalisePagePath('/')).toBe('/en');
    expect(normalisePagePath('')).toBe('/en');
    expect(normalisePagePath('/content/lavabo')).toBe('/en');
    expect(normalisePagePath('/content/lavabo/')).toBe('/en');
  });

  it('leaves every pinned route untouched', () => {
    for (const pattern of Object.values(routes)) {
      const path = pattern.replace(/:(\w+)/g, 'x');
      expect(normalisePagePath(path)).toBe(path);
    }
  });
});

describe('contentPageKey', () => {
  it('names one page whatever the suffix, slashes, query or hash', () => {
    fc.assert(
      fc.property(
        pagePath,
        fc.constantFrom('', '.html', '.model.json', '/', '//'),
        fc.constantFrom('', '?x=1', '#top', '?a=b#c'),
        fc.boolean(),
        (path, suffix, tail, leadingSlash) => {
          const typed = `${path}${suffix}${tail}`;
          const bare = leadingSlash ? typed : typed.slice(1);
          expect(contentPageKey(bare)).toBe(path);
          expect(contentPageKey(contentPageKey(bare))).toBe(path);
        },
      ),
    );
  });

  it('never climbs out of the content tree and sends the empty path home', () => {
    expect(contentPageKey('')).toBe('/en');
    expect(contentPageKey('/?x')).toBe('/en');
    expect(contentPageKey('/en/../oauth/token')).toBe('/en/oauth/token');
    fc.assert(
      fc.property(fc.string(), (path) => {
        const key = contentPageKey(path);
        expect(key.startsWith('/')).toBe(true);
        expect(key.split('/').slice(1)).not.toContain('..');
        expect(key.split('/').slice(1)).not.toContain('');
      }),
    );
  });
});
