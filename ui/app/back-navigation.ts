/**
 * Spec §2: /en/support/help-and-faq reloads the page on back navigation, so a shopper coming back
 * to it gets it fresh from the server rather than as the router last left it. The root layout
 * counts the navigations inside the app; a page that reloads on back does so when it is reached by
 * a back or forward step (POP) after at least one navigation in this document — never on the
 * document's own first load, which is already fresh.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { reloadsOnBackNavigation } from '../../core/content/query-targets';

let navigations = 0;

/** In the root layout: counts each location change after the first. */
export const useCountNavigations = (): void => {
  const { key } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    navigations += 1;
  }, [key]);
};

/** On a page: reloads the document when it was reached by back navigation within the app. */
export const useReloadOnBack = (reload: () => void = () => window.location.reload()): void => {
  const type = useNavigationType();
  const { key, pathname } = useLocation();
  useEffect(() => {
    if (type === 'POP' && navigations > 0 && reloadsOnBackNavigation(pathname)) reload();
    // Only when the location changes: one reload per arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
};

/** For tests: forget the navigations counted so far. */
export const resetNavigationCount = (): void => {
  navigations = 0;
};
