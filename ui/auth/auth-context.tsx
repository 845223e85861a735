/**
 * One AuthViewModel for the whole app, and the page effects it asks for: activity tracking and the
 * idle timeout (spec §8/§9), keeping the customer's token renewed, the hidden-tab rule (spec §4),
 * other tabs' sign-in/out (storage events), the auth modal and the session timeout notice.
 */
import type { Container } from 'inversify';
import { observer } from 'mobx-react-lite';
import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { EnsureSession } from '../../core/auth/ensure-session';
import type { ClaimsReader, CustomerAccounts, TokenStore } from '../../core/auth/ports';
import type { RequestPasswordReset, ResetPassword } from '../../core/auth/reset-password';
import type { CompleteSignIn } from '../../core/auth/second-step';
import type { SignIn } from '../../core/auth/sign-in';
import type { SignOut } from '../../core/auth/sign-out';
import type { SignUp } from '../../core/auth/sign-up';
import type { MergeGuestCart } from '../../core/cart/merge-guest-cart';
import type { ConfigurationGateway } from '../../core/content/ports';
import type { Clock } from '../../core/shared/clock';
import { TYPES } from '../../adapters/di/types';
import { useContainer, useServerRenderedStart } from '../app/container-context';
import { AuthViewModel } from './auth-view-model';
import { SessionNotice } from './session-notice';
import './auth.css';

const AuthContext = createContext<AuthViewModel | null>(null);

/**
 * The modal's forms (sign in, sign up, reset, second step) load the first time it opens: no first
 * screen shows them, so they stay out of the JavaScript every page loads (bench/bundle.ts).
 */
const AuthModal = lazy(async () => ({ default: (await import('./auth-modal')).AuthModal }));

const DeferredAuthModal = observer(({ auth }: { auth: AuthViewModel }) =>
  auth.modal.show ? (
    <Suspense fallback={null}>
      <AuthModal auth={auth} />
    </Suspense>
  ) : null,
);

/** How often the idle timeout and the token renewal are checked. */
export const AUTH_TICK_MS = 30_000;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;

export const createAuthViewModel = (
  container: Container,
  options: { readonly readStoredSession?: boolean } = {},
): AuthViewModel =>
  new AuthViewModel(
    {
      signIn: container.get<SignIn>(TYPES.SignIn),
      completeSignIn: container.get<CompleteSignIn>(TYPES.CompleteSignIn),
      signOut: container.get<SignOut>(TYPES.SignOut),
      session: container.get<EnsureSession>(TYPES.EnsureSession),
      signUp: container.get<SignUp>(TYPES.SignUp),
      requestPasswordReset: container.get<RequestPasswordReset>(TYPES.RequestPasswordReset),
      resetPassword: container.get<ResetPassword>(TYPES.ResetPassword),
      mergeGuestCart: container.get<MergeGuestCart>(TYPES.MergeGuestCart),
      tokens: container.get<TokenStore>(TYPES.TokenStore),
      claims: container.get<ClaimsReader>(TYPES.ClaimsReader),
      accounts: container.get<CustomerAccounts>(TYPES.CustomerAccounts),
      configuration: container.get<ConfigurationGateway>(TYPES.ConfigurationGateway),
      clock: container.get<Clock>(TYPES.Clock),
    },
    options,
  );

export interface AuthProviderProps {
  readonly children: ReactNode;
  /** For tests: a ready view model, the tick period and what "reload the page" does. */
  readonly viewModel?: AuthViewModel;
  readonly tickMs?: number;
  readonly reload?: () => void;
}

export const AuthProvider = ({
  children,
  viewModel,
  tickMs = AUTH_TICK_MS,
  reload = () => window.location.reload(),
}: AuthProviderProps) => {
  const container = useContainer();
  // On a server-rendered page the first render is signed out, like the server's; the stored
  // session is read once the page is on screen.
  const serverRendered = useServerRenderedStart();
  const [auth] = useState(
    () => viewModel ?? createAuthViewModel(container, { readStoredSession: !serverRendered }),
  );
  const syncAfterFirstRender = useRef(serverRendered && viewModel === undefined);
  const navigate = useNavigate();
  const location = useLocation();
  const path = useRef(location.pathname);
  useEffect(() => {
    path.current = location.pathname;
  }, [location.pathname]);

  useEffect(() => {
    if (syncAfterFirstRender.current) {
      syncAfterFirstRender.current = false;
      auth.sync();
    }
    void auth.load();
  }, [auth]);

  useEffect(() => {
    const onActivity = () => auth.recordActivity();
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActivity, { passive: true });
    const timer = setInterval(() => {
      void auth.tick().then((result) => {
        if (result === 'expired') void navigate(auth.homePath);
      });
    }, tickMs);
    const onStorage = () => {
      if (document.visibilityState !== 'hidden') auth.sync();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity);
      clearInterval(timer);
      window.removeEventListener('storage', onStorage);
    };
  }, [auth, navigate, tickMs]);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        auth.tabHidden();
        return;
      }
      const action = auth.tabShown(path.current);
      if (action === null) return;
      if (action.kind === 'goToLogoutUrl') void navigate(auth.logoutPath);
      else if (action.kind === 'goHome') void navigate(auth.homePath);
      else reload();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [auth, navigate, reload]);

  return (
    <AuthContext.Provider value={auth}>
      {children}
      <SessionNotice auth={auth} />
      <DeferredAuthModal auth={auth} />
    </AuthContext.Provider>
  );
};

export const useAuth = (): AuthViewModel => {
  const auth = useContext(AuthContext);
  if (auth === null) throw new Error('useAuth must be used inside <AuthProvider>');
  return auth;
};

/** For components that also render outside the app shell (e.g. in screen tests). */
export const useOptionalAuth = (): AuthViewModel | null => useContext(AuthContext);
