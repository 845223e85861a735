/**
 * The header's account control: a guest gets "Sign in" (opens the auth modal; not shown on the login
 * page, which is the sign-in form itself); a signed-in customer sees their first name and "Sign out".
 */
import { observer } from 'mobx-react-lite';
import { Link, useLocation, useNavigate } from 'react-router';
import { isSamePage, isSecurePage } from '../../core/auth/secure-pages';
import { useAuth } from './auth-context';

export const AuthNav = observer(() => {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const c = auth.configuration;
  const shortened = c.general.shortendPagePath;

  if (auth.isAuth) {
    const signOut = async () => {
      const leave = isSecurePage(location.pathname, c.securePagePathList, shortened);
      await auth.signOut();
      if (leave) void navigate(auth.logoutPath);
    };
    return (
      <span className="auth-nav">
        <Link to={c.apiEndpoints.homeownerPagePath} className="utility-nav__link auth-nav__name">
          <span className="visually-hidden">Signed in as </span>
          <span className="auth-nav__first-name">{auth.firstName}</span>
        </Link>
        <button
          type="button"
          className="utility-nav__link auth-nav__button"
          disabled={auth.signOutStatus === 'loading'}
          onClick={() => void signOut()}
        >
          Sign out
        </button>
      </span>
    );
  }
  if (isSamePage(location.pathname, auth.loginPath, shortened)) return null;
  return (
    <button
      type="button"
      className="utility-nav__link auth-nav__button"
      aria-haspopup="dialog"
      onClick={() => auth.openModal('signIn')}
    >
      Sign in
    </button>
  );
});
