/**
 * Issue 12: the demo catalogue must not contradict itself. Every product's drawing, copy and
 * reviews come from its own attributes: a wall-mount pot filler is not drawn as a one-handle deck
 * faucet, a single-bowl sink not with two bowls, a pot filler's review not about "every corner of
 * the sink"; the copy says "an 8 in reach" and "1 review", and the shop spells the US way.
 */
import { describe, expect, it } from 'vitest';
import { listPageModelPaths, loadPageModel } from '../../../server/content';
import { generateCatalogue } from '../../../server/seed/catalogue/generate';
import type { ProductRecord } from '../../../server/seed/catalogue/model';
import { productImageSvg } from '../../../server/seed/images/catalogue-images';
import { CONTENT_IMAGE_NAMES, contentImageSvg } from '../../../server/seed/images/content-images';

const catalogue = generateCatalogue();
const finishes = new Map(catalogue.finishes.map((f) => [f.code, f]));

/** Names of the items failing a check: one readable assertion instead of thousands. */
const failing = <T>(items: readonly T[], ok: (item: T) => boolean, name: (item: T) => string) =>
  items.filter((item) => !ok(item)).map(name);

const countOf = (svg: string, text: string): number => svg.split(text).length - 1;
const mountOf = (svg: string): string | null => /data-mount="([^"]*)"/.exec(svg)?.[1] ?? null;

const drawings = catalogue.products.flatMap((p) =>
  p.variants.map((v) => ({ p, v, svg: productImageSvg(catalogue, v.sku) ?? '' })),
);
const ofCategory = (slug: string) => drawings.filter((d) => d.p.categorySlug === slug);
const label = (d: { p: ProductRecord; v: { sku: string } }) => `${d.v.sku} ${d.p.title}`;

describe('every product drawing agrees with the product', () => {
  it('draws each finish in its own colour', () => {
    expect(
      failing(drawings, (d) => d.svg.includes(finishes.get(d.v.finishCode)?.hex ?? '?'), label),
    ).toEqual([]);
  });

  it('draws a faucet with its handles, on the wall exactly when it is a wall-mount or a pot filler', () => {
    const faucets = [...ofCategory('bathroom-faucets'), ...ofCategory('kitchen-faucets')];
    expect(faucets.length).toBeGreaterThan(500);
    expect(
      failing(
        faucets,
        (d) => countOf(d.svg, 'data-part="handle"') === d.p.attributes['handles'],
        label,
      ),
    ).toEqual([]);
    const onWall = (p: ProductRecord) =>
      p.attributes['mount'] === 'wall-mount' || p.attributes['type'] === 'pot filler';
    expect(
      failing(faucets, (d) => mountOf(d.svg) === (onWall(d.p) ? 'wall' : 'deck'), label),
    ).toEqual([]);
    // The title's words too: "Two-Handle", "Single-Handle", "Wall-Mount".
    expect(
      failing(
        faucets,
        (d) =>
          (!d.p.title.includes('Two-Handle') || countOf(d.svg, 'data-part="handle"') === 2) &&
          (!d.p.title.includes('Single-Handle') || countOf(d.svg, 'data-part="handle"') === 1) &&
          d.p.title.includes('Wall-Mount') === (mountOf(d.svg) === 'wall'),
        label,
      ),
    ).toEqual([]);
  });

  it('draws a kitchen sink with its bowls and a vanity with its sinks, as the title says', () => {
    const bowls = (svg: string) => countOf(svg, 'data-part="bowl"');
    const sinks = ofCategory('kitchen-sinks');
    expect(failing(sinks, (d) => bowls(d.svg) === d.p.attributes['bowls'], label)).toEqual([]);
    const titled: Readonly<Record<string, number>> = {
      'Single-Bowl': 1,
      'Double-Bowl': 2,
      'Triple-Bowl': 3,
    };
    expect(
      failing(
        sinks,
        (d) =>
          Object.entries(titled).some(
            ([word, n]) => d.p.title.includes(word) && bowls(d.svg) === n,
          ),
        label,
      ),
    ).toEqual([]);
    const vanities = ofCategory('vanities');
    expect(failing(vanities, (d) => bowls(d.svg) === d.p.attributes['sinks'], label)).toEqual([]);
    expect(
      failing(vanities, (d) => d.p.title.includes(' Double ') === (bowls(d.svg) === 2), label),
    ).toEqual([]);
  });

  it('draws a bathroom sink on its mount and a tub by its install', () => {
    expect(
      failing(
        ofCategory('bathroom-sinks'),
        (d) => mountOf(d.svg) === d.p.attributes['mount'],
        label,
      ),
    ).toEqual([]);
    expect(
      failing(ofCategory('bathtubs'), (d) => mountOf(d.svg) === d.p.attributes['install'], label),
    ).toEqual([]);
  });
});

/** Words a review may use only for some products. */
const REVIEW_WORDS: readonly {
  readonly word: RegExp;
  readonly fits: (p: ProductRecord) => boolean;
}[] = [
  {
    word: /\bsink\b/i,
    fits: (p) =>
      ['kitchen-sinks', 'bathroom-sinks', 'bathroom-faucets', 'kitchen-accessories'].includes(
        p.categorySlug,
      ) ||
      (p.categorySlug === 'kitchen-faucets' && p.attributes['type'] !== 'pot filler'),
  },
  {
    word: /pull-down/i,
    fits: (p) => p.attributes['type'] === 'pull-down' || p.attributes['type'] === 'touchless',
  },
  { word: /pull-out/i, fits: (p) => p.attributes['type'] === 'pull-out' },
  { word: /stockpot|range/i, fits: (p) => p.attributes['type'] === 'pot filler' },
  { word: /one-hand/i, fits: (p) => p.attributes['handles'] === 1 },
  { word: /two handles|both handles/i, fits: (p) => p.attributes['handles'] === 2 },
  { word: /comfort height/i, fits: (p) => p.attributes['height'] === 'comfort' },
  { word: /standard height/i, fits: (p) => p.attributes['height'] === 'standard' },
  { word: /flush/i, fits: (p) => p.categorySlug === 'toilets' && p.attributes['type'] !== 'bowl' },
  {
    word: /spray settings/i,
    fits: (p) => typeof p.attributes['sprays'] === 'number' && p.attributes['sprays'] > 1,
  },
  {
    word: /counter cut-out/i,
    fits: (p) => ['undermount', 'drop-in'].includes(String(p.attributes['mount'])),
  },
  { word: /pedestal/i, fits: (p) => p.attributes['mount'] === 'pedestal' },
  { word: /lighting/i, fits: (p) => p.attributes['lighted'] === 'yes' },
  { word: /faucet/i, fits: (p) => p.attributes['type'] !== 'water filter' },
];

describe('every review speaks of its own product', () => {
  const products = new Map(catalogue.products.map((p) => [p.sku, p]));
  it('uses no words of another product type (sink words on pot fillers, flush on a bowl…)', () => {
    expect(catalogue.reviews.length).toBeGreaterThan(100);
    const wrong = catalogue.reviews.flatMap((r) => {
      const p = products.get(r.sku);
      if (p === undefined) return [`${r.id}: no product ${r.sku}`];
      return REVIEW_WORDS.filter((w) => w.word.test(`${r.title} ${r.body}`) && !w.fits(p)).map(
        (w) => `${r.id} on ${p.title}: ${String(w.word)} in "${r.body}"`,
      );
    });
    expect(wrong).toEqual([]);
  });
});

/** Every string in a JSON value. */
const strings = (value: unknown): string[] => {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
};

const catalogueTexts = (): { where: string; text: string }[] => [
  ...catalogue.products.flatMap((p) => [
    { where: p.sku, text: p.title },
    { where: p.sku, text: p.description },
    ...p.specs.map((s) => ({ where: p.sku, text: `${s.label}: ${s.value}` })),
    ...(p.saleOffer === null ? [] : [{ where: p.sku, text: p.saleOffer }]),
  ]),
  ...catalogue.reviews.flatMap((r) => [
    { where: r.id, text: r.title },
    { where: r.id, text: r.body },
  ]),
  ...catalogue.helpArticles.flatMap((a) =>
    [a.title, ...a.paragraphs].map((text) => ({ where: a.slug, text })),
  ),
  ...catalogue.categories.map((c) => ({ where: c.slug, text: c.description })),
  ...catalogue.collections.map((c) => ({ where: c.slug, text: c.story })),
];

const contentTexts = async (): Promise<{ where: string; text: string }[]> => {
  const paths = await listPageModelPaths();
  const models = await Promise.all(
    paths.map(async (path) => ({ path, model: await loadPageModel(path) })),
  );
  return [
    ...models.flatMap(({ path, model }) => strings(model).map((text) => ({ where: path, text }))),
    ...CONTENT_IMAGE_NAMES.map((name) => ({
      where: name,
      text: /<title>([^<]*)<\/title>/.exec(contentImageSvg(name) ?? '')?.[1] ?? '',
    })),
  ];
};

/** "a" before a vowel sound or "an" before a consonant sound; "u…" words go either way. */
const WRONG_ARTICLE =
  /\b(?:a (?!one\b|one-)(?:[aeio]|8|1[18]\b)|an (?!hour|honest|heir)(?:[b-df-hj-np-tv-z]|[02-79]|1(?![18]\b)))/i;
/** A count of one with a plural noun: "1 reviews", "1 days". */
const ONE_PLURAL =
  /(?<![\d.])1 (?:reviews|days|weeks|items|doors|drawers|holes|bowls|sinks|handles|sprays|pieces|stars)\b/;
/** British spellings; the shop writes US English ("Ice Grey" is a finish's name). */
const BRITISH =
  /\b(?:favourites?|colours?|centre|centrepiece|[a-z]*our(?:ed|ing)?\b(?<!\b(?:our|your|hour|four|pour|tour|flour|sour|contour|detour|hours)))|\bgrey\b/;

describe('copy reads right in every text of the catalogue and the content pages', () => {
  it('puts "an" before a vowel sound and "a" before a consonant sound ("an 8 in reach")', async () => {
    const texts = [...catalogueTexts(), ...(await contentTexts())];
    expect(
      texts.filter((t) => WRONG_ARTICLE.test(t.text)).map((t) => `${t.where}: ${t.text}`),
    ).toEqual([]);
  });

  it('never counts one with a plural noun ("1 reviews")', async () => {
    const texts = [...catalogueTexts(), ...(await contentTexts())];
    expect(
      texts.filter((t) => ONE_PLURAL.test(t.text)).map((t) => `${t.where}: ${t.text}`),
    ).toEqual([]);
  });

  it('spells the US way throughout: favorite, color, center', async () => {
    const texts = [...catalogueTexts(), ...(await contentTexts())];
    expect(texts.filter((t) => BRITISH.test(t.text)).map((t) => `${t.where}: ${t.text}`)).toEqual(
      [],
    );
  });
});
