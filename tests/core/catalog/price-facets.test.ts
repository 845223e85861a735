import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceRanges, type PriceRangeFacet } from '../../../core/catalog/price-facets';

const facet = fc
  .record(
    {
      start: fc.integer({ min: 0, max: 500 }),
      gapCents: fc.integer({ min: 1, max: 50_000 }),
      buckets: fc.integer({ min: 0, max: 20 }),
      counts: fc.array(fc.nat(40), { minLength: 20, maxLength: 20 }),
    },
    { noNullPrototype: true },
  )
  .map(({ start, gapCents, buckets, counts }) => {
    const gap = gapCents / 100;
    // Solr writes bucket starts as strings ("0.0"); a number works as well.
    const flat = Array.from({ length: buckets }, (_, i) => {
      const at = (start * 100 + i * gapCents) / 100;
      return [i % 2 === 0 ? at.toFixed(2) : at, counts[i] ?? 0];
    }).flat();
    return {
      facet: { start, end: start + buckets * gap, gap, counts: flat },
      gapCents,
      counts: counts.slice(0, buckets),
    };
  });

describe('price facet ranges (spec §9)', () => {
  it('labels and filters each range of the gap', () => {
    const r = priceRanges({
      start: 0,
      end: 300,
      gap: 100,
      counts: ['0.0', 4, '100.0', 0, '200.0', 7],
    });
    expect(r).toEqual({
      ok: true,
      value: [
        {
          fromCents: 0,
          toCents: 10000,
          count: 4,
          label: '$0 – $100',
          fq: 'finalPrice_d:[0 TO 100}',
        },
        {
          fromCents: 20000,
          toCents: 30000,
          count: 7,
          label: '$200 – $300',
          fq: 'finalPrice_d:[200 TO 300}',
        },
      ],
    });
    const map = priceRanges({
      start: 0,
      end: 20,
      gap: 9.5,
      counts: { '0.0': 1, '9.5': 2, '19.0': 3 },
    });
    expect(map.ok && map.value.map((x) => x.label)).toEqual([
      '$0 – $9.50',
      '$9.50 – $19',
      '$19 – $28.50',
    ]);
    expect(map.ok && map.value.map((x) => x.fq)).toEqual([
      'finalPrice_d:[0 TO 9.5}',
      'finalPrice_d:[9.5 TO 19}',
      'finalPrice_d:[19 TO 28.5}',
    ]);
  });

  it('gives adjacent ranges exactly one gap wide, counts from the facet, non-empty by default', () => {
    fc.assert(
      fc.property(facet, ({ facet: f, gapCents, counts }) => {
        const all = priceRanges(f, { includeEmpty: true });
        expect(all.ok).toBe(true);
        if (!all.ok) return;
        expect(all.value.length).toBe(counts.length);
        all.value.forEach((range, i) => {
          expect(range.fromCents).toBe(f.start * 100 + i * gapCents);
          expect(range.toCents - range.fromCents).toBe(gapCents);
          expect(range.count).toBe(counts[i]);
          expect(range.fq).toMatch(/^finalPrice_d:\[\d+(\.\d{1,2})? TO \d+(\.\d{1,2})?\}$/);
          expect(range.label).toMatch(/^\$[\d,]+(\.\d\d)? – \$[\d,]+(\.\d\d)?$/);
          const next = all.value[i + 1];
          if (next !== undefined) expect(next.fromCents).toBe(range.toCents);
        });
        const shown = priceRanges(f);
        expect(shown.ok && shown.value).toEqual(all.value.filter((x) => x.count > 0));
      }),
    );
  });

  it('refuses a bad gap, bounds or counts with a typed error', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constant(0), fc.constant(Number.NaN), fc.double({ max: -0.01, noNaN: true })),
        (gap) => {
          const r = priceRanges({ start: 0, end: 100, gap, counts: [] });
          expect(r.ok ? 'ok' : r.error.kind).toBe('invalid-gap');
        },
      ),
    );
    const kind = (f: PriceRangeFacet) => {
      const r = priceRanges(f);
      return r.ok ? 'ok' : r.error.kind;
    };
    expect(kind({ start: 100, end: 0, gap: 10, counts: [] })).toBe('invalid-bounds');
    expect(kind({ start: 0, end: 100_000, gap: 1, counts: [] })).toBe('too-many-ranges');
    expect(kind({ start: 0, end: 100, gap: 10, counts: ['x', 1] })).toBe('malformed-counts');
    expect(kind({ start: 0, end: 100, gap: 10, counts: ['0', -1] })).toBe('malformed-counts');
    expect(kind({ start: 0, end: 100, gap: 10, counts: ['0'] })).toBe('malformed-counts');
  });
});
