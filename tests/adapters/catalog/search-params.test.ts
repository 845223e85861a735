/** A ProductQuery as Solr parameters: filter queries, facet fields, sort, paging. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProductQuery } from '../../../core/catalog/product';
import { SORT_KEYS } from '../../../core/catalog/sort-options';
import {
  CATEGORY_FACET_ATTRIBUTES,
  facetFieldsFor,
  filterQueries,
  plpParams,
  quoteValue,
} from '../../../adapters/http/catalog/search-params';
import { CATEGORIES } from '../../../server/seed/catalogue/reference';

const base: ProductQuery = { filters: [], sort: 'featured', start: 0, rows: 30 };

describe('filterQueries', () => {
  it('ORs the values of one field and ANDs fields, then the category and the price', () => {
    expect(
      filterQueries({
        ...base,
        category: 'kitchen-faucets',
        filters: [
          { field: 'finish_ss', value: 'Matte Black' },
          { field: 'brand_s', value: 'Lavabo' },
          { field: 'finish_ss', value: 'Polished Chrome' },
        ],
        price: { fromCents: 10_000, toCents: 20_000 },
      }),
    ).toEqual([
      'finish_ss:("Matte Black" OR "Polished Chrome")',
      'brand_s:("Lavabo")',
      'category_s:kitchen-faucets',
      'finalPrice_d:[100 TO 200}',
    ]);
  });

  it('gives one fq per filtered field, each naming every chosen value once, quoted', () => {
    const filter = fc.record(
      { field: fc.constantFrom('finish_ss', 'brand_s', 'attr_mount_s'), value: fc.string() },
      { noNullPrototype: true },
    );
    fc.assert(
      fc.property(fc.array(filter, { maxLength: 8 }), (filters) => {
        const fq = filterQueries({ ...base, filters });
        const fields = [...new Set(filters.map((f) => f.field))];
        expect(fq).toHaveLength(fields.length);
        fields.forEach((field, i) => {
          const values = [...new Set(filters.filter((f) => f.field === field).map((f) => f.value))];
          expect(fq[i]).toBe(`${field}:(${values.map(quoteValue).join(' OR ')})`);
        });
      }),
    );
  });

  it('escapes quotes and backslashes inside values', () => {
    expect(quoteValue('12" wide \\ deep')).toBe('"12\\" wide \\\\ deep"');
  });

  it('quotes a category that is not a plain slug', () => {
    expect(filterQueries({ ...base, category: 'bath & spa' })).toEqual(['category_s:"bath & spa"']);
  });
});

describe('facetFieldsFor', () => {
  it('asks for finish, brand and collection, plus the category attributes on a list page', () => {
    expect(facetFieldsFor({ ...base, category: 'kitchen-sinks' })).toEqual([
      'finish_ss',
      'brand_s',
      'collection_s',
      'attr_mount_s',
      'attr_bowls_s',
      'attr_material_s',
      'attr_gauge_s',
    ]);
  });

  it('adds the category facet for a keyword search, and attributes once one category is chosen', () => {
    expect(facetFieldsFor({ ...base, keyword: 'faucet' })).toEqual([
      'category_s',
      'finish_ss',
      'brand_s',
      'collection_s',
    ]);
    expect(
      facetFieldsFor({
        ...base,
        keyword: 'faucet',
        filters: [{ field: 'category_s', value: 'bathroom-faucets' }],
      }),
    ).toEqual([
      'category_s',
      'finish_ss',
      'brand_s',
      'collection_s',
      'attr_mount_s',
      'attr_handles_s',
      'attr_gpm_s',
    ]);
  });

  it('names the same facet attributes per category as the catalogue does', () => {
    expect(CATEGORY_FACET_ATTRIBUTES).toEqual(
      Object.fromEntries(CATEGORIES.map((c) => [c.slug, c.facetAttributes])),
    );
  });
});

describe('plpParams', () => {
  it('sends the sort option, clamped paging, the facets and the price range facet', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SORT_KEYS),
        fc.integer({ min: -50, max: 5000 }),
        fc.integer({ min: -5, max: 500 }),
        (sort, start, rows) => {
          const params = plpParams({ ...base, sort, start, rows }, ['finish_ss']);
          expect(params.start).toBe(Math.max(0, start));
          expect(params.rows).toBe(Math.min(100, Math.max(0, rows)));
          expect(params['facet.field']).toEqual(['finish_ss']);
          expect(params['facet.range']).toBe('finalPrice_d');
          expect(params.sort).toBe(
            {
              featured: undefined,
              'best-sellers': 'unitsSold_i desc',
              'price-asc': 'finalPrice_d asc',
              'price-desc': 'finalPrice_d desc',
              'a-z': 'Product_Title_s asc',
              'z-a': 'Product_Title_s desc',
              newest: 'launchDate_dt desc',
              oldest: 'launchDate_dt asc',
            }[sort],
          );
        },
      ),
    );
  });

  it('sends keywords as q, and no q for a category list', () => {
    expect(plpParams({ ...base, keyword: '  pull-down faucet ' }, []).q).toBe('pull-down faucet');
    expect('q' in plpParams({ ...base, keyword: '   ' }, [])).toBe(false);
  });
});
