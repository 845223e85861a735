import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateCatalogue } from '../../../server/seed/catalogue/generate';
import { Random } from '../../../server/seed/catalogue/prng';
import { productImageSvg } from '../../../server/seed/images/catalogue-images';
import {
  CONTENT_IMAGE_NAMES,
  contentImageSize,
  contentImageSvg,
} from '../../../server/seed/images/content-images';
import { escapeXml, renderProductSvg } from '../../../server/seed/images/render';
import { allElements, parseXml } from './xml';

const MAX_BYTES = 3 * 1024;
const bytes = (text: string): number => new TextEncoder().encode(text).length;

const CATEGORY_SLUGS = [
  'toilets',
  'bathroom-sinks',
  'bathroom-faucets',
  'showers',
  'bathtubs',
  'vanities',
  'mirrors-cabinets',
  'bathroom-accessories',
  'kitchen-sinks',
  'kitchen-faucets',
  'kitchen-accessories',
  'service-parts',
  'design-services',
  'install-services',
];

const render = (categorySlug: string, finishHex = '#2b2b2b', title = 'A product', seed = 0) =>
  renderProductSvg({ categorySlug, finishHex, finishName: 'Matte Black', title, seed });

/** Characters XML 1.0 cannot carry at all; escapeXml drops them. */
// eslint-disable-next-line no-control-regex
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

describe('escapeXml', () => {
  it('makes any text safe inside an element: it reads back as the text itself', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const element = parseXml(`<t a="${escapeXml(text)}">${escapeXml(text)}</t>`);
        const expected = text.replace(XML_FORBIDDEN, '');
        expect(element.text).toBe(expected);
        expect(element.attributes['a']).toBe(expected);
      }),
    );
  });
});

describe('renderProductSvg', () => {
  it('draws every category as a well-formed, light 400 × 400 SVG with a title', () => {
    for (const slug of CATEGORY_SLUGS) {
      for (const seed of [0, 1, 2]) {
        const svg = render(slug, '#c7ccd1', `Title of ${slug}`, seed);
        expect(bytes(svg), slug).toBeLessThan(MAX_BYTES);
        const root = parseXml(svg);
        expect(root.name).toBe('svg');
        expect(root.attributes['viewBox']).toBe('0 0 400 400');
        expect(root.attributes['role']).toBe('img');
        expect(root.attributes['xmlns']).toBe('http://www.w3.org/2000/svg');
        expect(root.children[0]?.name).toBe('title');
        expect(root.children[0]?.text).toBe(`Title of ${slug}, Matte Black`);
      }
    }
  });

  it('draws a different picture for each category', () => {
    const drawings = CATEGORY_SLUGS.map((slug) => render(slug).replace(/<title>.*<\/title>/, ''));
    expect(new Set(drawings).size).toBe(CATEGORY_SLUGS.length);
  });

  it('tints the drawing with the finish colour', () => {
    const chrome = render('bathroom-faucets', '#c7ccd1');
    const black = render('bathroom-faucets', '#2b2b2b');
    expect(chrome).not.toBe(black);
    expect(black).toContain('#2b2b2b');
    expect(chrome).toContain('#c7ccd1');
  });

  it('is deterministic and escapes any title', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CATEGORY_SLUGS),
        fc.string(),
        fc.nat(),
        (slug, title, seed) => {
          const svg = render(slug, '#b9975b', title, seed);
          expect(render(slug, '#b9975b', title, seed)).toBe(svg);
          const root = parseXml(svg);
          expect(root.children[0]?.text).toBe(`${title.replace(XML_FORBIDDEN, '')}, Matte Black`);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('survives a malformed colour and an unknown category', () => {
    const svg = renderProductSvg({
      categorySlug: 'not-a-category',
      finishHex: 'red"/><script>',
      finishName: '<b>',
      title: 'x',
      seed: -5,
    });
    const elements = allElements(parseXml(svg));
    expect(elements.some((e) => e.name === 'script')).toBe(false);
  });
});

describe('productImageSvg', () => {
  const catalogue = generateCatalogue();
  const variants = catalogue.products.flatMap((p) => p.variants.map((v) => ({ p, v })));

  it('draws a sample of 100 variants as well-formed SVGs under 3 KB', () => {
    const sample = new Random(99).sample(variants, 100);
    expect(sample).toHaveLength(100);
    for (const { p, v } of sample) {
      const svg = productImageSvg(catalogue, v.sku);
      expect(svg, v.sku).not.toBeNull();
      expect(bytes(svg ?? ''), v.sku).toBeLessThan(MAX_BYTES);
      const finish = catalogue.finishes.find((f) => f.code === v.finishCode);
      expect(parseXml(svg ?? '').children[0]?.text).toBe(`${p.title}, ${finish?.name ?? ''}`);
      expect(svg).toContain(finish?.hex ?? 'no finish');
    }
  });

  it('draws the longest titles under 3 KB too', () => {
    const longest = [...variants].sort((a, b) => b.p.title.length - a.p.title.length).slice(0, 20);
    for (const { v } of longest)
      expect(bytes(productImageSvg(catalogue, v.sku) ?? '')).toBeLessThan(MAX_BYTES);
  });

  it('answers null for SKUs that are not variants', () => {
    for (const sku of [
      '',
      'K-4120',
      'K-4120-XX',
      'k-4120-bl',
      'K-0000-CP',
      '__proto__',
      'toString',
    ]) {
      expect(productImageSvg(catalogue, sku), sku).toBeNull();
    }
  });
});

describe('contentImageSvg', () => {
  it('draws every content image as a well-formed SVG under 3 KB with its declared size', () => {
    expect(CONTENT_IMAGE_NAMES.length).toBeGreaterThanOrEqual(10);
    for (const name of CONTENT_IMAGE_NAMES) {
      const svg = contentImageSvg(name);
      expect(svg, name).not.toBeNull();
      expect(bytes(svg ?? ''), name).toBeLessThan(MAX_BYTES);
      const root = parseXml(svg ?? '');
      const size = contentImageSize(name);
      expect(root.attributes['viewBox']).toBe(`0 0 ${size?.width ?? 0} ${size?.height ?? 0}`);
      expect(root.attributes['role']).toBe('img');
      expect(root.children[0]?.name).toBe('title');
      expect(root.children[0]?.text.length).toBeGreaterThan(5);
      const ids = allElements(root).flatMap((e) =>
        e.attributes['id'] === undefined ? [] : [e.attributes['id']],
      );
      expect(new Set(ids).size, `${name} has unique ids`).toBe(ids.length);
    }
  });

  it('answers null for unknown names', () => {
    for (const name of [
      '',
      'nope',
      '__proto__',
      'toString',
      'constructor',
      '../home-hero',
      'home-hero.svg',
    ]) {
      expect(contentImageSvg(name), name).toBeNull();
      expect(contentImageSize(name), name).toBeNull();
    }
  });
});
