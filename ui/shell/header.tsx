/**
 * The site header: logo, the category navigation (a mega menu on desktop, a "Menu" drawer below
 * 1025 px), search, account links and the cart link (each reads its own state). The menu's state
 * lives in one view model for the header's lifetime and closes whenever the page changes.
 */
import { lazy, useState } from 'react';
import { Link } from 'react-router';
import { AfterHydration } from '../app/after-hydration';
import { AuthNav } from '../auth/auth-nav';
import { CartLink } from '../cart/cart-link';
import { CategoryNav, MenuButton, MenuDrawer, useCloseMenuOnRouteChange } from './category-nav';
import { MenuViewModel } from './menu-view-model';
import { SearchBox } from './typeahead';

/** The shopper's chosen store (issue 16), loaded after hydration, off the entry bundle. */
const MyStoreLink = lazy(() => import('../stores/my-store-link'));

export const Header = () => {
  const [menu] = useState(() => new MenuViewModel());
  useCloseMenuOnRouteChange(menu);

  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to="/en" className="logo" aria-label="Lavabo home">
          <svg aria-hidden="true" viewBox="0 0 32 32" width="28" height="28">
            <rect width="32" height="32" rx="6" fill="currentColor" />
            <path d="M8 13h16a8 8 0 0 1-16 0z" fill="#fff" />
            <rect x="15" y="6" width="2" height="7" fill="#fff" />
          </svg>
          <span>Lavabo</span>
        </Link>
        <MenuButton vm={menu} />
        <SearchBox />
        <nav className="utility-nav" aria-label="Account">
          {/* A box of its own, as wide for "Sign in" as for the account menu: signing in, or the
              session being restored after the first paint, moves nothing beside it. */}
          <div className="utility-nav__account">
            <AuthNav />
          </div>
          <AfterHydration>
            <MyStoreLink />
          </AfterHydration>
          <Link to="/en/account/favorites" className="utility-nav__link">
            Favorites
          </Link>
          <CartLink />
        </nav>
      </div>
      <CategoryNav vm={menu} />
      <MenuDrawer vm={menu} />
    </header>
  );
};
