/**
 * The header search box's typeahead. Under 2 characters it offers the keyword history and recently
 * viewed products; from 2 on, keyword suggestions and up to 10 products (core/catalog/typeahead.ts).
 * Typing waits for a pause (debounce) before asking, and a newer request aborts the one before it,
 * whose answer is then ignored. Options form one list for the arrow keys, shown in groups.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { cleanKeyword } from '../../core/catalog/keyword-history';
import type { ProductSummary } from '../../core/catalog/product';
import { wantsSuggestions, type TypeaheadView } from '../../core/catalog/typeahead';
import type { CancelSignal } from '../../core/shared/cancel';
import type { AsyncStatus } from '../../core/shared/async-status';

/** Spec-free tuning: long enough to skip most keystrokes, short enough to feel immediate. */
export const TYPEAHEAD_DEBOUNCE_MS = 150;
/** Keyword suggestions shown above the products, so the products stay in view. */
export const TYPEAHEAD_SHOWN_SUGGESTIONS = 6;

/** The part of the Typeahead use case the box needs. */
export interface TypeaheadSource {
  execute(text: string, signal?: CancelSignal): Promise<TypeaheadView>;
  recordSearch(keyword: string): readonly string[];
}

export interface TypeaheadDeps {
  /** Null where no catalogue is available: the box still searches, with no popup. */
  readonly typeahead: TypeaheadSource | null;
  /** The search page URL for a keyword. */
  readonly searchHref: (keyword: string) => string;
  readonly navigate: (to: string) => void;
  readonly debounceMs?: number;
}

export type TypeaheadOption =
  | { readonly kind: 'history'; readonly id: string; readonly keyword: string }
  | { readonly kind: 'suggestion'; readonly id: string; readonly keyword: string }
  | { readonly kind: 'product'; readonly id: string; readonly product: ProductSummary };

export interface TypeaheadGroup {
  readonly key: string;
  readonly label: string;
  readonly options: readonly TypeaheadOption[];
}

export class TypeaheadViewModel {
  text = '';
  isOpen = false;
  /** Index into `options`; -1 when none is active. */
  activeIndex = -1;
  view: TypeaheadView | null = null;
  status: AsyncStatus = 'idle';

  private timer: ReturnType<typeof setTimeout> | null = null;
  private request: AbortController | null = null;

  constructor(
    private readonly deps: TypeaheadDeps,
    /** Prefix of the option element ids (unique per box). */
    readonly idPrefix = 'typeahead',
  ) {
    makeAutoObservable<TypeaheadViewModel, 'deps' | 'timer' | 'request'>(this, {
      deps: false,
      idPrefix: false,
      timer: false,
      request: false,
    });
  }

  get listboxId(): string {
    return `${this.idPrefix}-listbox`;
  }

  get groups(): readonly TypeaheadGroup[] {
    const view = this.view;
    if (view === null) return [];
    let index = 0;
    const id = () => `${this.idPrefix}-option-${index++}`;
    const groups: TypeaheadGroup[] =
      view.kind === 'history'
        ? [
            {
              key: 'history',
              label: 'Recent searches',
              options: view.keywords.map((keyword) => ({ kind: 'history', id: id(), keyword })),
            },
            {
              key: 'recent',
              label: 'Recently viewed',
              options: view.recentlyViewed.map((product) => ({
                kind: 'product',
                id: id(),
                product,
              })),
            },
          ]
        : [
            {
              key: 'suggestions',
              label: 'Suggestions',
              options: view.suggestions.slice(0, TYPEAHEAD_SHOWN_SUGGESTIONS).map((keyword) => ({
                kind: 'suggestion',
                id: id(),
                keyword,
              })),
            },
            {
              key: 'products',
              label: 'Products',
              options: view.products.map((product) => ({ kind: 'product', id: id(), product })),
            },
          ];
    return groups.filter((g) => g.options.length > 0);
  }

  get options(): readonly TypeaheadOption[] {
    return this.groups.flatMap((g) => g.options);
  }

  /** The popup shows when asked for and there is something in it. */
  get expanded(): boolean {
    return this.isOpen && this.options.length > 0;
  }

  get activeOption(): TypeaheadOption | null {
    return this.expanded ? (this.options[this.activeIndex] ?? null) : null;
  }

  get activeId(): string | undefined {
    return this.activeOption?.id;
  }

  /** What a screen reader hears when the list changes. */
  get announcement(): string {
    if (!this.expanded) return '';
    const n = this.options.length;
    return `${n} ${n === 1 ? 'suggestion' : 'suggestions'} available. Use the up and down arrows to choose.`;
  }

  // Actions.

  /** The shopper typed. */
  setText(text: string): void {
    this.text = text;
    this.activeIndex = -1;
    this.isOpen = true;
    this.cancel();
    if (wantsSuggestions(text)) {
      const delay = this.deps.debounceMs ?? TYPEAHEAD_DEBOUNCE_MS;
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.load(text);
      }, delay);
    } else {
      void this.load(text);
    }
  }

  /** The box got focus: show what fits the text already there. */
  focus(): void {
    this.isOpen = true;
    if (this.view === null || !this.viewFits()) {
      this.cancel();
      void this.load(this.text);
    }
  }

  /** The box shows the keyword of the page (e.g. after a search), without opening. */
  syncText(text: string): void {
    if (text === this.text) return;
    this.cancel();
    this.text = text;
    this.view = null;
    this.activeIndex = -1;
    this.isOpen = false;
  }

  close(): void {
    this.isOpen = false;
    this.activeIndex = -1;
  }

  /** Escape: closes the popup, or clears the box when it is already closed. */
  escape(): void {
    if (this.expanded) {
      this.close();
      return;
    }
    if (this.text !== '') this.setText('');
    this.close();
  }

  /** Arrow keys: move through the options, wrapping; opens the popup first when closed. */
  move(step: 1 | -1): void {
    if (!this.isOpen) {
      this.focus();
      if (!this.expanded) return;
    }
    const n = this.options.length;
    if (n === 0) return;
    if (this.activeIndex < 0) {
      this.activeIndex = step === 1 ? 0 : n - 1;
      return;
    }
    this.activeIndex = (this.activeIndex + step + n) % n;
  }

  /** Enter: chooses the active option; false when there is none (the form then submits). */
  chooseActive(): boolean {
    const option = this.activeOption;
    if (option === null) return false;
    this.choose(option);
    return true;
  }

  /** A keyword searches (and joins the history); a product opens its page. */
  choose(option: TypeaheadOption): void {
    if (option.kind === 'product') {
      this.cancel();
      this.close();
      this.deps.navigate(option.product.path);
      return;
    }
    this.search(option.keyword);
  }

  /** The form was submitted; false when there is nothing to search for. */
  submit(): boolean {
    return this.search(this.text);
  }

  dispose(): void {
    this.cancel();
  }

  private search(keyword: string): boolean {
    const cleaned = cleanKeyword(keyword);
    if (cleaned === '') return false;
    this.cancel();
    this.deps.typeahead?.recordSearch(cleaned);
    this.text = cleaned;
    this.view = null;
    this.close();
    this.deps.navigate(this.deps.searchHref(cleaned));
    return true;
  }

  /** Whether the shown list answers the current text (history vs. these suggestions). */
  private viewFits(): boolean {
    const view = this.view;
    if (view === null) return false;
    if (!wantsSuggestions(this.text)) return view.kind === 'history';
    return view.kind === 'suggestions' && view.keyword === cleanKeyword(this.text);
  }

  private cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.request?.abort();
    this.request = null;
  }

  private async load(text: string): Promise<void> {
    const source = this.deps.typeahead;
    if (source === null) return;
    const request = new AbortController();
    this.request = request;
    this.status = 'loading';
    try {
      const view = await source.execute(text, request.signal);
      if (request.signal.aborted) return;
      runInAction(() => {
        this.view = view;
        this.status = 'succeeded';
        this.activeIndex = -1;
        if (this.request === request) this.request = null;
      });
    } catch {
      if (request.signal.aborted) return;
      runInAction(() => {
        // A failed lookup hides the popup; the box still searches on Enter.
        this.view = null;
        this.status = 'failed';
        if (this.request === request) this.request = null;
      });
    }
  }
}
