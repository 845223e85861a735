/**
 * What a category builder produces before the generator assigns SKUs and the commercial facts
 * (prices, stock, sale, reviews): a product's identity, words, attributes and relations by key.
 */
import type { ProductKindRecord, SpecRecord } from '../model';
import type { Random } from '../prng';
import type { CollectionDefinition } from '../reference';
import {
  BRANDS,
  COLLECTIONS,
  COLOR_FINISHES,
  FINISHES,
  METAL_FINISHES,
  PRODUCT_LINES,
} from '../reference';

export type AttributeValue = string | number;

export interface Draft {
  /** Local key for relations inside one generation run (resolved to SKUs later). */
  readonly key: string;
  readonly categorySlug: string;
  readonly title: string;
  readonly collection: CollectionDefinition | null;
  readonly brand: string;
  readonly kind: ProductKindRecord;
  readonly attributes: Readonly<Record<string, AttributeValue>>;
  readonly specs: readonly SpecRecord[];
  readonly description: string;
  readonly finishCodes: readonly string[];
  /** List price in whole dollars, before the band clamp. */
  readonly listUsd: number;
  readonly freight: boolean;
  readonly noShipStates: readonly string[];
  /** Keys of drafts this super SKU is sold as (bowl + tank). */
  readonly componentKeys: readonly string[];
  /** Keys of drafts that must be bought with it (the valve of a trim). */
  readonly requiredKeys: readonly string[];
  /** Master SKUs of models a part fits (parts only, already resolved). */
  readonly fitsModels: readonly string[];
  /** Whether documents include a parts diagram. */
  readonly partsDiagram: boolean;
}

export type DraftInput = Omit<
  Draft,
  'componentKeys' | 'requiredKeys' | 'fitsModels' | 'partsDiagram' | 'noShipStates' | 'freight'
> &
  Partial<
    Pick<
      Draft,
      'componentKeys' | 'requiredKeys' | 'fitsModels' | 'partsDiagram' | 'noShipStates' | 'freight'
    >
  >;

export const draft = (input: DraftInput): Draft => ({
  componentKeys: [],
  requiredKeys: [],
  fitsModels: [],
  partsDiagram: false,
  noShipStates: [],
  freight: false,
  ...input,
});

export const spec = (group: SpecRecord['group'], label: string, value: string): SpecRecord => ({
  group,
  label,
  value,
});

/** Where a product sits: its collection (or none), the line name in its title, and its brand. */
export interface Placement {
  readonly collection: CollectionDefinition | null;
  readonly line: string;
  readonly brand: string;
}

/**
 * Spreads products over the collections: about `share` of them land in a collection, taking the
 * collections in turn so every collection appears in every category that uses collections.
 */
export const placements = (rng: Random, count: number, share: number): Placement[] => {
  const order = rng.shuffle(COLLECTIONS);
  let turn = 0;
  return Array.from({ length: count }, () => {
    if (rng.chance(share)) {
      const collection = order[turn % order.length] as CollectionDefinition;
      turn += 1;
      return { collection, line: collection.name, brand: collection.brand };
    }
    return { collection: null, line: rng.pick(PRODUCT_LINES), brand: rng.pick(BRANDS) };
  });
};

const canonicalOrder = (codes: readonly string[]): string[] =>
  FINISHES.map((f) => f.code).filter((code) => codes.includes(code));

/** Metal finishes: the collection's favorites first, chrome more often than not. */
export const metalFinishes = (
  rng: Random,
  collection: CollectionDefinition | null,
  min: number,
  max: number,
): string[] => {
  const count = rng.int(min, max);
  const preferred = collection?.favoriteFinishes ?? rng.shuffle(['CP', 'BN', 'BL']);
  const rest = rng.shuffle(METAL_FINISHES.map((f) => f.code).filter((c) => !preferred.includes(c)));
  return canonicalOrder([...preferred, ...rest].slice(0, count));
};

/** Colours of vitreous china, enamel and paint: always white, then a few more. */
export const colorFinishes = (rng: Random, min: number, max: number, pool?: string[]): string[] => {
  const count = rng.int(min, max);
  const others = rng.shuffle((pool ?? COLOR_FINISHES.map((f) => f.code)).filter((c) => c !== 'WH'));
  return canonicalOrder(['WH', ...others].slice(0, count));
};

export const finishNames = (codes: readonly string[]): string =>
  listWords(codes.map((code) => FINISHES.find((f) => f.code === code)?.name ?? code));

/** 'a', 'a and b', 'a, b and c'. */
export const listWords = (words: readonly string[]): string => {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1] ?? ''}`;
};

/** A list price in dollars between lo and hi, scaled by a collection's tier, rounded like a shop. */
export const price = (rng: Random, lo: number, hi: number, tier = 1): number => {
  const raw = (lo + (hi - lo) * Math.pow(rng.float(), 1.4)) * tier;
  if (raw < 100) return Math.max(1, Math.round(raw));
  return Math.round(raw / 5) * 5;
};

/**
 * 'a' or 'an' as the phrase is spoken: 'an' before a vowel sound ('an elongated', 'an
 * undermount', 'an 8 in', 'an 11 in', 'an 18 in'), 'a' before a consonant sound ('a useful',
 * 'a one-piece', 'a 10 in').
 */
export const articleFor = (phrase: string): 'a' | 'an' => {
  const text = phrase.trim().toLowerCase();
  if (/^(8|1[18](?![0-9])|1[18]\d{2}(?![0-9]))/.test(text)) return 'an';
  if (/^\d/.test(text)) return 'a';
  if (/^(one\b|one-|uni|use|usu|ute|uti|eu)/.test(text)) return 'a';
  return /^[aeiou]/.test(text) ? 'an' : 'a';
};

/** The phrase after its article: 'an 8 in reach', 'a 10 in reach'. */
export const withArticle = (phrase: string): string => `${articleFor(phrase)} ${phrase}`;

export const capitalise = (text: string): string =>
  text === '' ? text : `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;

/** The collection sentence of a description, or ''. */
export const collectionWords = (collection: CollectionDefinition | null): string =>
  collection === null
    ? ''
    : ` Part of the ${collection.name} collection by ${collection.brand}, with ${withArticle(collection.style)} look that pairs with matching faucets, sinks and accessories.`;

/** Spec rows every finished good carries in its General group. */
export const generalSpecs = (
  brand: string,
  collection: CollectionDefinition | null,
  warranty: string,
): ReturnType<typeof spec>[] => [
  spec('General', 'Brand', brand),
  ...(collection === null ? [] : [spec('General', 'Collection', collection.name)]),
  spec('General', 'Warranty', warranty),
];

export const inches = (value: number): string => `${value} in`;
