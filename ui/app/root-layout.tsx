import { observer } from 'mobx-react-lite';
import { lazy, useEffect, useLayoutEffect } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import type { EnsureSession } from '../../core/auth/ensure-session';
import { TYPES } from '../../adapters/di/types';
import { AuthProvider } from '../auth/auth-context';
import { SecurePageGuard } from '../auth/secure-page-guard';
import { CartProvider } from '../cart/cart-context';
import { CompareProvider } from '../compare/compare-context';
import { CompareTray } from '../compare/compare-tray';
import { FavoritesProvider } from '../lists/favorites-context';
import { Footer } from '../shell/footer';
import { Header } from '../shell/header';
import { Toaster } from '../shell/toaster-view';
import { ShellViewModel } from '../shell/shell-view-model';
import { AfterHydration } from './after-hydration';
import { useCountNavigations } from './back-navigation';
import { useContainer, useViewModel } from './container-context';
import type { AuthorPreviewGateway } from '../../core/content/author-preview';
import { ErrorBoundary } from './error-boundary';
import { normalisePagePath } from '../../core/content/page-path';
import { AccountNotice } from '../account/account-notice';
import { visitJournal } from '../analytics/visit-journal';

/** Off the first load: it counts page views and opens the campaign dialog (spec §2). */
const NewsletterCampaign = lazy(() => import('../newsletter/newsletter-campaign'));
/** Off the first load: the operator's promo banner and site-wide warning. */
const SiteNotices = lazy(() => import('../shell/site-notices'));
/** Off the first load: the author preview banner, on pages an author previews. */
const PreviewBanner = lazy(() => import('../shell/preview-banner'));
/** Off the first load: page views, cart tracking and the third-party scripts (spec §4 readiness). */
const AnalyticsHost = lazy(() => import('../analytics/analytics-host'));

export const RootLayout = observer(() => {
  const shell = useViewModel((c) => new ShellViewModel(c.get<EnsureSession>(TYPES.EnsureSession)));
  const location = useLocation();
  const navigation = useNavigation();
  // Known from the page itself (no call): only an author previewing loads the banner's chunk.
  const previewing = useContainer().get<AuthorPreviewGateway>(TYPES.AuthorPreview).current().active;
  useCountNavigations();

  useEffect(() => {
    void shell.start();
  }, [shell]);

  // Pages seen before the analytics area loads still count (ui/analytics/visit-journal.ts).
  useLayoutEffect(() => {
    visitJournal()?.routeChanged(location.pathname);
  }, [location.pathname]);

  const normalised = normalisePagePath(location.pathname);
  if (normalised !== location.pathname) {
    return (
      <Navigate
        replace
        to={{ pathname: normalised, search: location.search, hash: location.hash }}
      />
    );
  }

  return (
    <AuthProvider>
      <CompareProvider>
        <FavoritesProvider>
          <CartProvider>
            <div className="app">
              <a className="skip-link" href="#main">
                Skip to content
              </a>
              {navigation.state === 'loading' && (
                <div className="route-progress" role="progressbar" aria-label="Loading page" />
              )}
              <Header />
              {shell.sessionFailed && (
                <div className="site-warning" role="status">
                  <p>We could not reach the shop just now. Browsing may be limited.</p>
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => void shell.start()}
                  >
                    Try again
                  </button>
                </div>
              )}
              <AccountNotice />
              <ErrorBoundary resetKey={location.pathname}>
                <SecurePageGuard>
                  <Outlet />
                </SecurePageGuard>
              </ErrorBoundary>
              <Footer />
              <CompareTray />
              <Toaster />
              <AfterHydration>
                <NewsletterCampaign />
                <SiteNotices />
                {previewing && <PreviewBanner />}
                <AnalyticsHost />
              </AfterHydration>
              <ScrollRestoration />
            </div>
          </CartProvider>
        </FavoritesProvider>
      </CompareProvider>
    </AuthProvider>
  );
});
