import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPath, matchRoute, routes, type RouteId } from '../../../core/content/routes';

const ids = Object.keys(routes) as RouteId[];
const paramValue = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '');

describe('pinned routes', () => {
  it('match back to the route they were built from, with the same params', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ids), paramValue, paramValue, (id, a, b) => {
        const names = [...routes[id].matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
        const params = Object.fromEntries(names.map((n, i) => [n, i === 0 ? a : b]));
        const match = matchRoute(buildPath(id, params));
        expect(match?.id).toBe(id);
        expect(match?.params).toEqual(params);
      }),
    );
  });

  it('match nothing outside the table', () => {
    expect(matchRoute('/en/no-such-page')).toBeNull();
    expect(matchRoute('/fr')).toBeNull();
    expect(matchRoute('/en/products/a/b/c')).toBeNull();
    expect(matchRoute('/en/products/%E0%A4%A')).toBeNull();
  });

  it('refuses to build a path without its params', () => {
    expect(() => buildPath('productDetails', { category: 'x' })).toThrow(':slug');
  });
});
