/**
 * Stock rewritten into stored search documents (server/search/stock.ts) must be exactly the
 * documents built from the records with that stock: master and every variant, the featured order
 * included — else a list after an order would differ from one after a fresh load.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  featuredScore,
  toSearchDocument,
  toVariantDocuments,
  variantDocument,
  variantOverrides,
  withStock,
  withVariantStock,
} from '../../../server/search/documents';
import type { ProductRecord } from '../../../server/seed/catalogue/model';
import { catalogueTruth } from '../catalogue/support';

const { catalogue } = catalogueTruth();

describe('stock in search documents', () => {
  it('equals the documents built from the records with the new stock', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: catalogue.products.length - 1 }),
        fc.array(fc.option(fc.integer({ min: 0, max: 500 }), { nil: undefined }), {
          minLength: 8,
          maxLength: 8,
        }),
        (index, quantities) => {
          const product = catalogue.products[index] as ProductRecord;
          const master = toSearchDocument(product, catalogue);
          const stored = toVariantDocuments(product, catalogue).map((v) =>
            variantOverrides(master, v),
          );
          const qty = new Map<string, number>();
          product.variants.forEach((v, i) => {
            const n = quantities[i];
            if (n !== undefined) qty.set(v.sku, n);
          });
          const changed: ProductRecord = {
            ...product,
            variants: product.variants.map((v) => ({
              ...v,
              availableQty: qty.get(v.sku) ?? v.availableQty,
            })),
          };
          const expected = toSearchDocument(changed, catalogue);
          const updated = withStock(master, qty);
          expect(updated).toEqual(expected);
          expect(featuredScore(updated)).toBe(featuredScore(expected));
          const expectedVariants = toVariantDocuments(changed, catalogue);
          stored.forEach((overrides, i) => {
            const whole = withVariantStock(variantDocument(master, overrides), updated);
            expect(whole).toEqual(expectedVariants[i]);
            // Stored again as overrides of the new master, it reads back the same.
            expect(variantDocument(updated, variantOverrides(updated, whole))).toEqual(whole);
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});
