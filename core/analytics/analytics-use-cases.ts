/**
 * The analytics area in one bundle for the ui: the third-party scripts (once per visit), and a
 * fresh page-view and cart tracker over the same data layer and timers.
 */
import { CartTracking } from './cart-tracking';
import { pageViewEvent } from './events';
import type { LoadThirdPartyScripts } from './load-third-party-scripts';
import { PageViews, type PageState } from './page-views';
import type { DataLayer, Timers } from './ports';

export class AnalyticsUseCases {
  constructor(
    readonly loadThirdPartyScripts: LoadThirdPartyScripts,
    private readonly dataLayer: DataLayer,
    private readonly timers: Timers,
  ) {}

  /** Page views of the page `readPage` describes (the document's title and loading state). */
  pageViews(readPage: () => PageState): PageViews {
    return new PageViews(this.dataLayer, this.timers, readPage);
  }

  /** A page view of a page already left, with the title it showed (no waiting). */
  pageLeft(title: string, path: string): void {
    this.dataLayer.push(pageViewEvent(title, path));
  }

  cartTracking(): CartTracking {
    return new CartTracking(this.dataLayer, this.timers);
  }
}
