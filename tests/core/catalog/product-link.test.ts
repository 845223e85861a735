import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categorySlug, sameCategory } from '../../../core/catalog/category';
import {
  DEFAULT_PRODUCT_LINK_CONFIG,
  productLinkConfigOf,
  productLinkPath,
  type ProductLinkConfig,
} from '../../../core/catalog/product-link';

const slug = fc.stringMatching(/^[a-z0-9]+(-[a-z0-9]+){0,4}$/);
const word = fc.stringMatching(/^[A-Za-z][a-z]{1,8}$/);
const special = ['design services', 'install services', 'service parts'];
const category = fc
  .array(word, { minLength: 1, maxLength: 3 })
  .map((w) => w.join(' '))
  .filter((c) => !special.includes(c.toLowerCase()));
const spelling = (name: string) =>
  fc.constantFrom(
    name,
    name.toLowerCase(),
    name.toUpperCase(),
    name.replace(' ', '-'),
    ` ${name} `,
  );

describe('category slug', () => {
  it('is hyphenated lower-case a–z and 0–9 only, and stable', () => {
    fc.assert(
      fc.property(fc.string(), (c) => {
        const s = categorySlug(c);
        expect(s).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
        expect(categorySlug(s)).toBe(s);
      }),
    );
    expect(categorySlug('Kitchen Faucets')).toBe('kitchen-faucets');
    expect(categorySlug('Bath & Spa')).toBe('bath-spa');
    expect(categorySlug('Éviers')).toBe('eviers');
  });
});

describe('product link paths (spec §2)', () => {
  it('sends any other category to list path + hyphenated category + {slug}.html', () => {
    fc.assert(
      fc.property(category, slug, (c, s) => {
        const expected = `/en/products/${c.toLowerCase().replace(/ /g, '-')}/${s}.html`;
        expect(productLinkPath({ category: c, slug: s })).toBe(expected);
      }),
    );
  });

  it('sends design and install services to their landings, whatever the spelling', () => {
    fc.assert(
      fc.property(spelling('Design Services'), spelling('Install Services'), slug, (d, i, s) => {
        // The landing names the service (spec §2 `service`); without a slug, the bare landing.
        expect(productLinkPath({ category: d, slug: s })).toBe(`/en/design-services?service=${s}`);
        expect(productLinkPath({ category: i, slug: s })).toBe(`/en/install-services?service=${s}`);
        expect(productLinkPath({ category: d, slug: '' })).toBe('/en/design-services');
      }),
    );
  });

  it('sends service parts to their product page marked type=part (the pinned PDP route)', () => {
    fc.assert(
      fc.property(spelling('Service Parts'), slug, (c, s) => {
        expect(productLinkPath({ category: c, slug: s })).toBe(
          `/en/products/service-parts/${s}.html?type=part`,
        );
      }),
    );
  });

  it('prefers a configured path for the category over every other rule; service parts stay marked type=part', () => {
    fc.assert(
      fc.property(
        fc.oneof(category, fc.constantFrom('Design Services', 'Service Parts')),
        slug,
        fc.stringMatching(/^(\/[a-z]{1,6}){1,3}$/),
        fc.boolean(),
        (c, s, base, template) => {
          const configured = template ? `${base}/{slug}.html` : base;
          const config: ProductLinkConfig = {
            ...DEFAULT_PRODUCT_LINK_CONFIG,
            categoryPaths: { [c.toUpperCase()]: configured },
          };
          const path = template ? `${base}/${s}.html` : base;
          const expected =
            c === 'Service Parts'
              ? `${path}?type=part`
              : c === 'Design Services' && !template
                ? `${path}?service=${s}`
                : path;
          expect(productLinkPath({ category: c, slug: s }, config)).toBe(expected);
          expect(sameCategory(c, c.toUpperCase())).toBe(true);
        },
      ),
    );
  });

  it('ignores a configured value that is not a same-origin path', () => {
    fc.assert(
      fc.property(
        category,
        slug,
        fc.constantFrom(
          'https://elsewhere.example/{slug}',
          '//evil.example/x',
          'javascript:alert(1)',
          '',
        ),
        (c, s, bad) => {
          const config = productLinkConfigOf({ pdpUrlMapping: { [c]: bad } });
          expect(productLinkPath({ category: c, slug: s }, config)).toBe(
            productLinkPath({ category: c, slug: s }),
          );
        },
      ),
    );
  });

  it("reads the configuration's pdpUrlMapping, as the server serves it", () => {
    const config = productLinkConfigOf({
      pdpUrlMapping: {
        'design-services': '/en/design-services',
        'kitchen-sinks': '/en/sinks/{slug}.html',
        'service-parts': '/en/service-parts/{slug}.html?from=map',
      },
    });
    expect(productLinkPath({ category: 'Design Services', slug: 'room' }, config)).toBe(
      '/en/design-services?service=room',
    );
    expect(productLinkPath({ category: 'Kitchen Sinks', slug: 'k-1' }, config)).toBe(
      '/en/sinks/k-1.html',
    );
    expect(productLinkPath({ category: 'Kitchen Sinks', slug: '' }, config)).toBe('/en/sinks');
    expect(productLinkPath({ category: 'Service Parts', slug: 'k-9' }, config)).toBe(
      '/en/service-parts/k-9.html?from=map&type=part',
    );
    expect(productLinkConfigOf({}).categoryPaths).toEqual({});
  });

  it('always gives one well-formed path, whatever the data', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (c, s) => {
        const path = productLinkPath({ category: c, slug: s });
        expect(path.startsWith('/en/')).toBe(true);
        expect(path).not.toMatch(/\/\.html|\/\/| /);
      }),
    );
    expect(productLinkPath({ category: '', slug: 'x' })).toBe('/en/products/product/x.html');
    expect(productLinkPath({ category: 'Toilets', slug: '' })).toBe('/en/products/toilets');
    expect(productLinkPath({ category: 'Toilets', slug: '/k-1.html' })).toBe(
      '/en/products/toilets/k-1.html',
    );
  });
});
