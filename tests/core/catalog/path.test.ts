import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalisePath, splitUrl } from '../../../core/catalog/path';

const segment = fc.stringMatching(/^[a-z0-9-]{1,8}$/);
const cleanPath = fc
  .array(segment, { maxLength: 4 })
  .map((segments) => `/${segments.join('/')}`)
  .filter((p) => !p.endsWith('.html'));
const prefix = fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => `/${s.join('/')}`);
const search = fc.constantFrom('', '?skuid=K-1', '?a=b.html');
const hash = fc.constantFrom('', '#newsletter');

describe('path normalisation (spec §2)', () => {
  it('strips the .html suffix and the shortened-page-path prefix', () => {
    fc.assert(
      fc.property(prefix, cleanPath, (pre, path) => {
        expect(normalisePath(`${pre}${path === '/' ? '' : path}.html`, pre)).toBe(path);
        expect(normalisePath(`${pre}${path === '/' ? '' : path}`, pre)).toBe(path);
      }),
    );
  });

  it('always yields a non-empty path with a leading slash, keeping query and hash', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (url, pre) => {
        const out = normalisePath(url, pre);
        expect(out.startsWith('/')).toBe(true);
        expect(splitUrl(out).path.length).toBeGreaterThan(0);
      }),
    );
    fc.assert(
      fc.property(cleanPath, search, hash, (path, s, h) => {
        expect(normalisePath(`${path}.html${s}${h}`)).toBe(`${path}${s}${h}`);
      }),
    );
  });

  it('leaves a clean path alone when no prefix is configured', () => {
    fc.assert(
      fc.property(cleanPath, (path) => {
        expect(normalisePath(path)).toBe(path);
        expect(normalisePath(path, '')).toBe(path);
        expect(normalisePath(path, '/')).toBe(path);
      }),
    );
  });

  it('strips the prefix only at a segment boundary', () => {
    fc.assert(
      fc.property(prefix, segment, (pre, tail) => {
        // '/content/shopping' does not start with the segment '/content/shop'.
        expect(normalisePath(`${pre}${tail}`, pre)).toBe(`${pre}${tail}`);
      }),
    );
  });

  it('documents the edges: root stays root, prefix alone becomes root', () => {
    expect(normalisePath('/')).toBe('/');
    expect(normalisePath('')).toBe('/');
    expect(normalisePath('/index.HTML')).toBe('/index');
    expect(normalisePath('/content/lavabo/us.html', '/content/lavabo/us/')).toBe('/');
    expect(normalisePath('/content/lavabo/us/en/cart.html', 'content/lavabo/us')).toBe('/en/cart');
    expect(normalisePath('en/cart')).toBe('/en/cart');
  });
});
