/**
 * What core/analytics/page-views.ts needs of the document: its title and whether the page is still
 * loading (a screen that loads shows `<main aria-busy="true">`), and a look again whenever either
 * may have changed. The document is watched only while a page view waits to be sent.
 */
import type { PageState, PageViews } from '../../core/analytics/page-views';

export const readDocumentPage = (document: Document): PageState => ({
  title: document.title,
  busy: document.querySelector('main[aria-busy="true"]') !== null,
});

/** Tells `views` of route changes and of the page's changes until its view is sent. */
export const watchPage = (
  document: Document,
  views: PageViews,
): { routeChanged(path: string): void; stop(): void } => {
  const observer = new MutationObserver(() => {
    if (views.waiting) views.pageChanged();
    else observer.disconnect();
  });
  return {
    routeChanged(path) {
      observer.observe(document.documentElement, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
        attributeFilter: ['aria-busy'],
      });
      views.routeChanged(path);
    },
    stop() {
      observer.disconnect();
      views.dispose();
    },
  };
};
