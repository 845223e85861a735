import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PRODUCT_KIND_LABELS,
  productKind,
  type ProductFacts,
} from '../../../core/catalog/product-kind';

const facts = fc.record(
  {
    category: fc.constantFrom('Toilets', 'Kitchen Faucets', 'Service Parts', 'service-parts'),
    discontinued: fc.boolean(),
    retailExclusive: fc.boolean(),
    superSku: fc.boolean(),
    requiredItems: fc.array(fc.stringMatching(/^K-[0-9]{3}$/), { maxLength: 2 }),
  },
  { noNullPrototype: true },
);

const isPart = (f: ProductFacts) => f.category.toLowerCase().replace('-', ' ') === 'service parts';

describe('product kinds (spec §3)', () => {
  it('follows the ladder: discontinued, retail exclusive, super sku, then the regular kinds', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const kind = productKind(f);
        const expected = f.discontinued
          ? 'discontinued'
          : f.retailExclusive
            ? 'retail-exclusive'
            : f.superSku
              ? 'super-sku'
              : isPart(f)
                ? 'regular-part'
                : f.requiredItems.length > 0
                  ? 'regular-with-required-items'
                  : 'regular-finished-goods';
        expect(kind).toBe(expected);
        expect(PRODUCT_KIND_LABELS[kind]).toBeTruthy();
      }),
    );
  });

  it('a regular kind means no special fact holds', () => {
    fc.assert(
      fc.property(facts, (f) => {
        if (productKind(f).startsWith('regular')) {
          expect(f.discontinued || f.retailExclusive || f.superSku).toBe(false);
        }
      }),
    );
  });

  it('names all six kinds of the spec', () => {
    expect(Object.values(PRODUCT_KIND_LABELS).sort()).toEqual(
      [
        'discontinued',
        'regular finished goods',
        'regular part',
        'regular w/required items',
        'retail exclusive',
        'super sku',
      ].sort(),
    );
  });
});
