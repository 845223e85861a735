/**
 * A variant's stock has one answer in every adapter that reads it from a search document — the
 * product page's mapper, the demo's product catalogue and the demo's cart — whatever the colour
 * details state: a count, or nothing (empty, missing, not a number), which is unknown, not 0 (the
 * demo cart's engine reads unknown as UNKNOWN_STOCK, which never limits a line).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoCatalogueFacts, UNKNOWN_STOCK } from '../../../adapters/fake/cart/catalogue-facts';
import { FakeProductCatalog } from '../../../adapters/fake/catalog/fake-product-catalog';
import {
  documentVariantStock,
  mappingContext,
  toProductDetails,
} from '../../../adapters/http/catalog/document-mapper';
import type { SearchDocument } from '../../../adapters/http/catalog/search-document.codec';
import { parseStockQuantity } from '../../../core/catalog/variant-stock';
import { ManualClock } from '../../../core/shared/clock';
import { documentFacts, NOW, toDocument } from './solr-documents';

const quantityTexts = fc.oneof(
  fc.integer({ min: -5, max: 40 }).map(String),
  fc.constantFrom('', ' ', 'abc', '2.7', 'NaN', '1e3'),
);

/** The document with each variant's quantity field replaced by the text drawn for it. */
const withQuantities = (doc: SearchDocument, texts: readonly string[]): SearchDocument => ({
  ...doc,
  'Color.SKU.Details_ss': (doc['Color.SKU.Details_ss'] ?? []).map((entry, i) => {
    const fields = entry.split('|');
    fields[5] = texts[i % texts.length] ?? '';
    return fields.join('|');
  }),
});

const documents = fc
  .tuple(documentFacts(4120), fc.array(quantityTexts, { minLength: 1, maxLength: 6 }))
  .map(([facts, texts]) => ({ facts, doc: withQuantities(toDocument(facts), texts) }));

describe('a variant’s stock, read from its search document', () => {
  it('is the same in the mapper, the demo catalogue and the demo cart; unknown is never 0', async () => {
    await fc.assert(
      fc.asyncProperty(documents, async ({ facts, doc }) => {
        const stated = documentVariantStock(doc);
        const product = toProductDetails(doc, mappingContext(NOW));
        const cart = demoCatalogueFacts({ documents: [doc] }, 'USD');
        const catalog = new FakeProductCatalog(
          { documents: [doc], reviews: {} },
          new ManualClock(NOW),
        );
        for (const entry of doc['Color.SKU.Details_ss'] ?? []) {
          const [sku = '', , , , , text] = entry.split('|');
          const units = parseStockQuantity(text);
          expect(stated.get(sku)).toBe(units);
          const finish = product?.finishes.find((f) => f.sku === sku);
          if (finish !== undefined) {
            // Back-orderable goods and design services are never out of stock, known or not.
            const stockMatters = !facts.backorderable && facts.category.slug !== 'design-services';
            expect(finish.outOfStock).toBe(stockMatters && units !== undefined && units < 1);
            // The cart engine needs a number: unknown lets a line hold as many as it may.
            expect(cart.get(sku)?.availableQty).toBe(units ?? UNKNOWN_STOCK);
          }
          const answer = await catalog.stock(sku).then(
            (n) => n,
            () => undefined,
          );
          expect(answer).toBe(units);
        }
      }),
      { numRuns: 100 },
    );
  });
});
