import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  documentVariants,
  productDetailFromDocument,
  type ProductSearchDocument,
} from '../../../core/catalog/search-document';
import {
  parseSkuDetail,
  parseSkuDetails,
  variantsFromSkuDetails,
} from '../../../core/catalog/sku-details';
import { DAY } from '../../../core/shared/clock';

const NOW = Date.UTC(2026, 2, 1);
const sku = fc.stringMatching(/^K-[0-9]{3,5}(-[A-Z0-9]{1,3})?$/);
const space = fc.constantFrom('', ' ', '  ', '\t');
const dateField = fc.oneof(
  fc.constant({ text: 'false', discontinued: false }),
  fc
    .integer({ min: -1000 * DAY, max: 1000 * DAY })
    .map((d) => ({ text: new Date(NOW + d).toISOString(), discontinued: d <= 0 })),
);
const extraFields = fc.array(fc.stringMatching(/^[A-Za-z0-9 #]{0,8}$/), { maxLength: 3 });

const entry = fc.tuple(sku, dateField, extraFields, space, space).map(([s, d, extra, a, b]) => ({
  sku: s,
  date: d,
  extra,
  text: [`${a}${s}${b}`, `${b}${d.text}${a}`, ...extra].join('|'),
}));

describe('SKU detail entries (spec §3)', () => {
  it('reads the sku and discontinued date, tolerating whitespace and extra fields', () => {
    fc.assert(
      fc.property(entry, (e) => {
        const parsed = parseSkuDetail(e.text);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        expect(parsed.value.sku).toBe(e.sku);
        expect(parsed.value.extra).toEqual(e.extra.map((f) => f.trim()));
        const [variant] = variantsFromSkuDetails([parsed.value], NOW);
        expect(variant?.discontinued).toBe(e.date.discontinued);
      }),
    );
  });

  it('rejects empty entries, bad SKUs and a missing date with a typed error', () => {
    fc.assert(
      fc.property(space, (s) => {
        expect(parseSkuDetail(s)).toEqual({ ok: false, error: { kind: 'empty-entry', entry: s } });
      }),
    );
    fc.assert(
      fc.property(sku, space, (s, pad) => {
        for (const text of [s, `${s}|`, `${s}|${pad}`]) {
          const parsed = parseSkuDetail(text);
          expect(parsed.ok ? 'ok' : parsed.error.kind).toBe('missing-discontinued-date');
        }
      }),
    );
    for (const text of ['|false', 'K 41|false', '<b>|false', ' | 2025-01-01']) {
      const parsed = parseSkuDetail(text);
      expect(parsed.ok ? 'ok' : parsed.error.kind).toBe('invalid-sku');
    }
  });

  it('keeps every good entry and reports every bad one, never throwing', () => {
    const anyEntry = fc.oneof(
      entry.map((e) => e.text),
      fc.string({ maxLength: 20 }),
    );
    fc.assert(
      fc.property(fc.array(anyEntry, { maxLength: 10 }), (entries) => {
        const { details, rejected } = parseSkuDetails(entries);
        expect(details.length + rejected.length).toBe(entries.length);
        expect(rejected.map((r) => r.entry)).toEqual(
          entries.filter((text) => !parseSkuDetail(text).ok),
        );
      }),
    );
  });

  it('gives one variant per SKU, the first entry winning', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 8 }), (entries) => {
        const { details } = parseSkuDetails(entries.map((e) => e.text));
        const variants = variantsFromSkuDetails(details, NOW);
        const skus = variants.map((v) => v.sku);
        expect(new Set(skus).size).toBe(skus.length);
        expect(skus).toEqual([...new Set(entries.map((e) => e.sku))]);
        for (const v of variants) {
          const first = entries.find((e) => e.sku === v.sku);
          expect(v.discontinued).toBe(first?.date.discontinued);
        }
      }),
    );
  });
});

describe('product search documents (spec §3)', () => {
  it('orders variants by the variant list and marks those without details as sellable', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(sku, { minLength: 1, maxLength: 6 }),
        fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        (skus, withDetails) => {
          const details = skus
            .filter((_, i) => withDetails[i] === true)
            .map((s) => `${s}|${new Date(NOW - DAY).toISOString()}`);
          const doc: ProductSearchDocument = {
            'variantList.sku_ss': skus,
            'SKU.Details_ss': details,
          };
          const { variants } = documentVariants(doc, NOW);
          expect(variants.map((v) => v.sku)).toEqual(skus);
          variants.forEach((v, i) => {
            expect(v.discontinued).toBe(withDetails[i] === true);
          });
        },
      ),
    );
  });

  it('reads the colour details too and maps a product detail', () => {
    const doc: ProductSearchDocument = {
      sku_s: 'K-4120',
      slug_s: 'lavabo-wall-sink',
      Product_Title_s: 'Wall sink',
      ProductLocalCategory_s: 'Bathroom Sinks',
      'SKU.Details_ss': ['K-4120-0|false'],
      'Color.SKU.Details_ss': ['K-4120-BL | 2020-01-01T00:00:00Z | Black', 'broken'],
      'priceList.us.price_d': 249.99,
    };
    const detail = productDetailFromDocument(doc, NOW);
    expect(detail.ok).toBe(true);
    if (!detail.ok) return;
    expect(detail.value.customerFacingSKU).toBe('4120');
    expect(detail.value.variants).toEqual([
      { sku: 'K-4120-0', discontinued: false },
      { sku: 'K-4120-BL', discontinued: true },
    ]);
    expect(detail.value.discontinued).toBe(false);
    expect(detail.value.rejectedSkuDetails.map((r) => r.kind)).toEqual([
      'missing-discontinued-date',
    ]);
    expect(productDetailFromDocument({ slug_s: 'x' }, NOW)).toEqual({
      ok: false,
      error: { kind: 'missing-sku' },
    });
  });

  it('calls a product discontinued only when every one of its variants is', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(sku, { minLength: 1, maxLength: 5 }),
        fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
        (skus, gone) => {
          const doc: ProductSearchDocument = {
            sku_s: 'K-1',
            slug_s: 's',
            'SKU.Details_ss': skus.map(
              (s, i) => `${s}|${gone[i] === true ? '2000-01-01' : 'false'}`,
            ),
          };
          const detail = productDetailFromDocument(doc, NOW);
          expect(detail.ok && detail.value.discontinued).toBe(
            skus.every((_, i) => gone[i] === true),
          );
        },
      ),
    );
  });
});
