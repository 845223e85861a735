import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChooseProductsPerPage } from '../../../core/catalog/choose-products-per-page';
import { GetProductsPerPage } from '../../../core/catalog/get-products-per-page';
import type { PerPageMemory } from '../../../core/catalog/ports';
import {
  DEFAULT_PRODUCTS_PER_PAGE,
  PRODUCTS_PER_PAGE_OPTIONS,
  perPageKey,
  productsPerPage,
  rememberProductsPerPage,
  type PerPageByPath,
} from '../../../core/catalog/products-per-page';

const path = fc.oneof(
  fc.constantFrom(
    '/en/products/toilets',
    '/en/products/toilets/',
    '/en/search?keyword=x',
    '__proto__',
    'constructor',
  ),
  fc.string({ maxLength: 12 }),
);
const option = fc.constantFrom(...PRODUCTS_PER_PAGE_OPTIONS);
const memory = fc.dictionary(fc.string({ maxLength: 12 }), fc.oneof(option, fc.integer()), {
  noNullPrototype: true,
  maxKeys: 5,
});

class MemoryPerPage implements PerPageMemory {
  constructor(private stored: PerPageByPath = {}) {}
  load(): PerPageByPath {
    return this.stored;
  }
  save(next: PerPageByPath): void {
    this.stored = next;
  }
}

describe('products per page (spec §9)', () => {
  it('is always 30 on mobile', () => {
    fc.assert(
      fc.property(memory, path, (m, p) => {
        expect(productsPerPage(m, p, true)).toBe(30);
      }),
    );
  });

  it('is one of 30/60/90, defaulting to 30 when nothing (valid) is remembered', () => {
    fc.assert(
      fc.property(memory, path, (m, p) => {
        const n = productsPerPage(m, p, false);
        expect(PRODUCTS_PER_PAGE_OPTIONS).toContain(n);
        const own = Object.hasOwn(m, perPageKey(p)) ? m[perPageKey(p)] : undefined;
        if (!PRODUCTS_PER_PAGE_OPTIONS.some((o) => o === own))
          expect(n).toBe(DEFAULT_PRODUCTS_PER_PAGE);
      }),
    );
  });

  it('remembers a choice per path, leaving other paths alone', () => {
    fc.assert(
      fc.property(memory, path, path, option, (m, p, other, n) => {
        const next = rememberProductsPerPage(m, p, n);
        expect(productsPerPage(next, p, false)).toBe(n);
        if (perPageKey(other) !== perPageKey(p)) {
          expect(productsPerPage(next, other, false)).toBe(productsPerPage(m, other, false));
        }
      }),
    );
    expect(perPageKey('/en/products/toilets/?sort=a-z#x')).toBe('/en/products/toilets');
  });

  it('through the use cases: refuses numbers that are not options and stores the rest', () => {
    fc.assert(
      fc.property(path, fc.oneof(option, fc.integer()), fc.boolean(), (p, n, mobile) => {
        const store = new MemoryPerPage();
        const chosen = new ChooseProductsPerPage(store).execute(p, n);
        const shown = new GetProductsPerPage(store).execute(p, mobile);
        if (PRODUCTS_PER_PAGE_OPTIONS.some((o) => o === n)) {
          expect(chosen).toEqual({ ok: true, value: n });
          expect(shown).toBe(mobile ? 30 : n);
        } else {
          expect(chosen.ok).toBe(false);
          expect(store.load()).toEqual({});
          expect(shown).toBe(30);
        }
      }),
    );
  });
});
