/**
 * The deterministic demo catalogue: the same seed always gives the same catalogue (no clock, no
 * Math.random). Category builders write the products; this file assigns SKUs and slugs and adds
 * the commercial facts: prices, sales, stock, discontinued dates, relations, documents, reviews.
 * A size ({ products }) grows the demo's 1,160 products to a larger catalogue of the same kind
 * (growCatalogue); without one the demo is what it always was, byte for byte
 * (tests/server/seed/scaled-catalogue.test.ts).
 */
import { categorySlug as hyphenate } from '../../../core/catalog/category';
import { dayNumber, isoDate } from './dates';
import type { Draft } from './drafts/common';
import {
  designServiceDrafts,
  installServiceDrafts,
  servicePartDrafts,
  type FitTarget,
} from './drafts/services-parts';
import { kitchenAccessoryDrafts, kitchenFaucetDrafts, kitchenSinkDrafts } from './drafts/kitchen';
import { bathroomAccessoryDrafts, bathroomFaucetDrafts, showerDrafts } from './drafts/fittings';
import { bathroomSinkDrafts, bathtubDrafts, toiletDrafts } from './drafts/toilets-sinks';
import { mirrorDrafts, vanityDrafts } from './drafts/vanities-mirrors';
import { HELP_ARTICLES } from './help-articles';
import type {
  Catalogue,
  CategoryRecord,
  CollectionRecord,
  DocumentKind,
  DocumentRecord,
  PriceRecord,
  ProductRecord,
  ReviewRecord,
  VariantRecord,
} from './model';
import { Random } from './prng';
import {
  CATEGORIES,
  COLLECTIONS,
  DEFAULT_SEED,
  FINISHES,
  REFERENCE_DATE,
  TOP_SEARCHES,
  type CategoryDefinition,
} from './reference';
import { averageRating, writeReviews } from './reviews';

/** Stock of services: they are booked, not picked from a shelf. */
export const SERVICE_STOCK = 9999;

const FIRST_LAUNCH_DAY = dayNumber('2019-01-07');
const LAST_LAUNCH_DAY = dayNumber('2026-10-20');
const REFERENCE_DAY = dayNumber(REFERENCE_DATE);

/** Which categories' products pair well with which, in order of preference. */
const COMPLEMENTS: Readonly<Record<string, readonly string[]>> = {
  toilets: ['bathroom-accessories', 'bathroom-sinks', 'bathroom-faucets'],
  'bathroom-sinks': ['bathroom-faucets', 'vanities', 'mirrors-cabinets', 'bathroom-accessories'],
  'bathroom-faucets': ['bathroom-sinks', 'bathroom-accessories', 'showers', 'mirrors-cabinets'],
  showers: ['bathroom-faucets', 'bathtubs', 'bathroom-accessories'],
  bathtubs: ['showers', 'bathroom-faucets', 'bathroom-accessories'],
  vanities: ['bathroom-faucets', 'mirrors-cabinets', 'bathroom-accessories'],
  'mirrors-cabinets': ['vanities', 'bathroom-faucets', 'bathroom-accessories'],
  'bathroom-accessories': ['bathroom-faucets', 'showers', 'toilets', 'mirrors-cabinets'],
  'kitchen-sinks': ['kitchen-faucets', 'kitchen-accessories'],
  'kitchen-faucets': ['kitchen-sinks', 'kitchen-accessories'],
  'kitchen-accessories': ['kitchen-faucets', 'kitchen-sinks'],
};

const DOCUMENT_TITLES: Readonly<Record<DocumentKind, string>> = {
  'spec-sheet': 'Specification Sheet',
  'installation-guide': 'Installation Guide',
  warranty: 'Warranty',
  'parts-diagram': 'Parts Diagram',
  'care-guide': 'Care and Cleaning Guide',
};

const CARE_GUIDE_CATEGORIES = new Set([
  'toilets',
  'bathroom-sinks',
  'bathtubs',
  'kitchen-sinks',
  'vanities',
]);

/** Mutable working copy of a product while the generator fills it in. */
interface Working {
  readonly draft: Draft;
  readonly sku: string;
  readonly slug: string;
  readonly listUsd: number;
  readonly variants: VariantRecord[];
  salePct: number | null;
  saleOffer: string | null;
  retailExclusive: boolean;
  backorderable: boolean;
  leadTimeDays: number | null;
  launchDay: number;
  unitsSold: number;
}

const definition = (slug: string): CategoryDefinition => {
  const found = CATEGORIES.find((c) => c.slug === slug);
  if (found === undefined) throw new Error(`Unknown category ${slug}`);
  return found;
};

/** Shop rounding: whole dollars under 100, multiples of 5 above. */
const shopRound = (usd: number): number => (usd < 100 ? Math.round(usd) : Math.round(usd / 5) * 5);

const clampToBand = (usd: number, category: CategoryDefinition): number =>
  Math.min(category.band.max, Math.max(category.band.min, usd));

const CAD_PER_USD = 1.36;

/** The topic of a batch's stream: the demo batch (0) keeps the names it always had. */
const batchTopic = (topic: string, batch: number): string =>
  batch === 0 ? topic : `${topic}#${batch}`;

const draftsFor = (seed: number, slug: string, batch = 0): Draft[] => {
  const rng = Random.forTopic(seed, batchTopic(`drafts:${slug}`, batch));
  switch (slug) {
    case 'toilets':
      return toiletDrafts(rng);
    case 'bathroom-sinks':
      return bathroomSinkDrafts(rng);
    case 'bathroom-faucets':
      return bathroomFaucetDrafts(rng);
    case 'showers':
      return showerDrafts(rng);
    case 'bathtubs':
      return bathtubDrafts(rng);
    case 'vanities':
      return vanityDrafts(rng);
    case 'mirrors-cabinets':
      return mirrorDrafts(rng);
    case 'bathroom-accessories':
      return bathroomAccessoryDrafts(rng);
    case 'kitchen-sinks':
      return kitchenSinkDrafts(rng);
    case 'kitchen-faucets':
      return kitchenFaucetDrafts(rng);
    case 'kitchen-accessories':
      return kitchenAccessoryDrafts(rng);
    case 'design-services':
      return designServiceDrafts();
    case 'install-services':
      return installServiceDrafts();
    default:
      throw new Error(`No builder for ${slug}`);
  }
};

/** Sub-line words that tell apart two products that would otherwise share a title. */
const SUB_LINES = [
  'Studio',
  'Classic',
  'Select',
  'Signature',
  'Luxe',
  'Essential',
  'Heritage',
  'Pro',
];

/**
 * The titles given so far, and for each repeated title the sub-line it got last: `seen` only grows,
 * so the sub-lines before that one are still taken and the next repeat starts there (a scaled
 * catalogue repeats a title hundreds of times; trying every sub-line from the first again would
 * cost the square of that).
 */
interface Titles {
  readonly seen: Set<string>;
  readonly lastSubLine: Map<string, number>;
}

const newTitles = (): Titles => ({ seen: new Set(), lastSubLine: new Map() });

/** The i-th sub-line variant of a draft's title: 'Harbor Studio …', then 'Harbor Studio 2 …'. */
const subLineTitle = (d: Draft, i: number): string => {
  const word = `${SUB_LINES[i % SUB_LINES.length] ?? 'Series'}${i >= SUB_LINES.length ? ` ${Math.floor(i / SUB_LINES.length) + 1}` : ''}`;
  const [first, ...rest] = d.title.split(' ');
  return d.kind === 'finished-good'
    ? `${first ?? ''} ${word} ${rest.join(' ')}`
    : `${d.title}, ${word} Series`;
};

/** Titles are unique across the catalogue: a repeat gets the first sub-line still free. */
const distinctTitles = (drafts: readonly Draft[], titles: Titles): Draft[] =>
  drafts.map((d) => {
    const { seen, lastSubLine } = titles;
    let title = d.title;
    if (seen.has(title)) {
      const memo = `${d.kind === 'finished-good' ? 'good' : 'other'}|${d.title}`;
      let i = lastSubLine.get(memo) ?? 0;
      title = subLineTitle(d, i);
      while (seen.has(title)) {
        i += 1;
        title = subLineTitle(d, i);
      }
      lastSubLine.set(memo, i);
    }
    seen.add(title);
    return title === d.title ? d : { ...d, title };
  });

const toWorking = (draft: Draft, sku: string, category: CategoryDefinition): Working => ({
  draft,
  sku,
  slug: `${hyphenate(draft.title)}-${sku.toLowerCase()}`,
  listUsd: clampToBand(Math.round(draft.listUsd), category),
  variants: draft.finishCodes.map((code) => ({
    sku: `${sku}-${code}`,
    finishCode: code,
    discontinuedAt: null,
    availableQty: 0,
    imageUrl: `/images/products/${sku}-${code}.svg`,
  })),
  salePct: null,
  saleOffer: null,
  retailExclusive: false,
  backorderable: false,
  leadTimeDays: null,
  launchDay: LAST_LAUNCH_DAY,
  unitsSold: 0,
});

/** Master SKUs K-<model>, counting up from the category's first model in small random steps. */
const assignSkus = (
  seed: number,
  category: CategoryDefinition,
  drafts: readonly Draft[],
): Working[] => {
  if (drafts.length !== category.count) {
    throw new Error(`${category.slug}: ${drafts.length} drafts, expected ${category.count}`);
  }
  const rng = Random.forTopic(seed, `models:${category.slug}`);
  const maxStep = Math.max(1, Math.floor(700 / category.count));
  let model = category.firstModel;
  return drafts.map((draft) => {
    const sku = `K-${model}`;
    model += rng.int(1, maxStep);
    return toWorking(draft, sku, category);
  });
};

/**
 * Model numbers of a scaled catalogue's further products: six or seven digits, from a hundred
 * times the category's first model (toilets K-3000… then K-300001…), so the category still shows
 * in the number and the demo's four- and five-digit models stay its own. Small random steps, as
 * real model numbers are not consecutive; MAX_PRODUCTS keeps each category inside its range.
 */
const extraSkus = (
  seed: number,
): ((category: CategoryDefinition, drafts: readonly Draft[]) => Working[]) => {
  const next = new Map<string, { readonly rng: Random; model: number }>();
  return (category, drafts) => {
    let state = next.get(category.slug);
    if (state === undefined) {
      state = {
        rng: Random.forTopic(seed, `models:${category.slug}#scaled`),
        model: category.firstModel * 100,
      };
      next.set(category.slug, state);
    }
    const models = state;
    return drafts.map((draft) => {
      models.model += models.rng.int(1, 3);
      return toWorking(draft, `K-${models.model}`, category);
    });
  };
};

const isService = (w: Working): boolean =>
  w.draft.kind === 'design-service' || w.draft.kind === 'install-service';
const isGood = (w: Working): boolean => w.draft.kind === 'finished-good';

const withVariant = (w: Working, index: number, change: Partial<VariantRecord>): void => {
  const current = w.variants[index];
  if (current !== undefined) w.variants[index] = { ...current, ...change };
};

const stockAndDates = (seed: number, products: Working[]): void => {
  const rng = Random.forTopic(seed, 'stock');
  for (const w of products) {
    w.launchDay = Math.round(
      FIRST_LAUNCH_DAY + (LAST_LAUNCH_DAY - FIRST_LAUNCH_DAY) * Math.pow(rng.float(), 0.7),
    );
    const expensive = w.listUsd > 2000 ? 0.25 : w.listUsd > 800 ? 0.5 : 1;
    w.unitsSold = isService(w)
      ? rng.int(20, 600)
      : Math.floor(Math.exp(rng.between(1, 8.3)) * expensive);
    w.variants.forEach((_, i) => {
      const qty = isService(w)
        ? SERVICE_STOCK
        : rng.weighted([
            [0, 5],
            [rng.int(1, 10), 15],
            [rng.int(11, 80), 50],
            [rng.int(81, 400), 30],
          ]);
      withVariant(w, i, { availableQty: qty });
    });
  }
};

const pastDiscontinueDate = (rng: Random, launchDay: number): string => {
  const first = Math.max(launchDay + 30, dayNumber('2025-01-01'));
  return isoDate(rng.int(Math.min(first, REFERENCE_DAY - 2), REFERENCE_DAY - 1));
};

/** Retail exclusives, wholly discontinued products, sales, back orders and discontinued variants. */
const commerce = (seed: number, products: Working[], scale: number): void => {
  const rng = Random.forTopic(seed, 'commerce');
  const goods = products.filter(isGood);
  const multi = goods.filter((w) => w.variants.length >= 2);

  for (const w of rng.sample(goods, Math.round(10 * scale))) w.retailExclusive = true;

  const wholly = rng.sample(
    multi.filter((w) => !w.retailExclusive),
    Math.round(3 * scale),
  );
  for (const w of wholly) {
    const date = pastDiscontinueDate(rng, w.launchDay);
    w.variants.forEach((_, i) => withVariant(w, i, { discontinuedAt: date, availableQty: 0 }));
  }
  const whollySet = new Set(wholly);

  const saleEligible = products.filter(
    (w) => !isService(w) && !w.retailExclusive && !whollySet.has(w) && w.listUsd >= 10,
  );
  const saleCount = Math.round(products.length * 0.15);
  for (const w of rng.sample(saleEligible, saleCount)) {
    const pct = rng.pick([10, 15, 20, 20, 25, 30]);
    w.salePct = pct;
    const collection = w.draft.collection;
    w.saleOffer = rng.pick([
      `Save ${pct}% for a limited time`,
      `Fall Savings Event: ${pct}% off through November 30`,
      `Save ${pct}% when you buy online`,
      collection === null
        ? `Save ${pct}% this week`
        : `Save ${pct}% on the ${collection.name} collection`,
    ]);
  }

  const backorderEligible = products.filter((w) => !isService(w) && !whollySet.has(w));
  for (const w of rng.sample(backorderEligible, Math.round(products.length * 0.08))) {
    w.backorderable = true;
    w.leadTimeDays = rng.pick([14, 21, 28, 35, 42, 56]);
    withVariant(w, rng.int(0, w.variants.length - 1), { availableQty: 0 });
  }

  const partial = multi.filter((w) => !whollySet.has(w));
  const chosen = rng.sample(partial, Math.round(45 * scale));
  const past = rng.sample(chosen, Math.round(25 * scale));
  const pastSet = new Set(past);
  for (const w of chosen) {
    // Never the first variant: the product stays on sale in its lead finish.
    const index = rng.int(1, w.variants.length - 1);
    if (pastSet.has(w)) {
      const change: Partial<VariantRecord> = {
        discontinuedAt: pastDiscontinueDate(rng, w.launchDay),
      };
      withVariant(w, index, rng.chance(0.7) ? { ...change, availableQty: 0 } : change);
    } else {
      withVariant(w, index, { discontinuedAt: isoDate(REFERENCE_DAY + rng.int(30, 420)) });
    }
  }
};

/** Up to four products of the same collection in complementary categories. */
const pairs = (seed: number, products: readonly Working[]): Map<string, string[]> => {
  const rng = Random.forTopic(seed, 'pairs');
  const pairable = products.filter(
    (w) =>
      isGood(w) &&
      w.draft.collection !== null &&
      w.draft.attributes['type'] !== 'bowl' &&
      w.draft.attributes['type'] !== 'tank' &&
      w.variants.some((v) => v.discontinuedAt === null),
  );
  // Pairable products by collection and category, in list order: one pass instead of one per pair.
  const byPlace = new Map<string, Working[]>();
  for (const p of pairable) {
    const place = `${p.draft.collection?.slug ?? ''}|${p.draft.categorySlug}`;
    const list = byPlace.get(place);
    if (list === undefined) byPlace.set(place, [p]);
    else list.push(p);
  }
  const result = new Map<string, string[]>();
  for (const w of products) {
    const collection = w.draft.collection;
    if (collection === null || !isGood(w)) continue;
    const chosen: string[] = [];
    for (const category of COMPLEMENTS[w.draft.categorySlug] ?? []) {
      const candidates = byPlace.get(`${collection.slug}|${category}`) ?? [];
      if (candidates.length > 0 && chosen.length < 4) chosen.push(rng.pick(candidates).sku);
    }
    result.set(w.sku, chosen);
  }
  return result;
};

const documents = (w: Working): DocumentRecord[] => {
  const doc = (kind: DocumentKind, title = DOCUMENT_TITLES[kind]): DocumentRecord => ({
    kind,
    title,
    url: `/api/catalog/pdf-file-download?page=${encodeURIComponent(`${w.sku}-${kind}`)}`,
  });
  if (isService(w)) {
    return [doc('spec-sheet', 'Service Overview'), doc('warranty', 'Workmanship Guarantee')];
  }
  return [
    doc('spec-sheet'),
    doc('installation-guide'),
    doc('warranty'),
    ...(w.draft.partsDiagram ? [doc('parts-diagram')] : []),
    ...(CARE_GUIDE_CATEGORIES.has(w.draft.categorySlug) ? [doc('care-guide')] : []),
  ];
};

const prices = (w: Working): PriceRecord[] => {
  const caList = w.listUsd === 0 ? 0 : shopRound(w.listUsd * CAD_PER_USD);
  const sale = (list: number): number | null => {
    if (w.salePct === null || list === 0) return null;
    const value = shopRound(list * (1 - w.salePct / 100));
    return Math.min(value, list - 1) * 100;
  };
  return [
    { region: 'US', currency: 'USD', listCents: w.listUsd * 100, saleCents: sale(w.listUsd) },
    { region: 'CA', currency: 'CAD', listCents: caList * 100, saleCents: sale(caList) },
  ];
};

const reviewsFor = (seed: number, products: readonly Working[]): ReviewRecord[] => {
  const rng = Random.forTopic(seed, 'reviews');
  const reviews: ReviewRecord[] = [];
  for (const w of products) {
    const share = w.draft.kind === 'part' ? 0.08 : 0.2;
    if (!rng.chance(share)) continue;
    const count = rng.weighted([
      [1, 3],
      [2, 3],
      [3, 2],
      [4, 2],
      [5, 1],
      [6, 1],
      [8, 1],
    ]);
    const finishNames = FINISHES.filter(
      (f) => f.kind === 'metal' && w.draft.finishCodes.includes(f.code),
    ).map((f) => f.name);
    reviews.push(
      ...writeReviews(
        rng,
        {
          sku: w.sku,
          categorySlug: w.draft.categorySlug,
          attributes: w.draft.attributes,
          launchDay: w.launchDay,
          finishNames,
          quality: rng.between(3.3, 4.9),
        },
        count,
        reviews.length + 1,
        REFERENCE_DAY,
      ),
    );
  }
  return reviews;
};

const categoryRecord = (c: CategoryDefinition): CategoryRecord => ({
  slug: c.slug,
  name: c.name,
  department: c.department,
  description: c.description,
  facetAttributes: [...c.facetAttributes],
});

/** Master products of the demo catalogue: what generateCatalogue makes without a size. */
export const DEMO_PRODUCTS = CATEGORIES.reduce((n, c) => n + c.count, 0);

/**
 * The largest catalogue the generator makes: each category's further model numbers (extraSkus)
 * stay below the next category's, with room to spare, up to this size.
 */
export const MAX_PRODUCTS = 250_000;

export interface CatalogueSize {
  /**
   * Master products wanted, exactly: DEMO_PRODUCTS (the default, the demo catalogue) up to
   * MAX_PRODUCTS. Beyond the demo, the same category builders run again in batches on streams of
   * their own, so the demo's products come first and unchanged in identity (SKU, title, slug).
   */
  readonly products?: number;
}

/** The categories a scaled catalogue grows: the goods (services stay the twenty they are). */
const GOODS_CATEGORIES = CATEGORIES.filter(
  (c) => c.department === 'bathroom' || c.department === 'kitchen',
);
const GOODS_PER_BATCH = GOODS_CATEGORIES.reduce((n, c) => n + c.count, 0);

/** A batch's goods and the service parts that fit them: the unit a catalogue grows by. */
const BATCH_SIZE = GOODS_PER_BATCH + definition('service-parts').count;

const productCount = (size: CatalogueSize): number => {
  const wanted = size.products ?? DEMO_PRODUCTS;
  if (!Number.isInteger(wanted) || wanted < DEMO_PRODUCTS || wanted > MAX_PRODUCTS) {
    throw new Error(
      `products must be a whole number from ${DEMO_PRODUCTS} to ${MAX_PRODUCTS}, got ${String(size.products)}`,
    );
  }
  return wanted;
};

const fitTargetsOf = (products: readonly Working[]): FitTarget[] =>
  products.filter(isGood).map((w) => ({
    sku: w.sku,
    line: w.draft.title.split(' ')[0] ?? '',
    categorySlug: w.draft.categorySlug,
    attributes: w.draft.attributes,
  }));

/** A batch's drafts under keys of their own: every batch numbers its drafts from 0. */
const inBatch =
  (batch: number) =>
  (d: Draft): Draft => ({
    ...d,
    key: `${batch}:${d.key}`,
    componentKeys: d.componentKeys.map((key) => `${batch}:${key}`),
    requiredKeys: d.requiredKeys.map((key) => `${batch}:${key}`),
  });

/**
 * Keys of `keep` of a batch's goods for the batch that ends the catalogue: never a bowl without
 * its two-piece toilet nor a trim without its valve. Drafts that name or are named by another are
 * kept all or none; the free ones (most of them) fill up the count, picked evenly.
 */
const keepGoods = (rng: Random, drafts: readonly Draft[], keep: number): Set<string> => {
  const named = new Set(drafts.flatMap((d) => [...d.componentKeys, ...d.requiredKeys]));
  const isFree = (d: Draft) =>
    d.componentKeys.length === 0 && d.requiredKeys.length === 0 && !named.has(d.key);
  const free = drafts.filter(isFree);
  const tied = drafts.filter((d) => !isFree(d));
  const chosen =
    keep >= tied.length
      ? [...tied, ...rng.sample(free, keep - tied.length)]
      : rng.sample(free, keep);
  if (chosen.length !== keep) {
    throw new Error(`A last batch of ${keep} products cannot be cut from ${drafts.length} drafts`);
  }
  return new Set(chosen.map((d) => d.key));
};

/**
 * Grows the demo products of `byCategory` by `extra` products: whole batches (every goods
 * builder once, on a stream of the batch's own, then the service parts that fit them), and a last
 * batch cut to size. Parts fit the models of their batch and of the batch before, so every group
 * of parts has models enough to deal out, also in a last batch cut short.
 */
const growCatalogue = (
  seed: number,
  extra: number,
  byCategory: Map<string, Working[]>,
  titles: Titles,
  demoGoods: readonly Working[],
): void => {
  const parts = definition('service-parts');
  const skus = extraSkus(seed);
  const whole = Math.floor(extra / BATCH_SIZE);
  const rest = extra - whole * BATCH_SIZE;
  const add = (slug: string, made: readonly Working[]) => {
    const list = byCategory.get(slug);
    if (list === undefined) throw new Error(`No products of ${slug} to add to`);
    for (const w of made) list.push(w);
  };
  let previous = fitTargetsOf(demoGoods);
  for (let batch = 1; batch <= whole + (rest > 0 ? 1 : 0); batch += 1) {
    const last = batch > whole;
    const goodsWanted = last ? Math.max(0, rest - parts.count) : GOODS_PER_BATCH;
    const partsWanted = last ? Math.min(rest, parts.count) : parts.count;
    const drafts = GOODS_CATEGORIES.map(
      (category) => [category, draftsFor(seed, category.slug, batch).map(inBatch(batch))] as const,
    );
    const kept =
      goodsWanted === GOODS_PER_BATCH
        ? null
        : keepGoods(
            Random.forTopic(seed, batchTopic('last-batch', batch)),
            drafts.flatMap(([, own]) => own),
            goodsWanted,
          );
    const goods: Working[] = [];
    for (const [category, own] of drafts) {
      const chosen = kept === null ? own : own.filter((d) => kept.has(d.key));
      const made = skus(category, distinctTitles(chosen, titles));
      add(category.slug, made);
      for (const w of made) goods.push(w);
    }
    const targets = fitTargetsOf(goods);
    let partDrafts = servicePartDrafts(
      Random.forTopic(seed, batchTopic('drafts:service-parts', batch)),
      [...targets, ...previous],
    ).map(inBatch(batch));
    if (partDrafts.some((d) => d.fitsModels.length === 0)) {
      throw new Error(`Batch ${batch} has a service part that fits no model`);
    }
    if (partsWanted < partDrafts.length) {
      partDrafts = Random.forTopic(seed, batchTopic('last-parts', batch)).sample(
        partDrafts,
        partsWanted,
      );
    }
    add(parts.slug, skus(parts, distinctTitles(partDrafts, titles)));
    previous = targets;
  }
};

export const generateCatalogue = (
  seed: number = DEFAULT_SEED,
  size: CatalogueSize = {},
): Catalogue => {
  const wanted = productCount(size);
  const byCategory = new Map<string, Working[]>();
  const titles = newTitles();
  for (const category of CATEGORIES) {
    if (category.slug === 'service-parts') continue;
    const drafts = distinctTitles(draftsFor(seed, category.slug), titles);
    byCategory.set(category.slug, assignSkus(seed, category, drafts));
  }
  const demoGoods = [...byCategory.values()].flat().filter((w) => isGood(w));
  const parts = definition('service-parts');
  byCategory.set(
    parts.slug,
    assignSkus(
      seed,
      parts,
      distinctTitles(
        servicePartDrafts(Random.forTopic(seed, 'drafts:service-parts'), fitTargetsOf(demoGoods)),
        titles,
      ),
    ),
  );
  if (wanted > DEMO_PRODUCTS) {
    growCatalogue(seed, wanted - DEMO_PRODUCTS, byCategory, titles, demoGoods);
  }
  const working = CATEGORIES.flatMap((c) => byCategory.get(c.slug) ?? []);

  const skuOfKey = new Map(working.map((w) => [w.draft.key, w.sku]));
  const resolve = (keys: readonly string[]): string[] =>
    keys.map((key) => {
      const sku = skuOfKey.get(key);
      if (sku === undefined) throw new Error(`Unresolved product key ${key}`);
      return sku;
    });

  stockAndDates(seed, working);
  commerce(seed, working, working.length / DEMO_PRODUCTS);
  const pairsOf = pairs(seed, working);
  const reviews = reviewsFor(seed, working);
  const ratingsOf = new Map<string, number[]>();
  for (const review of reviews) {
    ratingsOf.set(review.sku, [...(ratingsOf.get(review.sku) ?? []), review.rating]);
  }

  const noShipRng = Random.forTopic(seed, 'no-ship');
  const products: ProductRecord[] = working.map((w) => {
    const ratings = ratingsOf.get(w.sku) ?? [];
    const noShip = new Set(w.draft.noShipStates);
    if (w.draft.freight && noShipRng.chance(0.3)) ['AK', 'HI'].forEach((s) => noShip.add(s));
    return {
      sku: w.sku,
      slug: w.slug,
      title: w.draft.title,
      description: w.draft.description,
      categorySlug: w.draft.categorySlug,
      brand: w.draft.brand,
      collectionSlug: w.draft.collection?.slug ?? null,
      kind: w.draft.kind,
      attributes: { ...w.draft.attributes },
      specs: w.draft.specs.map((s) => ({ ...s })),
      variants: w.variants,
      prices: prices(w),
      saleOffer: w.saleOffer,
      retailExclusive: w.retailExclusive,
      backorderable: w.backorderable,
      leadTimeDays: w.leadTimeDays,
      freight: w.draft.freight,
      noShipStates: [...noShip].sort(),
      superSkuComponents: resolve(w.draft.componentKeys),
      requiredItems: resolve(w.draft.requiredKeys),
      pairsWellWith: pairsOf.get(w.sku) ?? [],
      fitsModels: [...w.draft.fitsModels],
      documents: documents(w),
      rating: averageRating(ratings),
      reviewCount: ratings.length,
      unitsSold: w.unitsSold,
      launchDate: isoDate(w.launchDay),
    };
  });

  return {
    categories: CATEGORIES.map(categoryRecord),
    collections: COLLECTIONS.map((c): CollectionRecord => ({
      slug: c.slug,
      name: c.name,
      brand: c.brand,
      story: c.story,
    })),
    finishes: FINISHES.map((f) => ({ ...f })),
    products,
    reviews,
    helpArticles: HELP_ARTICLES.map((a) => ({ ...a, paragraphs: [...a.paragraphs] })),
    topSearches: [...TOP_SEARCHES],
  };
};
