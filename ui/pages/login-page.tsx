/**
 * Route `/en/login` (the configured loginPagePath): the sign-in form on a page of its own, with the
 * other auth views one click away. A secure page sends guests here with `?redirect=<encoded page>`;
 * once signed in the shopper goes back there (spec §4 page load 4–6), or home.
 */
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { pageTitles } from '../app/page-titles';
import { useAuth } from '../auth/auth-context';
import { AuthViews, viewTitles } from '../auth/auth-views';
import '../auth/auth.css';

const LoginPage = observer(() => {
  const auth = useAuth();
  const location = useLocation();

  useEffect(() => {
    auth.showView('signIn');
  }, [auth]);

  if (auth.isAuth) {
    return <Navigate replace to={auth.afterSignInTarget(location.search, auth.homePath)} />;
  }

  const title = pageTitles.login;
  const view = auth.modal.show ? 'signIn' : auth.modal.view;
  return (
    <main id="main" className="page login-page">
      <title>{`${title} — Lavabo`}</title>
      <h1>{title}</h1>
      {view !== 'signIn' && <h2>{viewTitles[view]}</h2>}
      {!auth.modal.show && <AuthViews auth={auth} />}
    </main>
  );
});

export default LoginPage;
