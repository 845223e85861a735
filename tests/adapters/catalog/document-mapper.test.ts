/** The Solr document mapper, as properties over generated documents. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  facetLabel,
  mappingContext,
  toFacets,
  toPriceRanges,
  toProductDetails,
  toProductSummary,
  toSpellingSuggestion,
} from '../../../adapters/http/catalog/document-mapper';
import {
  PlpAnswerCodec,
  SearchDocumentCodec,
  type SearchDocument,
} from '../../../adapters/http/catalog/search-document.codec';
import { documentFacts, isDiscontinuedAt, NOW, toDocument } from './solr-documents';

const ctx = mappingContext(NOW);
const facts = fc.integer({ min: 1000, max: 99_999 }).chain(documentFacts);

const expectedPath = (category: string, slug: string): string => {
  // A service's link names it on its landing (spec §2 `service`).
  if (category === 'design-services') {
    return slug === ''
      ? '/en/design-services'
      : `/en/design-services?service=${encodeURIComponent(slug)}`;
  }
  if (category === 'service-parts') return `/en/products/service-parts/${slug}.html?type=part`;
  return `/en/products/${category}/${slug}.html`;
};

describe('toProductSummary', () => {
  it('keeps prices in cents exactly (list, and sale only when lower)', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const p = toProductSummary(toDocument(f), ctx);
        expect(p?.price).toEqual({
          currency: 'USD',
          listCents: f.listCents,
          saleCents: f.saleCents,
        });
      }),
    );
  });

  it('marks each finish discontinued exactly when its date is at or before now', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const p = toProductSummary(toDocument(f), ctx);
        expect(p?.finishes.map((x) => [x.sku, x.discontinued])).toEqual(
          f.variants.map((v) => [v.sku, isDiscontinuedAt(v.date, NOW)]),
        );
        const all = f.variants.length > 0 && f.variants.every((v) => isDiscontinuedAt(v.date, NOW));
        expect(p?.discontinued).toBe(all);
      }),
    );
  });

  it('reads finish names, swatches, codes, images and stock from the colour details', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const p = toProductSummary(toDocument(f), ctx);
        expect(p?.finishes).toEqual(
          f.variants.map((v) => ({
            sku: v.sku,
            code: v.finish.code,
            name: v.finish.name,
            hex: v.finish.hex,
            discontinued: isDiscontinuedAt(v.date, NOW),
            outOfStock: v.qty < 1 && !f.backorderable && f.category.slug !== 'design-services',
            availableQty: v.qty,
            imageUrl: `/images/products/${v.sku}.svg`,
          })),
        );
      }),
    );
  });

  it('links to the product page by category and slug', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const p = toProductSummary(toDocument(f), ctx);
        expect(p?.path).toBe(expectedPath(f.category.slug, f.slug));
        expect(p?.category).toBe(f.category.slug);
        expect(p?.categoryName).toBe(f.category.name);
      }),
    );
  });

  it('shows the image of the finish the product page opens on: the first in stock, else the first sellable, else still sold', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const p = toProductSummary(toDocument(f), ctx);
        const live = f.variants.filter((v) => !isDiscontinuedAt(v.date, NOW));
        const sellable = f.backorderable || f.category.slug === 'design-services';
        const shown =
          live.find((v) => v.qty > 0) ??
          (sellable ? live[0] : undefined) ??
          live[0] ??
          f.variants[0];
        expect(p?.image.url).toBe(shown === undefined ? '' : `/images/products/${shown.sku}.svg`);
      }),
    );
  });

  it('leaves out documents without a usable SKU or slug', () => {
    const doc = toDocument(fc.sample(facts, 1)[0]!);
    expect(toProductSummary({ ...doc, sku_s: ' ', masterSKU_s: '' }, ctx)).toBeNull();
    expect(toProductSummary({ ...doc, slug_s: '  ' }, ctx)).toBeNull();
  });
});

describe('toProductDetails', () => {
  it('reads the pipe-separated specs and documents, attributes and the customer-facing SKU', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const d = toProductDetails(toDocument(f), ctx);
        expect(d?.customerFacingSku).toBe(f.sku.slice(2));
        expect(d?.specs).toEqual([
          { group: 'Dimensions', label: 'Width', value: '20 in' },
          { group: 'Materials', label: 'Material', value: 'Brass | zinc' },
        ]);
        expect(d?.documents).toEqual([
          {
            kind: 'spec-sheet',
            title: 'Specification Sheet',
            url: `/api/catalog/pdf-file-download?page=${f.sku}`,
          },
        ]);
        expect(d?.attributes).toEqual({ mount: f.mount });
        expect(d?.kind).toBe(
          d?.discontinued === true
            ? 'discontinued'
            : f.category.slug === 'service-parts'
              ? 'regular-part'
              : 'regular-finished-goods',
        );
      }),
    );
  });

  it('reads linked SKUs, required items and the super-SKU kind', () => {
    const doc = toDocument({ ...fc.sample(facts, 1)[0]!, variants: [] });
    const d = toProductDetails(
      {
        ...doc,
        superSkuComponents_ss: ['K-1', 'K-2'],
        requiredItems_ss: ['k-9', 'not a sku!'],
        leadTimeDays_i: 14,
      },
      ctx,
    );
    expect(d?.superSkuComponents).toEqual(['K-1', 'K-2']);
    expect(d?.requiredItems).toEqual(['K-9']);
    expect(d?.kind).toBe('super-sku');
    expect(d?.leadTimeDays).toBe(14);
  });
});

describe('the document codec', () => {
  it('needs only sku_s, slug_s and Product_Title_s, keeps unknown fields and reads attributes as text', () => {
    const decoded = SearchDocumentCodec.decode({
      sku_s: 'K-1',
      slug_s: 's',
      Product_Title_s: 'T',
      brandNew_s: 'kept',
      attr_bowls_s: 2,
      attr_whirlpool_s: true,
      attr_odd_s: { nested: 1 },
    });
    expect(decoded._tag).toBe('Right');
    const doc = (decoded as { right: SearchDocument }).right;
    expect(doc['attr_bowls_s']).toBe('2');
    expect(doc['attr_whirlpool_s']).toBe('true');
    expect('attr_odd_s' in doc).toBe(false);
    expect((doc as Record<string, unknown>).brandNew_s).toBe('kept');
    expect(SearchDocumentCodec.decode({ sku_s: 'K-1', slug_s: 's' })._tag).toBe('Left');
    expect(
      SearchDocumentCodec.decode({
        sku_s: 'K-1',
        slug_s: 's',
        Product_Title_s: 'T',
        finalPrice_d: '9',
      })._tag,
    ).toBe('Left');
  });

  it('decodes every generated document and plp answer', () => {
    fc.assert(
      fc.property(fc.array(facts, { maxLength: 5 }), (all) => {
        const answer = {
          responseHeader: { status: 0, QTime: 1 },
          response: { numFound: all.length, start: 0, docs: all.map(toDocument) },
        };
        expect(PlpAnswerCodec.decode(answer)._tag).toBe('Right');
      }),
    );
  });
});

describe('facets', () => {
  const field = fc.constantFrom(
    'finish_ss',
    'brand_s',
    'collection_s',
    'category_s',
    'attr_mount_s',
    'attr_bowls_s',
  );
  const counts = fc.uniqueArray(fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.nat(50)), {
    selector: ([v]) => v,
    maxLength: 8,
  });

  it('reads Solr flat lists in order, drops empty values unless selected, and labels fields', () => {
    fc.assert(
      fc.property(field, counts, fc.boolean(), (f, pairs, selectFirst) => {
        const selected = selectFirst && pairs[0] !== undefined ? [pairs[0][0]] : [];
        const facets = toFacets(
          { [f]: pairs.flatMap(([v, c]) => [v, c]) },
          [f],
          selected.map((value) => ({ field: f, value })),
        );
        const kept = pairs.filter(([v, c]) => c > 0 || selected.includes(v));
        if (kept.length === 0) {
          expect(facets).toEqual([]);
          return;
        }
        expect(facets).toEqual([
          {
            field: f,
            label: facetLabel(f),
            values: kept.map(([value, count]) => ({
              value,
              count,
              selected: selected.includes(value),
            })),
          },
        ]);
      }),
    );
  });

  it('names fields as a shopper reads them', () => {
    expect(['finish_ss', 'brand_s', 'collection_s', 'category_s'].map(facetLabel)).toEqual([
      'Finish',
      'Brand',
      'Collection',
      'Category',
    ]);
    expect(['attr_mount_s', 'attr_material_s', 'attr_bowls_s'].map(facetLabel)).toEqual([
      'Mount',
      'Material',
      'Bowls',
    ]);
  });

  it('keeps a selected value the answer no longer lists, so its chip can be cleared', () => {
    const facets = toFacets(
      { brand_s: ['Lavabo', 3] },
      ['brand_s'],
      [{ field: 'brand_s', value: 'Norrland' }],
    );
    expect(facets[0]?.values).toEqual([
      { value: 'Lavabo', count: 3, selected: false },
      { value: 'Norrland', count: 0, selected: true },
    ]);
  });

  it('builds one price range per non-empty bucket of the range facet, in cents', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(20), { minLength: 1, maxLength: 15 }),
        fc.constantFrom(50, 100, 250),
        (bucketCounts, gap) => {
          const ranges = toPriceRanges(
            {
              finalPrice_d: {
                counts: bucketCounts.flatMap((c, i) => [String(i * gap), c]),
                gap,
                start: 0,
                end: bucketCounts.length * gap,
              },
            },
            'USD',
          );
          const expected = bucketCounts.flatMap((count, i) =>
            count === 0 ? [] : [{ fromCents: i * gap * 100, toCents: (i + 1) * gap * 100, count }],
          );
          expect(
            ranges.map(({ fromCents, toCents, count }) => ({ fromCents, toCents, count })),
          ).toEqual(expected);
          for (const r of ranges) {
            expect(r.fq).toBe(`finalPrice_d:[${r.fromCents / 100} TO ${r.toCents / 100}}`);
          }
        },
      ),
    );
  });

  it('reads no ranges from a malformed range facet', () => {
    expect(
      toPriceRanges({ finalPrice_d: { counts: ['x', 1], gap: 100, start: 0, end: 100 } }, 'USD'),
    ).toEqual([]);
    expect(toPriceRanges(undefined, 'USD')).toEqual([]);
  });
});

describe('spelling suggestions', () => {
  it('takes the first collation, as text or as Solr collation object', () => {
    expect(
      toSpellingSuggestion({
        correctlySpelled: false,
        collations: ['faucet'],
        suggestionExactMatch: false,
      }),
    ).toEqual({ text: 'faucet', exactMatch: false });
    expect(toSpellingSuggestion({ collations: [{ collationQuery: 'sink' }] })).toEqual({
      text: 'sink',
      exactMatch: false,
    });
    expect(toSpellingSuggestion({ correctlySpelled: true, collations: [] })).toBeNull();
    expect(toSpellingSuggestion(undefined)).toBeNull();
  });
});
