/**
 * The search vocabulary (search_terms): every word of titles, categories, finishes, brands and
 * collections with how many products use it. Spellcheck corrects unknown words against it and
 * typeahead completes from it. Pure.
 */
import type { SearchDocument } from './documents';

export interface SearchTerm {
  readonly term: string;
  /** Number of products whose vocabulary fields use the word. */
  readonly frequency: number;
}

/** Words too common to suggest or correct towards. */
const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'from',
  'in',
  'into',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
  'your',
]);

/** Lower-case words of letters (digits and SKUs are not vocabulary), at least two long. */
export const words = (text: string): string[] =>
  (text.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => w.length >= 2 && !STOP_WORDS.has(w));

export const isStopWord = (word: string): boolean => STOP_WORDS.has(word.toLowerCase());

const VOCABULARY_FIELDS = [
  'Product_Title_s',
  'ProductLocalCategory_s',
  'brand_s',
  'collection_s',
  'finish_ss',
] as const;

export const vocabulary = (docs: readonly SearchDocument[]): SearchTerm[] => {
  const frequency = new Map<string, number>();
  for (const doc of docs) {
    const seen = new Set<string>();
    for (const key of VOCABULARY_FIELDS) {
      const value = doc[key];
      const texts = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
      texts.flatMap(words).forEach((w) => seen.add(w));
    }
    seen.forEach((w) => frequency.set(w, (frequency.get(w) ?? 0) + 1));
  }
  return [...frequency]
    .map(([term, n]) => ({ term, frequency: n }))
    .sort((x, y) => (x.term < y.term ? -1 : x.term > y.term ? 1 : 0));
};
