/**
 * The pages a shopper saw before the analytics area loaded. That area loads after hydration (off
 * the entry), so a shopper who moves on quickly — from search results to a product in a second —
 * left pages it never heard of, and their page views were lost. This journal is in the entry: the
 * root layout tells it each route, it keeps the last title each page showed (watching the head's
 * `<title>`), and the analytics host takes what it recorded when it starts
 * (ui/analytics/analytics-host.tsx), then the journal stops.
 */

export interface VisitedPage {
  readonly path: string;
  /** The page's title when the shopper left it. */
  readonly title: string;
}

export class VisitJournal {
  private readonly left: VisitedPage[] = [];
  private path: string | null = null;
  private title = '';
  private observer: MutationObserver | null = null;
  private closed = false;

  constructor(private readonly document: Document) {}

  /**
   * The shopper is on `path` (the first page, then each route change), told in the commit that
   * drew it: a title change that commit made reaches the observer afterwards, so it counts for
   * the new page, not the one left.
   */
  routeChanged(path: string): void {
    if (this.closed || path === this.path) return;
    if (this.path !== null) this.left.push({ path: this.path, title: this.title });
    this.path = path;
    this.title = this.document.title;
    if (this.observer === null && typeof MutationObserver !== 'undefined') {
      this.observer = new MutationObserver(() => {
        this.title = this.document.title;
      });
      this.observer.observe(this.document.head, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    }
  }

  /** The page the shopper is on, once told of one. */
  get current(): string | null {
    return this.path;
  }

  /** The pages left so far, oldest first; the journal records nothing more. */
  close(): readonly VisitedPage[] {
    this.closed = true;
    this.observer?.disconnect();
    this.observer = null;
    return this.left.splice(0);
  }
}

let journal: VisitJournal | null = null;

/** The browser's one journal; none where there is no document (the server's render). */
export const visitJournal = (): VisitJournal | null => {
  if (typeof document === 'undefined') return null;
  journal ??= new VisitJournal(document);
  return journal;
};

/**
 * Hands the journal over to the analytics area when it loads: each page left is counted at once,
 * and the page the shopper is on is watched from this moment, in the same task. Left to the host's
 * next render, a route change in between (a click on a search result while the area loaded) found
 * the journal closed and the page views not yet told of any page, and the page left was lost.
 */
export const handOver = (
  journal: VisitJournal | null,
  analytics: { pageLeft(title: string, path: string): void },
  pages: { routeChanged(path: string): void },
): void => {
  const current = journal?.current ?? null;
  for (const page of journal?.close() ?? []) analytics.pageLeft(page.title, page.path);
  if (current !== null) pages.routeChanged(current);
};
