/**
 * The header typeahead: still a searchbox named "Search"; history and recently viewed under 2
 * characters; suggestions and products after a pause; arrow keys, Enter and Escape; superseded
 * lookups aborted; submitted searches join the keyword history.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalStorageBrowsingHistory } from '../../../adapters/storage/local-storage-browsing-history';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import type { TypeaheadView } from '../../../core/catalog/typeahead';
import type { CancelSignal } from '../../../core/shared/cancel';
import { TypeaheadViewModel, type TypeaheadSource } from '../../../ui/shell/typeahead-view-model';
import { InMemoryCatalog, makeProduct, summaryOf } from '../../core/catalog/product-fixtures';
import { hydrateListing, renderListing } from '../listing/harness';
import { setViewportWidth } from '../product/harness';

beforeEach(() => setViewportWidth(1280));
afterEach(cleanup);

const box = () => screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
const listbox = () => screen.queryByRole('listbox', { name: 'Search suggestions' });
const options = () => within(listbox() as HTMLElement).getAllByRole('option');
const location = () => screen.getByTestId('location').textContent ?? '';
const key = (k: string) => fireEvent.keyDown(box(), { key: k });

const viewed = makeProduct('K-4120', { title: 'Avelle Kitchen Faucet', slug: 'avelle-k-4120' });

const withHistory = (keywords: readonly string[], recentlyViewed: readonly string[] = []) => {
  const history = new LocalStorageBrowsingHistory(new MemoryStorage());
  history.saveKeywords(keywords);
  history.saveRecentlyViewed(recentlyViewed);
  return history;
};

/** What a shopper does to the server's HTML before the scripts arrive: types `text` into the box. */
const typedBeforeHydration =
  (text: string, { focused = false } = {}) =>
  (host: HTMLElement) => {
    const input = host.querySelector<HTMLInputElement>('input[type="search"]');
    if (input === null) throw new Error('no search box in the server HTML');
    if (focused) input.focus();
    input.value = text;
  };

describe('header typeahead', () => {
  it('takes up text typed before hydration, and suggests for it while the box has focus', async () => {
    hydrateListing(
      { url: '/en/products/kitchen-faucets', catalog: new InMemoryCatalog([viewed]) },
      typedBeforeHydration('kitchen', { focused: true }),
    );
    expect(box().value).toBe('kitchen');
    await waitFor(() => expect(listbox()).not.toBeNull());
    expect(options().map((o) => o.textContent)).toContainEqual(expect.stringContaining('kitchen'));
    // Submitting now searches for it, as it would for text typed after hydration.
    fireEvent.submit(box().closest('form') as HTMLFormElement);
    await waitFor(() => expect(location()).toBe('/en/search?keyword=kitchen'));
  });

  it('takes up text left in a box without focus, without opening suggestions', async () => {
    hydrateListing({ url: '/en/products/kitchen-faucets' }, typedBeforeHydration('basin'));
    expect(box().value).toBe('basin');
    fireEvent.submit(box().closest('form') as HTMLFormElement);
    await waitFor(() => expect(location()).toBe('/en/search?keyword=basin'));
    expect(listbox()).toBeNull();
  });

  it("on the search page, text typed before hydration wins over the page's keyword", async () => {
    hydrateListing({ url: '/en/search?keyword=old' }, typedBeforeHydration('new words'));
    await waitFor(() => expect(box().value).toBe('new words'));
    // Left as drawn, the box shows the page's keyword.
    cleanup();
    hydrateListing({ url: '/en/search?keyword=old' }, () => undefined);
    await waitFor(() => expect(box().value).toBe('old'));
  });

  it('searches through the page itself before hydration: a form to the search page', () => {
    renderListing({ url: '/en/products/kitchen-faucets' });
    const form = box().closest('form');
    expect(form?.getAttribute('action')).toBe('/en/search');
    expect(box().getAttribute('name')).toBe('keyword');
  });

  it('is a searchbox named "Search" that points at its listbox and active option', async () => {
    renderListing({
      url: '/en/products/kitchen-faucets',
      history: withHistory(['vessel sink', 'toilet']),
    });
    expect(box().getAttribute('type')).toBe('search');
    expect(box().getAttribute('aria-controls')).toBeNull();
    fireEvent.focus(box());
    await waitFor(() => expect(listbox()).not.toBeNull());
    expect(box().getAttribute('aria-controls')).toBe(listbox()?.id);
    expect(box().getAttribute('aria-expanded')).toBeNull();
    key('ArrowDown');
    const active = options()[0];
    expect(box().getAttribute('aria-activedescendant')).toBe(active?.id);
    expect(active?.getAttribute('aria-selected')).toBe('true');
  });

  it('under 2 characters offers the keyword history and recently viewed products', async () => {
    renderListing({
      url: '/en/products/kitchen-faucets',
      history: withHistory(['vessel sink', 'toilet'], ['K-4120']),
      catalog: new InMemoryCatalog([viewed]),
    });
    fireEvent.focus(box());
    await waitFor(() => expect(listbox()).not.toBeNull());
    expect(
      within(listbox() as HTMLElement).getByRole('group', { name: 'Recent searches' }),
    ).toBeTruthy();
    const recent = within(listbox() as HTMLElement).getByRole('group', { name: 'Recently viewed' });
    expect(within(recent).getByRole('option').textContent).toContain('Avelle Kitchen Faucet');
    expect(options().map((o) => o.textContent?.trim())).toEqual([
      'vessel sink',
      'toilet',
      expect.stringContaining('Avelle Kitchen Faucet'),
    ]);
    // One character is still "under 2": the same history.
    fireEvent.change(box(), { target: { value: 'v' } });
    await waitFor(() => expect(options()).toHaveLength(3));
  });

  it('arrow keys move and wrap; Enter on a keyword searches for it and records it', async () => {
    const history = withHistory(['vessel sink', 'toilet']);
    renderListing({ url: '/en/products/kitchen-faucets', history });
    fireEvent.focus(box());
    await waitFor(() => expect(options()).toHaveLength(2));
    key('ArrowUp');
    expect(box().getAttribute('aria-activedescendant')).toBe(options()[1]?.id);
    key('ArrowDown');
    expect(box().getAttribute('aria-activedescendant')).toBe(options()[0]?.id);
    key('ArrowDown');
    key('Enter');
    await waitFor(() => expect(location()).toBe('/en/search?keyword=toilet'));
    expect(history.loadKeywords()).toEqual(['toilet', 'vessel sink']);
    expect(listbox()).toBeNull();
    expect(box().value).toBe('toilet');
  });

  it('from 2 characters: after a pause, suggestions and at most 10 products; a product opens its page', async () => {
    const { search } = renderListing({ url: '/en/products/kitchen-faucets' });
    fireEvent.focus(box());
    fireEvent.change(box(), { target: { value: 'fa' } });
    fireEvent.change(box(), { target: { value: 'fau' } });
    fireEvent.change(box(), { target: { value: 'fauc' } });
    expect(search.typeaheadCalls).toEqual([]);
    await waitFor(() => expect(listbox()).not.toBeNull());
    // Only the last text was asked for: the keystrokes before it fell inside the pause.
    expect(search.typeaheadCalls).toEqual(['fauc']);
    const products = within(listbox() as HTMLElement).getByRole('group', { name: 'Products' });
    const found = within(products).getAllByRole('option');
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThanOrEqual(10);
    expect(
      within(listbox() as HTMLElement).getByRole('group', { name: 'Suggestions' }),
    ).toBeTruthy();
    const title = found[0]?.querySelector('.typeahead__title')?.textContent ?? '';
    fireEvent.click(found[0] as HTMLElement);
    await waitFor(() => expect(location()).toMatch(/^\/en\/products\/kitchen-faucets\/.+\.html$/));
    expect(title).toMatch(/Faucet/);
  });

  it('Escape closes the popup, then clears the box', async () => {
    renderListing({ url: '/en/products/kitchen-faucets', history: withHistory(['toilet']) });
    fireEvent.focus(box());
    fireEvent.change(box(), { target: { value: 'basin' } });
    await waitFor(() => expect(listbox()).not.toBeNull());
    key('Escape');
    expect(listbox()).toBeNull();
    expect(box().value).toBe('basin');
    key('Escape');
    expect(box().value).toBe('');
  });

  it('submitting records the keyword (only when longer than 2 characters) and searches', async () => {
    const history = withHistory([]);
    renderListing({ url: '/en/search?keyword=old&sort=price-asc', history });
    await waitFor(() => expect(box().value).toBe('old'));
    fireEvent.change(box(), { target: { value: 'wc' } });
    fireEvent.submit(box().closest('form') as HTMLFormElement);
    await waitFor(() => expect(location()).toBe('/en/search?sort=price-asc&keyword=wc'));
    expect(history.loadKeywords()).toEqual([]);
    fireEvent.change(box(), { target: { value: '  Vessel   Sink ' } });
    fireEvent.submit(box().closest('form') as HTMLFormElement);
    await waitFor(() => expect(location()).toBe('/en/search?sort=price-asc&keyword=Vessel%20Sink'));
    expect(history.loadKeywords()).toEqual(['Vessel Sink']);
  });
});

describe('TypeaheadViewModel', () => {
  /** A source whose lookups wait for the test; records each signal. */
  class HeldSource implements TypeaheadSource {
    readonly calls: { text: string; signal: CancelSignal | undefined; release: () => void }[] = [];
    execute(text: string, signal?: CancelSignal): Promise<TypeaheadView> {
      return new Promise((resolve) => {
        this.calls.push({
          text,
          signal,
          release: () =>
            resolve({
              kind: 'suggestions',
              keyword: text,
              suggestions: [`${text} suggestion`],
              products: [summaryOf(makeProduct('K-1'))],
            }),
        });
      });
    }
    recordSearch(): readonly string[] {
      return [];
    }
  }

  it('a newer lookup aborts the older one, whose late answer is ignored', async () => {
    const source = new HeldSource();
    const vm = new TypeaheadViewModel({
      typeahead: source,
      searchHref: (k) => `/en/search?keyword=${k}`,
      navigate: () => undefined,
      debounceMs: 0,
    });
    vm.setText('sink');
    await waitFor(() => expect(source.calls).toHaveLength(1));
    vm.setText('sinks');
    await waitFor(() => expect(source.calls).toHaveLength(2));
    const [older, newer] = source.calls;
    expect(older?.signal?.aborted).toBe(true);
    expect(newer?.signal?.aborted).toBe(false);
    await act(async () => {
      newer?.release();
      older?.release();
    });
    expect(vm.view?.kind === 'suggestions' && vm.view.keyword).toBe('sinks');
    expect(vm.options.map((o) => (o.kind === 'product' ? o.product.sku : o.keyword))).toEqual([
      'sinks suggestion',
      'K-1',
    ]);
  });

  it('shows at most 6 keyword suggestions above the products', async () => {
    const source: TypeaheadSource = {
      execute: async (text) => ({
        kind: 'suggestions',
        keyword: text,
        suggestions: Array.from({ length: 10 }, (_, i) => `${text} ${i}`),
        products: [summaryOf(makeProduct('K-1'))],
      }),
      recordSearch: () => [],
    };
    const vm = new TypeaheadViewModel({
      typeahead: source,
      searchHref: (k) => k,
      navigate: () => undefined,
      debounceMs: 0,
    });
    vm.setText('tap');
    await waitFor(() => expect(vm.expanded).toBe(true));
    expect(vm.groups.map((g) => [g.label, g.options.length])).toEqual([
      ['Suggestions', 6],
      ['Products', 1],
    ]);
    expect(new Set(vm.options.map((o) => o.id)).size).toBe(7);
  });

  it('without a catalogue the box still searches', () => {
    const visited: string[] = [];
    const vm = new TypeaheadViewModel({
      typeahead: null,
      searchHref: (k) => `/en/search?keyword=${encodeURIComponent(k)}`,
      navigate: (to) => visited.push(to),
    });
    vm.setText('  bath  tub ');
    expect(vm.expanded).toBe(false);
    expect(vm.submit()).toBe(true);
    expect(visited).toEqual(['/en/search?keyword=bath%20tub']);
    vm.setText('   ');
    expect(vm.submit()).toBe(false);
    vm.dispose();
  });
});
