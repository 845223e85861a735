import { observer } from 'mobx-react-lite';
import { lazy, useEffect } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import type { EnsureSession } from '../../core/auth/ensure-session';
import { TYPES } from '../../adapters/di/types';
import { AuthProvider } from '../auth/auth-context';
import { SecurePageGuard } from '../auth/secure-page-guard';
import { CartProvider } from '../cart/cart-context';
import { CartToast } from '../cart/cart-toast';
import { CompareProvider } from '../compare/compare-context';
import { CompareTray } from '../compare/compare-tray';
import { FavoritesProvider } from '../lists/favorites-context';
import { Footer } from '../shell/footer';
import { Header } from '../shell/header';
import { ShellViewModel } from '../shell/shell-view-model';
import { AfterHydration } from './after-hydration';
import { useCountNavigations } from './back-navigation';
import { useViewModel } from './container-context';
import { ErrorBoundary } from './error-boundary';
import { normalisePagePath } from '../../core/content/page-path';
import { AccountNotice } from '../account/account-notice';

/** Off the first load: it counts page views and opens the campaign dialog (spec §2). */
const NewsletterCampaign = lazy(() => import('../newsletter/newsletter-campaign'));
/** Off the first load: the operator's promo banner and site-wide warning. */
const SiteNotices = lazy(() => import('../shell/site-notices'));

export const RootLayout = observer(() => {
  const shell = useViewModel((c) => new ShellViewModel(c.get<EnsureSession>(TYPES.EnsureSession)));
  const location = useLocation();
  const navigation = useNavigation();
  useCountNavigations();

  useEffect(() => {
    void shell.start();
  }, [shell]);

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
              <CartToast />
              <AfterHydration>
                <NewsletterCampaign />
                <SiteNotices />
              </AfterHydration>
              <ScrollRestoration />
            </div>
          </CartProvider>
        </FavoritesProvider>
      </CompareProvider>
    </AuthProvider>
  );
});
