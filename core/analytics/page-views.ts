/**
 * Page views (spec §3 page analytics names): one `page_view` per route, sent once the page's title
 * is known — the page is no longer loading (no `aria-busy` main) and its title has held still for
 * a moment — or, at the latest, after a few seconds with whatever title it has. A route left
 * before then (a quick click on) is still counted, at once, with the last title seen on it.
 */
import { debounce, type Debounced } from './debounce';
import { pageViewEvent } from './events';
import type { DataLayer, Timers } from './ports';

/** What the page shows now: its document title, and whether it is still loading. */
export interface PageState {
  readonly title: string;
  readonly busy: boolean;
}

/** How long the title must hold still after the page stopped loading. */
export const PAGE_TITLE_SETTLE_MS = 150;
/** A page that keeps loading is counted after this long anyway. */
export const PAGE_VIEW_MAX_WAIT_MS = 3000;

export class PageViews {
  private path: string | null = null;
  /** The title last seen on the waiting route's page. */
  private title = '';
  private readonly settle: Debounced;
  private readonly giveUp: Debounced;

  constructor(
    private readonly dataLayer: DataLayer,
    timers: Timers,
    private readonly readPage: () => PageState,
    settleMs: number = PAGE_TITLE_SETTLE_MS,
    maxWaitMs: number = PAGE_VIEW_MAX_WAIT_MS,
  ) {
    this.settle = debounce(timers, settleMs, () => {
      if (!this.readPage().busy) this.send();
    });
    this.giveUp = debounce(timers, maxWaitMs, () => this.send());
    // A page view waits for its title; a new route before then sends it with the title seen.
  }

  /** The shopper arrived at `path` (the first page, then every route change). */
  routeChanged(path: string): void {
    if (path === this.path) return;
    if (this.path !== null) this.send(this.title);
    this.path = path;
    this.giveUp.call();
    this.pageChanged();
  }

  /** Something on the page changed (its title, its loading state): look again. */
  pageChanged(): void {
    if (this.path === null) return;
    const page = this.readPage();
    this.title = page.title;
    if (page.busy) this.settle.cancel();
    else this.settle.call();
  }

  /** True between a route change and its page view: the only time the page needs watching. */
  get waiting(): boolean {
    return this.path !== null;
  }

  dispose(): void {
    this.path = null;
    this.settle.cancel();
    this.giveUp.cancel();
  }

  private send(title: string = this.readPage().title): void {
    const path = this.path;
    if (path === null) return;
    this.dispose();
    this.dataLayer.push(pageViewEvent(title, path));
  }
}
