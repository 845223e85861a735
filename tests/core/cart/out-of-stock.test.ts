import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isDesignOrInstallCategory,
  isOutOfStock,
  normalizeCategory,
} from '../../../core/cart/out-of-stock';

const qty = fc.integer({ min: 0, max: 1000 });
const ordinaryCategory = fc.option(
  fc.constantFrom('Kitchen Faucets', 'toilets', 'Service Parts', 'designer-sinks', 'installers'),
  { nil: undefined },
);

/** "Design Services" spelled the ways a back end might: case, spaces, underscores, hyphens. */
const spelledExemptCategory = fc
  .tuple(
    fc.constantFrom('design', 'install'),
    fc.constantFrom(' ', '-', '_', '  ', ' - '),
    fc.array(fc.boolean(), { minLength: 15, maxLength: 15 }),
    fc.constantFrom('', ' '),
  )
  .map(([word, sep, upper, pad]) => {
    const raw = `${word}${sep}services`;
    return (
      pad + [...raw].map((ch, i) => (upper[i] === true ? ch.toUpperCase() : ch)).join('') + pad
    );
  });

describe('out of stock (spec §4)', () => {
  it('is out of stock exactly when available is below requested, for ordinary goods', () => {
    fc.assert(
      fc.property(qty, qty, ordinaryCategory, (available, requested, category) => {
        const out = isOutOfStock({
          availableQty: available,
          requestedQty: requested,
          backorderable: false,
          isService: false,
          category,
        });
        expect(out).toBe(available < requested);
      }),
    );
  });

  it('is never out of stock when back-orderable, a service, or design/install', () => {
    fc.assert(
      fc.property(
        fc.option(qty, { nil: undefined }),
        qty,
        fc.constantFrom('backorderable', 'service', 'category'),
        spelledExemptCategory,
        (available, requested, exemption, category) => {
          const out = isOutOfStock({
            availableQty: available,
            requestedQty: requested,
            backorderable: exemption === 'backorderable',
            isService: exemption === 'service',
            category: exemption === 'category' ? category : 'toilets',
          });
          expect(out).toBe(false);
        },
      ),
    );
  });

  it('treats unknown stock as in stock', () => {
    fc.assert(
      fc.property(qty, fc.boolean(), (requested, service) => {
        expect(
          isOutOfStock({
            availableQty: undefined,
            requestedQty: requested,
            backorderable: false,
            isService: service,
          }),
        ).toBe(false);
      }),
    );
  });

  it('is monotonic: asking for more never brings an item back in stock', () => {
    fc.assert(
      fc.property(qty, qty, fc.boolean(), (available, requested, backorderable) => {
        const check = (r: number): boolean =>
          isOutOfStock({
            availableQty: available,
            requestedQty: r,
            backorderable,
            isService: false,
          });
        if (check(requested)) expect(check(requested + 1)).toBe(true);
      }),
    );
  });

  it('recognises design/install categories however they are spelled, and nothing else', () => {
    fc.assert(
      fc.property(spelledExemptCategory, (c) => {
        expect(isDesignOrInstallCategory(c)).toBe(true);
      }),
    );
    expect(normalizeCategory(' Design_Services ')).toBe('design-services');
    expect(isDesignOrInstallCategory('designer-sinks')).toBe(false);
    expect(isDesignOrInstallCategory('Service Parts')).toBe(false);
    expect(isDesignOrInstallCategory(undefined)).toBe(false);
  });
});
