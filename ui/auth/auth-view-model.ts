/**
 * The shopper's auth state for the whole app (one per tab): who is signed in (from the persisted
 * auth slice and its claims), the auth modal and its views (spec §2/§4), sign-in with its outcomes
 * (spec §8), sign-out, the idle session timeout (spec §8/§9), keeping the customer's token renewed,
 * and the hidden-tab rule (spec §4). Effects on the page (navigation, reload) are returned as
 * decisions for the React layer to carry out.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import {
  authModalFlags,
  authModalReducer,
  initialAuthModal,
  type AuthModalState,
  type AuthModalView,
} from '../../core/auth/auth-modal';
import type { EnsureSession } from '../../core/auth/ensure-session';
import {
  authChangeBetween,
  decideHiddenTabAuthChange,
  type HiddenTabAction,
} from '../../core/auth/hidden-tab';
import { IDLE_TIMEOUT_DEFAULT_SECONDS, isIdle } from '../../core/auth/idle';
import { isSafeCallbackUrl, LOGIN_REDIRECT_PARAM, loginUrlFor } from '../../core/auth/page-load';
import type { ClaimsReader, CustomerAccounts, TokenStore, UserClaims } from '../../core/auth/ports';
import { isSecurePage } from '../../core/auth/secure-pages';
import { isAuth as isAuthTokens } from '../../core/auth/session';
import type { CompleteSignIn } from '../../core/auth/second-step';
import type { SignIn } from '../../core/auth/sign-in';
import type { RequestPasswordReset, ResetPassword } from '../../core/auth/reset-password';
import type { SignOut } from '../../core/auth/sign-out';
import type { SignUp } from '../../core/auth/sign-up';
import { isTvs, personaFromClaims } from '../../core/account/persona';
import type { StorefrontConfiguration } from '../../core/content/configuration';
import type { ConfigurationGateway } from '../../core/content/ports';
import { DEFAULT_CONFIGURATION } from '../../core/content/default-configuration';
import { fieldRulesOf, type FieldRules } from '../../core/validation/field-patterns';
import {
  changePasswordRulesOf,
  type ChangePasswordRules,
} from '../../core/account/account-security';
import type { AsyncStatus } from '../../core/shared/async-status';
import type { Clock } from '../../core/shared/clock';
import {
  GENERAL_FAILURE_MESSAGE,
  INACTIVITY_REDIRECT_MESSAGE,
  LOCKED_OUT_MESSAGE,
  PASSWORD_EXPIRED_MESSAGE,
  REQUIRED_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  SIGN_IN_FAILED_MESSAGE,
} from './auth-messages';
import { ForgotPasswordModel } from './forgot-password-model';
import { SecondStepModel } from './second-step-model';
import { SignUpFormModel } from './sign-up-form-model';

export interface AuthDeps {
  readonly signIn: Pick<SignIn, 'execute'>;
  /** Two-step sign-in's second step (core/auth/second-step.ts); without it none is offered. */
  readonly completeSignIn?: Pick<CompleteSignIn, 'execute' | 'startEnrolment'>;
  readonly signOut: Pick<SignOut, 'execute' | 'forgetLocally'>;
  readonly session: Pick<EnsureSession, 'execute' | 'renewNow'>;
  readonly tokens: TokenStore;
  readonly claims: ClaimsReader;
  readonly signUp: Pick<SignUp, 'execute'>;
  readonly requestPasswordReset: Pick<RequestPasswordReset, 'execute'>;
  readonly resetPassword: Pick<ResetPassword, 'execute'>;
  /** The sign-up form's user-exists lookup. */
  readonly accounts: Pick<CustomerAccounts, 'userExists'>;
  readonly clock: Clock;
  /** The cart merge after sign-in (core/cart/merge-guest-cart.ts), when the cart is wired. */
  readonly mergeGuestCart?: { execute(): Promise<unknown> };
  readonly configuration?: ConfigurationGateway;
  readonly idleTimeoutSeconds?: number;
}

export type SignInProblem = 'lockedOut' | 'passwordExpired' | 'error';

export type SignedInListener = (claims: UserClaims | null) => void | Promise<void>;

/** Where to go after signing in on the login page: the redirect parameter if it is safe. */
export const redirectTarget = (search: string, fallback: string): string => {
  const target = new URLSearchParams(search).get(LOGIN_REDIRECT_PARAM);
  return target !== null && isSafeCallbackUrl(target) ? target : fallback;
};

export class AuthViewModel {
  isAuth = false;
  claims: UserClaims | null = null;
  modal: AuthModalState = initialAuthModal;
  configuration: StorefrontConfiguration = DEFAULT_CONFIGURATION;
  /** Set when the modal closes after a successful sign-in, so the screen can move on. */
  signInCount = 0;
  hideCustomerSignupCTA = false;

  // Sign-in form (shared by the modal and the login page).
  email = '';
  password = '';
  signInErrors: Partial<Record<'email' | 'password', string>> = {};
  signInStatus: AsyncStatus = 'idle';
  signInProblem: SignInProblem | null = null;
  signInMessage: string | null = null;
  /** After a right password, when two-step sign-in asks for a code (or to be set up first). */
  secondStep: SecondStepModel | null = null;

  signUpForm: SignUpFormModel | null = null;
  forgotPassword: ForgotPasswordModel | null = null;

  /** Spec §8 session timeout notice; cleared by the shopper or the next sign-in. */
  sessionNotice: readonly string[] | null = null;
  signOutStatus: AsyncStatus = 'idle';

  private lastActivity: number;
  private authWhenHidden: boolean | null = null;
  private selfInitiated = false;
  private readonly listeners = new Set<SignedInListener>();

  /**
   * `readStoredSession: false` starts signed out and reads the stored session at the first
   * `sync()`: a server-rendered page is drawn signed out, and the browser's first render must
   * match it (docs/rendering.md); the provider syncs once the page is on screen.
   */
  constructor(
    private readonly deps: AuthDeps,
    options: { readonly readStoredSession?: boolean } = {},
  ) {
    this.lastActivity = deps.clock.now();
    makeAutoObservable<
      AuthViewModel,
      'deps' | 'lastActivity' | 'authWhenHidden' | 'selfInitiated' | 'listeners'
    >(this, {
      deps: false,
      lastActivity: false,
      authWhenHidden: false,
      selfInitiated: false,
      listeners: false,
    });
    if (options.readStoredSession !== false) this.sync();
  }

  get firstName(): string {
    const name = this.claims?.firstName.trim() ?? '';
    return name !== '' ? name : (this.claims?.email.split('@')[0] ?? '');
  }

  get persona(): string {
    return personaFromClaims(this.claims?.persona, !this.isAuth);
  }

  get modalFlags() {
    return authModalFlags(this.modal);
  }

  get idleTimeoutSeconds(): number {
    return this.deps.idleTimeoutSeconds ?? IDLE_TIMEOUT_DEFAULT_SECONDS;
  }

  /** Loads the remote configuration (secure pages, login and logout paths); keeps the default on failure. */
  async load(): Promise<void> {
    const gateway = this.deps.configuration;
    if (gateway === undefined) return;
    try {
      const configuration = await gateway.load();
      runInAction(() => {
        this.configuration = configuration;
      });
    } catch {
      // Spec §8: configuration failures are only logged; the defaults stay.
    }
  }

  /** Re-reads the persisted auth slice. A sign-out this tab did not ask for is a token error. */
  sync(): void {
    const stored = this.deps.tokens.load();
    const wasAuth = this.isAuth;
    this.isAuth = isAuthTokens(stored);
    this.claims = stored !== null && this.isAuth ? this.deps.claims.read(stored.accessToken) : null;
    if (wasAuth && !this.isAuth && !this.selfInitiated && this.authWhenHidden === null) {
      this.sessionNotice = [SESSION_EXPIRED_MESSAGE];
    }
  }

  /**
   * The account changed (a profile save): the header's name comes from the token's claims, a copy
   * taken when the token was issued, so the token is issued again from the account as it is now.
   * The renewed token is what is stored, so a reload shows the new name too. A renewal that cannot
   * be made keeps the old token (and name) until the next renewal.
   */
  async renewClaims(): Promise<void> {
    if (!this.isAuth) return;
    await this.deps.session.renewNow().catch(() => undefined);
    runInAction(() => this.sync());
  }

  onSignedIn(listener: SignedInListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ── modal ──────────────────────────────────────────────────────────────────
  openModal(view: AuthModalView = 'signIn'): void {
    this.modal = authModalReducer(this.modal, { type: 'open', view });
    this.resetViewState(view);
  }

  closeModal(): void {
    this.modal = authModalReducer(this.modal, { type: 'close' });
    this.secondStep = null;
    this.signUpForm?.dispose();
    this.signUpForm = null;
    this.forgotPassword = null;
  }

  /** The login page shows a view too, without the modal. */
  showView(view: AuthModalView): void {
    this.modal = { show: this.modal.show, view };
    this.resetViewState(view);
  }

  private resetViewState(view: AuthModalView): void {
    this.signUpForm?.dispose();
    this.signUpForm =
      view === 'customerSignup' || view === 'proSignup'
        ? new SignUpFormModel(
            view === 'proSignup' ? 'professional' : 'homeowner',
            this.deps.signUp,
            this.deps.accounts,
            (email, password) => this.signInAfterSignUp(email, password),
            () => this.fieldRules,
          )
        : null;
    this.forgotPassword =
      view === 'forgotPassword'
        ? new ForgotPasswordModel(
            this.deps.requestPasswordReset,
            this.deps.resetPassword,
            this.email,
          )
        : null;
    if (view === 'signIn') {
      this.secondStep = null;
      this.signInErrors = {};
      this.signInMessage = null;
      this.signInProblem = null;
      this.signInStatus = 'idle';
    }
  }

  // ── sign-in ────────────────────────────────────────────────────────────────
  setEmail(value: string): void {
    this.email = value;
    delete this.signInErrors.email;
  }

  setPassword(value: string): void {
    this.password = value;
    delete this.signInErrors.password;
  }

  async submitSignIn(): Promise<boolean> {
    if (this.signInStatus === 'loading') return false;
    const errors: Partial<Record<'email' | 'password', string>> = {};
    if (this.email.trim() === '') errors.email = REQUIRED_MESSAGE;
    if (this.password === '') errors.password = REQUIRED_MESSAGE;
    this.signInErrors = errors;
    this.signInMessage = null;
    this.signInProblem = null;
    if (Object.keys(errors).length > 0) return false;
    return this.signInWith(this.email.trim(), this.password);
  }

  private async signInAfterSignUp(email: string, password: string): Promise<boolean> {
    this.email = email;
    return this.signInWith(email, password);
  }

  private async signInWith(username: string, password: string): Promise<boolean> {
    this.signInStatus = 'loading';
    let outcome;
    try {
      outcome = await this.deps.signIn.execute({ username, password });
    } catch {
      outcome = { kind: 'error', message: 'error' } as const;
    }
    if (outcome.kind === 'secondStep' && this.deps.completeSignIn !== undefined) {
      const useCase = this.deps.completeSignIn;
      runInAction(() => {
        this.password = '';
        this.signInStatus = 'idle';
        this.secondStep = new SecondStepModel(useCase, outcome.challenge, outcome.enrol, () =>
          this.finishSignIn().then(() => undefined),
        );
      });
      return false;
    }
    if (outcome.kind === 'secondStep') {
      runInAction(() => {
        this.signInStatus = 'failed';
        this.signInProblem = 'error';
        this.signInMessage = GENERAL_FAILURE_MESSAGE;
      });
      return false;
    }
    if (outcome.kind !== 'success') {
      runInAction(() => {
        this.signInStatus = 'failed';
        this.signInProblem = outcome.kind;
        this.signInMessage =
          outcome.kind === 'lockedOut'
            ? LOCKED_OUT_MESSAGE
            : outcome.kind === 'passwordExpired'
              ? PASSWORD_EXPIRED_MESSAGE
              : signInErrorText(outcome.message);
      });
      return false;
    }
    return this.finishSignIn();
  }

  /** Back from the second step to the password (a used-up challenge, or the shopper's choice). */
  cancelSecondStep(): void {
    this.secondStep = null;
    this.signInStatus = 'idle';
  }

  /** The customer's tokens are stored: the session, the cart merge, the listeners, the modal. */
  private async finishSignIn(): Promise<boolean> {
    runInAction(() => {
      this.password = '';
      this.secondStep = null;
      this.sessionNotice = null;
      this.lastActivity = this.deps.clock.now();
      this.sync();
    });
    // The guest cart joins the customer's before anything reads the customer's cart.
    await this.deps.mergeGuestCart?.execute().catch(() => undefined);
    for (const listener of [...this.listeners]) {
      await Promise.resolve(listener(this.claims)).catch(() => undefined);
    }
    runInAction(() => {
      this.signInStatus = 'succeeded';
      this.signInCount += 1;
      if (this.modal.show) this.closeModal();
    });
    return true;
  }

  /** After signing in: step 6 (TVS with the signup CTA hidden → home), else the requested page. */
  afterSignInTarget(search: string, fallback: string): string {
    if (isTvs(this.persona) && this.hideCustomerSignupCTA) return this.homePath;
    return redirectTarget(search, fallback);
  }

  /** The configured pattern map and condition messages (spec §5) every form checks with. */
  get fieldRules(): FieldRules {
    return fieldRulesOf(this.configuration);
  }

  /** The configured profile password rule and its condition messages (spec §5). */
  get passwordRules(): ChangePasswordRules {
    return changePasswordRulesOf(this.configuration);
  }

  get homePath(): string {
    return this.configuration.general.homepageUrl;
  }

  get loginPath(): string {
    return this.configuration.apiEndpoints.loginPagePath;
  }

  // ── sign-out ───────────────────────────────────────────────────────────────
  async signOut(): Promise<void> {
    if (this.signOutStatus === 'loading') return;
    this.signOutStatus = 'loading';
    this.selfInitiated = true;
    try {
      await this.deps.signOut.execute();
    } finally {
      runInAction(() => {
        this.sync();
        this.selfInitiated = false;
        this.signOutStatus = 'succeeded';
      });
    }
    // A fresh guest session for whatever the shopper does next.
    await this.deps.session.execute().catch(() => undefined);
    runInAction(() => this.sync());
  }

  /**
   * The account is gone on the server, and its sessions with it: this device forgets its tokens at
   * once, so no call the page makes next (the home page's content, the cart) goes out with a token
   * the server refuses — which would end the session as an expired one. The shopper still shows as
   * signed in until `signOut`, so the screen can first leave the secure page it is on (the guard
   * sends a signed-out shopper from there to the login page); `signOut` then finds no customer
   * session to close and takes a guest one.
   */
  forgetDeletedAccount(): void {
    this.selfInitiated = true;
    this.deps.signOut.forgetLocally();
  }

  // ── secure pages ───────────────────────────────────────────────────────────
  /** The login URL to send a guest to from this page, or null when the page is open to all. */
  loginRedirectFor(currentUrl: string): string | null {
    if (this.isAuth || !this.configuration.general.isPublish) return null;
    const c = this.configuration;
    if (!isSecurePage(currentUrl, c.securePagePathList, c.general.shortendPagePath)) return null;
    return loginUrlFor(c.apiEndpoints.loginPagePath, currentUrl);
  }

  // ── activity, idle timeout, token renewal ──────────────────────────────────
  recordActivity(): void {
    this.lastActivity = this.deps.clock.now();
  }

  /**
   * Runs on a timer: a signed-in shopper idle for the timeout is signed out with the session
   * timeout messages (the caller then goes home); otherwise the session is kept fresh, so the
   * token renews 120 s before expiry even on a page that makes no calls.
   */
  async tick(): Promise<'expired' | 'ok'> {
    if (!this.isAuth) return 'ok';
    if (isIdle(this.lastActivity, this.deps.clock.now(), this.idleTimeoutSeconds)) {
      await this.signOut();
      runInAction(() => {
        this.sessionNotice = [SESSION_EXPIRED_MESSAGE, INACTIVITY_REDIRECT_MESSAGE];
      });
      return 'expired';
    }
    await this.deps.session.execute().catch(() => undefined);
    runInAction(() => this.sync());
    return 'ok';
  }

  dismissSessionNotice(): void {
    this.sessionNotice = null;
  }

  // ── hidden tab (spec §4) ───────────────────────────────────────────────────
  tabHidden(): void {
    this.authWhenHidden = this.isAuth;
  }

  /** The tab is shown again: what to do if another tab signed in or out meanwhile. */
  tabShown(currentPath: string): HiddenTabAction | null {
    const was = this.authWhenHidden;
    this.sync();
    this.authWhenHidden = null;
    if (was === null) return null;
    const change = authChangeBetween(was, this.isAuth);
    if (change === null) return null;
    const e = this.configuration.apiEndpoints;
    return decideHiddenTabAuthChange(change, currentPath, {
      loginPagePath: e.loginPagePath,
      homeownerPagePath: e.homeownerPagePath,
      installerPagePath: e.installerPagePath,
      shortenedPagePath: this.configuration.general.shortendPagePath,
    });
  }

  get logoutPath(): string {
    return this.configuration.apiEndpoints.logoutUri;
  }
}

const signInErrorText = (message: string): string => {
  if (message === 'error' || message.trim() === '') return GENERAL_FAILURE_MESSAGE;
  if (/authenticat/i.test(message)) return SIGN_IN_FAILED_MESSAGE;
  return message;
};
