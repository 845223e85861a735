import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type {
  BrowsingHistoryStore,
  CatalogSearch,
  ProductCatalog,
} from '../../../core/catalog/ports';
import { cleanKeyword, rememberKeyword } from '../../../core/catalog/keyword-history';
import type {
  ProductSearchResult,
  ProductSummary,
  TypeaheadResult,
} from '../../../core/catalog/product';
import {
  TYPEAHEAD_MAX_PRODUCTS,
  TYPEAHEAD_MAX_SUGGESTIONS,
  TYPEAHEAD_MIN_CHARS,
  Typeahead,
  wantsSuggestions,
} from '../../../core/catalog/typeahead';
import type { CancelSignal } from '../../../core/shared/cancel';
import { makeProduct, summaryOf } from './product-fixtures';

const product = (n: number): ProductSummary => summaryOf(makeProduct(`K-${1000 + n}`));
const products = (count: number): ProductSummary[] =>
  Array.from({ length: count }, (_, i) => product(i));

class FakeSearch implements CatalogSearch {
  readonly typeaheadCalls: { keyword: string; signal: CancelSignal | undefined }[] = [];
  answer: TypeaheadResult = { suggestions: [], products: [] };
  fail = false;

  search(): Promise<ProductSearchResult> {
    return Promise.reject(new Error('not used'));
  }
  typeahead(keyword: string, signal?: CancelSignal): Promise<TypeaheadResult> {
    this.typeaheadCalls.push({ keyword, signal });
    return this.fail ? Promise.reject(new Error('offline')) : Promise.resolve(this.answer);
  }
  topSearches(): Promise<readonly string[]> {
    return Promise.reject(new Error('not used'));
  }
}

class FakeCatalog implements ProductCatalog {
  readonly bySkusCalls: (readonly string[])[] = [];
  fail = false;
  constructor(private readonly known: readonly ProductSummary[] = products(30)) {}

  bySlug(): Promise<never> {
    return Promise.reject(new Error('not used'));
  }
  bySkus(skus: readonly string[]): Promise<readonly ProductSummary[]> {
    this.bySkusCalls.push(skus);
    if (this.fail) return Promise.reject(new Error('offline'));
    return Promise.resolve(
      skus.flatMap((sku) => this.known.filter((p) => p.sku === sku).slice(0, 1)),
    );
  }
  detailsBySkus(): Promise<never> {
    return Promise.reject(new Error('not used'));
  }
  reviews(): Promise<never> {
    return Promise.reject(new Error('not used'));
  }
  stock(): Promise<number> {
    return Promise.reject(new Error('not used'));
  }
}

/** Browser storage in memory; each `fail…` flag makes that call throw, as a full or blocked store. */
class MemoryHistory implements BrowsingHistoryStore {
  keywords: readonly string[] = [];
  recent: readonly string[] = [];
  saves = 0;
  failLoadKeywords = false;
  failSaveKeywords = false;
  failLoadRecent = false;

  loadRecentlyViewed(): readonly string[] {
    if (this.failLoadRecent) throw new Error('SecurityError');
    return this.recent;
  }
  saveRecentlyViewed(skus: readonly string[]): void {
    this.recent = skus;
  }
  loadKeywords(): readonly string[] {
    if (this.failLoadKeywords) throw new Error('SecurityError');
    return this.keywords;
  }
  saveKeywords(keywords: readonly string[]): void {
    this.saves += 1;
    if (this.failSaveKeywords) throw new Error('QuotaExceededError');
    this.keywords = keywords;
  }
}

const setup = () => {
  const search = new FakeSearch();
  const catalog = new FakeCatalog();
  const history = new MemoryHistory();
  return { search, catalog, history, typeahead: new Typeahead(search, catalog, history) };
};

const codePoints = (text: string) => Array.from(text).length;
const blank = fc.constantFrom('', ' ', '  ', '\t', '\n', ' \u00a0 ');
/** Text that is fewer than 2 characters once trimmed. */
const shortText = fc
  .tuple(
    blank,
    fc.option(fc.string({ unit: 'grapheme-composite', minLength: 1, maxLength: 1 })),
    blank,
  )
  .map(([a, ch, b]) => `${a}${ch ?? ''}${b}`)
  .filter((t) => codePoints(cleanKeyword(t)) < TYPEAHEAD_MIN_CHARS);
/** Text of at least 2 characters once trimmed. */
const longText = fc
  .tuple(blank, fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }), blank)
  .map(([a, t, b]) => `${a}${t}${b}`)
  .filter((t) => codePoints(cleanKeyword(t)) >= TYPEAHEAD_MIN_CHARS);
const storedKeywords = fc
  .array(fc.constantFrom('sink', 'toilet seat', 'Faucet', 'vanity 36', 'shower head'), {
    maxLength: 8,
  })
  .map((ks) => ks.reduce<readonly string[]>((h, k) => rememberKeyword(h, k), []));
const recentSkus = fc.uniqueArray(
  fc.oneof(
    fc.nat(29).map((n) => `K-${1000 + n}`),
    fc.constant('K-UNKNOWN'),
  ),
  { maxLength: 8 },
);
const aSignal = (): CancelSignal => new AbortController().signal;

describe('wantsSuggestions', () => {
  it('asks for suggestions from 2 characters, counted after trimming and collapsing spaces', () => {
    fc.assert(
      fc.property(fc.oneof(shortText, longText, fc.string({ maxLength: 6 })), (text) => {
        expect(wantsSuggestions(text)).toBe(
          Array.from(text.trim().replace(/\s+/g, ' ')).length >= TYPEAHEAD_MIN_CHARS,
        );
      }),
    );
    expect(wantsSuggestions('')).toBe(false);
    expect(wantsSuggestions(' s ')).toBe(false);
    expect(wantsSuggestions('😀')).toBe(false);
    expect(wantsSuggestions('si')).toBe(true);
    expect(wantsSuggestions(' a b ')).toBe(true);
    expect(wantsSuggestions('😀😀')).toBe(true);
  });
});

describe('Typeahead under 2 characters: what the shopper did before', () => {
  it('shows the keyword history and the recently viewed products, without searching', async () => {
    await fc.assert(
      fc.asyncProperty(shortText, storedKeywords, recentSkus, async (text, keywords, skus) => {
        const { search, catalog, history, typeahead } = setup();
        history.keywords = keywords;
        history.recent = skus;
        const view = await typeahead.execute(text, aSignal());
        expect(search.typeaheadCalls).toEqual([]);
        expect(view).toEqual({
          kind: 'history',
          keywords,
          recentlyViewed: skus.flatMap((sku) =>
            sku === 'K-UNKNOWN' ? [] : [product(Number(sku.slice(2)) - 1000)],
          ),
        });
        expect(catalog.bySkusCalls).toEqual(skus.length === 0 ? [] : [skus]);
      }),
      { numRuns: 60 },
    );
  });

  it('gives an empty history, never an error, when storage or the catalogue fails', async () => {
    await fc.assert(
      fc.asyncProperty(
        shortText,
        storedKeywords,
        recentSkus,
        fc.record(
          { keywords: fc.boolean(), recent: fc.boolean(), catalog: fc.boolean() },
          { noNullPrototype: true },
        ),
        async (text, keywords, skus, failing) => {
          const { catalog, history, typeahead } = setup();
          history.keywords = keywords;
          history.recent = skus;
          history.failLoadKeywords = failing.keywords;
          history.failLoadRecent = failing.recent;
          catalog.fail = failing.catalog;
          const view = await typeahead.execute(text);
          expect(view.kind).toBe('history');
          if (view.kind !== 'history') return;
          expect(view.keywords).toEqual(failing.keywords ? [] : keywords);
          if (failing.recent || failing.catalog || skus.length === 0) {
            expect(view.recentlyViewed).toEqual([]);
          } else {
            expect(view.recentlyViewed.map((p) => p.sku)).toEqual(
              skus.filter((s) => s !== 'K-UNKNOWN'),
            );
          }
          if (failing.recent) expect(catalog.bySkusCalls).toEqual([]);
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe('Typeahead from 2 characters: suggestions and products', () => {
  const suggestion = fc.oneof(
    fc.constantFrom('sink', 'Sink', ' sink ', 'kitchen  sink', 'kitchen sink', '', '  '),
    fc.string({ unit: 'grapheme', maxLength: 6 }),
  );

  it('asks the search port once for the cleaned keyword, passing the cancel signal', async () => {
    await fc.assert(
      fc.asyncProperty(longText, fc.boolean(), async (text, withSignal) => {
        const { search, catalog, typeahead } = setup();
        const signal = withSignal ? aSignal() : undefined;
        const view = await typeahead.execute(text, signal);
        expect(search.typeaheadCalls).toHaveLength(1);
        expect(search.typeaheadCalls[0]?.keyword).toBe(cleanKeyword(text));
        expect(search.typeaheadCalls[0]?.signal).toBe(signal);
        expect(view.kind).toBe('suggestions');
        if (view.kind === 'suggestions') expect(view.keyword).toBe(cleanKeyword(text));
        expect(catalog.bySkusCalls).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('never shows more than 10 products, the first ones answered, in order', async () => {
    await fc.assert(
      fc.asyncProperty(longText, fc.nat(25), async (text, count) => {
        const { search, typeahead } = setup();
        search.answer = { suggestions: [], products: products(count) };
        const view = await typeahead.execute(text);
        if (view.kind !== 'suggestions') throw new Error('expected suggestions');
        expect(view.products).toEqual(products(Math.min(count, TYPEAHEAD_MAX_PRODUCTS)));
      }),
      { numRuns: 40 },
    );
    expect(TYPEAHEAD_MAX_PRODUCTS).toBe(10);
  });

  it('shows at most 10 suggestions: cleaned, non-empty, each once (case-insensitive), in order', async () => {
    await fc.assert(
      fc.asyncProperty(
        longText,
        fc.array(suggestion, { maxLength: 25 }),
        async (text, answered) => {
          const { search, typeahead } = setup();
          search.answer = { suggestions: answered, products: [] };
          const view = await typeahead.execute(text);
          if (view.kind !== 'suggestions') throw new Error('expected suggestions');
          const { suggestions } = view;
          expect(suggestions.length).toBeLessThanOrEqual(TYPEAHEAD_MAX_SUGGESTIONS);
          const lower = suggestions.map((s) => s.toLowerCase());
          expect(new Set(lower).size).toBe(suggestions.length);
          for (const s of suggestions) {
            expect(s).not.toBe('');
            expect(s).toBe(cleanKeyword(s));
          }
          // The first spelling of each distinct suggestion, in the order answered.
          const firsts: string[] = [];
          for (const s of answered.map(cleanKeyword)) {
            if (s !== '' && !firsts.some((f) => f.toLowerCase() === s.toLowerCase()))
              firsts.push(s);
          }
          expect(suggestions).toEqual(firsts.slice(0, TYPEAHEAD_MAX_SUGGESTIONS));
        },
      ),
    );
    const { search, typeahead } = setup();
    search.answer = { suggestions: [' Kitchen  Sink ', 'kitchen sink', '', 'sinks'], products: [] };
    await expect(typeahead.execute('kit')).resolves.toEqual({
      kind: 'suggestions',
      keyword: 'kit',
      suggestions: ['Kitchen Sink', 'sinks'],
      products: [],
    });
  });

  it('leaves a failing search to the caller', async () => {
    const { search, typeahead } = setup();
    search.fail = true;
    await expect(typeahead.execute('sink')).rejects.toThrow('offline');
  });
});

describe('Typeahead.recordSearch (spec §5 keyword history)', () => {
  const keyword = fc.oneof(
    fc.constantFrom('sink', 'SINK', ' Sink ', 'ab', ' ab ', 'toilet  seat', 'Toilet seat', ''),
    fc.string({ unit: 'grapheme', maxLength: 8 }),
  );

  it('stores what the keyword-history rules give, saving only when the history changes', () => {
    fc.assert(
      fc.property(fc.array(keyword, { maxLength: 15 }), (searches) => {
        const { history, typeahead } = setup();
        let expected: readonly string[] = [];
        let saves = 0;
        for (const k of searches) {
          const next = rememberKeyword(expected, k);
          if (next !== expected) saves += 1;
          expected = next;
          expect(typeahead.recordSearch(k)).toEqual(expected);
          expect(history.keywords).toEqual(expected);
        }
        expect(history.saves).toBe(saves);
      }),
    );
  });

  it('never throws when storage fails, and still answers the new history', () => {
    fc.assert(
      fc.property(storedKeywords, keyword, fc.boolean(), fc.boolean(), (stored, k, load, save) => {
        const { history, typeahead } = setup();
        history.keywords = stored;
        history.failLoadKeywords = load;
        history.failSaveKeywords = save;
        const next = typeahead.recordSearch(k);
        expect(next).toEqual(rememberKeyword(load ? [] : stored, k));
        expect(history.keywords).toEqual(save || next.length === 0 ? stored : next);
      }),
    );
  });

  it('makes a recorded keyword the first of the history shown under 2 characters', async () => {
    const { history, typeahead } = setup();
    history.keywords = ['toilet seat', 'sink'];
    typeahead.recordSearch('  Kitchen   Faucet ');
    typeahead.recordSearch('SINK');
    typeahead.recordSearch('ab');
    const view = await typeahead.execute(' ');
    expect(view).toEqual({
      kind: 'history',
      keywords: ['SINK', 'Kitchen Faucet', 'toilet seat'],
      recentlyViewed: [],
    });
  });
});
