/**
 * The header's account control: a guest gets "Sign in" (opens the auth modal; not shown on the login
 * page, which is the sign-in form itself); a signed-in customer gets the account menu under their
 * first name (orders, favorites, my products, my services, settings, "Sign out"). After signing
 * out from the menu, focus lands on "Sign in", where the menu's button was.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isSamePage, isSecurePage } from '../../core/auth/secure-pages';
import { PreviewMenuItem } from '../shell/preview-menu-item';
import { menuLinksFor } from '../../core/content/configured-links';
import { AccountMenu } from './account-menu';
import { useAuth } from './auth-context';

export const AuthNav = observer(() => {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const signInButton = useRef<HTMLButtonElement>(null);
  const focusSignIn = useRef(false);
  const c = auth.configuration;
  const shortened = c.general.shortendPagePath;

  useEffect(() => {
    if (auth.isAuth || !focusSignIn.current) return;
    focusSignIn.current = false;
    signInButton.current?.focus();
  });

  if (auth.isAuth) {
    const signOut = async () => {
      const leave = isSecurePage(location.pathname, c.securePagePathList, shortened);
      focusSignIn.current = true;
      await auth.signOut();
      if (leave) void navigate(auth.logoutPath);
    };
    return (
      <AccountMenu
        firstName={auth.firstName}
        signingOut={auth.signOutStatus === 'loading'}
        onSignOut={() => void signOut()}
        links={menuLinksFor(c, true)}
      >
        <PreviewMenuItem className="account-menu__item" />
      </AccountMenu>
    );
  }
  if (isSamePage(location.pathname, auth.loginPath, shortened)) return null;
  return (
    <button
      ref={signInButton}
      type="button"
      className="utility-nav__link auth-nav__button"
      aria-haspopup="dialog"
      onClick={() => auth.openModal('signIn')}
    >
      Sign in
    </button>
  );
});
