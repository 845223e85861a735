/**
 * Loads the page again from the server. The author preview's controls use it: what the server
 * serves depends on the preview's cookies (server/preview/preview-page.ts), which only a new load
 * of the page sends.
 */
export const reloadPage = (): void => {
  window.location.reload();
};
