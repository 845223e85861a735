/**
 * Spec §4 "Auth change seen while the tab is hidden": when another tab signs in or out, this
 * tab catches up the next time it is shown.
 */
import { isSamePage } from './secure-pages';

export type AuthChange = 'signedIn' | 'signedOut';

export type HiddenTabAction =
  { readonly kind: 'goToLogoutUrl' } | { readonly kind: 'goHome' } | { readonly kind: 'reload' };

export interface AuthPagePaths {
  readonly loginPagePath?: string;
  readonly homeownerPagePath?: string;
  readonly installerPagePath?: string;
  readonly shortenedPagePath?: string;
}

/** The change between the auth state this tab showed and the one it finds; null when none. */
export const authChangeBetween = (wasAuth: boolean, isAuth: boolean): AuthChange | null =>
  wasAuth === isAuth ? null : isAuth ? 'signedIn' : 'signedOut';

export const decideHiddenTabAuthChange = (
  change: AuthChange,
  currentPath: string,
  paths: AuthPagePaths,
): HiddenTabAction => {
  if (change === 'signedOut') return { kind: 'goToLogoutUrl' };
  const onAuthPage = [paths.loginPagePath, paths.homeownerPagePath, paths.installerPagePath].some(
    (p) => isSamePage(currentPath, p, paths.shortenedPagePath),
  );
  return onAuthPage ? { kind: 'goHome' } : { kind: 'reload' };
};
