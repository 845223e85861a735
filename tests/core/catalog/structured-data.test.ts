/**
 * Structured data for search engines: the Product's offer is the price the page shows, as a
 * two-place decimal; availability follows the page's; a rating only with reviews; nothing
 * undefined reaches the JSON; breadcrumbs are numbered from 1 in order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Availability } from '../../../core/catalog/get-product-page';
import { effectiveCents } from '../../../core/catalog/product';
import {
  breadcrumbStructuredData,
  decimalPrice,
  productStructuredData,
  schemaAvailability,
} from '../../../core/catalog/structured-data';
import { makeProduct } from './product-fixtures';

const availability: fc.Arbitrary<Availability | null> = fc.oneof(
  fc.constant(null),
  fc.constantFrom<Availability>(
    { kind: 'discontinued' },
    { kind: 'retail-exclusive' },
    { kind: 'service' },
    { kind: 'in-stock' },
    { kind: 'out-of-stock' },
  ),
  fc.integer({ min: 1, max: 5 }).map((quantity): Availability => ({ kind: 'low-stock', quantity })),
  fc
    .option(fc.integer({ min: 1, max: 90 }))
    .map((leadTimeDays): Availability => ({ kind: 'back-ordered', leadTimeDays })),
);

describe('decimalPrice', () => {
  it('reads back as the cents, with exactly two places', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        const text = decimalPrice(cents);
        expect(text).toMatch(/^\d+\.\d{2}$/);
        expect(Math.round(Number(text) * 100)).toBe(cents);
      }),
    );
  });
});

describe('productStructuredData', () => {
  it('offers the shown price and availability, rates only with reviews, and holds nothing undefined', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 500_000 }),
        fc.option(fc.integer({ min: 50, max: 99 })),
        fc.integer({ min: 0, max: 400 }),
        availability,
        fc.array(fc.webPath(), { maxLength: 4 }),
        (list, salePercent, reviewCount, shown, images) => {
          const base = makeProduct('K-100');
          const saleCents = salePercent === null ? null : Math.floor((list * salePercent) / 100);
          const product = {
            ...base,
            price: { currency: 'USD', listCents: list, saleCents },
            reviewCount,
            rating: reviewCount === 0 ? 0 : 4.2,
          };
          const data = productStructuredData({
            product,
            sku: 'K-100-BL',
            availability: shown,
            url: '/en/products/x/y.html',
            imageUrls: images,
          });
          expect(JSON.parse(JSON.stringify(data))).toEqual(data);
          const offers = data.offers as Record<string, unknown>;
          expect(Math.round(Number(offers.price) * 100)).toBe(effectiveCents(product.price));
          expect(offers.availability).toBe(schemaAvailability(shown));
          expect(data.sku).toBe('K-100-BL');
          expect('aggregateRating' in data).toBe(reviewCount > 0);
          expect('image' in data).toBe(images.length > 0);
        },
      ),
    );
  });

  it('maps each availability to its schema.org name', () => {
    expect(schemaAvailability({ kind: 'low-stock', quantity: 2 })).toBe(
      'https://schema.org/InStock',
    );
    expect(schemaAvailability({ kind: 'back-ordered', leadTimeDays: 10 })).toBe(
      'https://schema.org/BackOrder',
    );
    expect(schemaAvailability({ kind: 'discontinued' })).toBe('https://schema.org/Discontinued');
    expect(schemaAvailability({ kind: 'retail-exclusive' })).toBe('https://schema.org/InStoreOnly');
    expect(schemaAvailability(null)).toBe('https://schema.org/OutOfStock');
  });
});

describe('breadcrumbStructuredData', () => {
  it('numbers the crumbs from 1 in their order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: fc.string(), path: fc.webPath() }), { maxLength: 6 }),
        (crumbs) => {
          const items = breadcrumbStructuredData(crumbs).itemListElement as {
            position: number;
            name: string;
            item: string;
          }[];
          expect(items.map((i) => i.position)).toEqual(crumbs.map((_, i) => i + 1));
          expect(items.map((i) => [i.name, i.item])).toEqual(crumbs.map((c) => [c.name, c.path]));
        },
      ),
    );
  });
});
