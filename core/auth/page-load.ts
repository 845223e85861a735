/**
 * The page-load decision of spec §4 (steps 1–6), as a plan of actions the shell carries out in
 * order. Pure: the URL parsing, storage and navigation belong to adapters.
 *
 * Readings we chose (docs/rules.md):
 * - "token" in steps 2–4 means a signed-in customer's token; a guest token counts as no token
 *   (secure pages require sign-in, spec §6; guest tokens follow the guest-token rule instead);
 * - step 2 "valid token and session": the token has not expired; a token inside the last 120 s
 *   is renewed too (auto-renew starts there), only an expired one signs out (step 3);
 * - steps 5 and 6 apply to the load that carries the login redirect's tokens; step 6 wins over 5;
 * - a saved callback is restored only when it is a same-site path (`/…`, not `//…`), so a stored
 *   value can never send the shopper to another site.
 */
import { isTvs } from '../account/persona';
import { isSecurePage } from './secure-pages';
import { isExpired, type StoredTokens } from './token-lifecycle';
import { isSameOriginPath } from '../validation/safe-redirect';

/** The query parameter that carries the page to come back to after the login page. */
export const LOGIN_REDIRECT_PARAM = 'redirect';

export type PageLoadAction =
  | { readonly kind: 'storeTokensFromUrl' }
  | { readonly kind: 'renew' }
  | { readonly kind: 'signOut' }
  | {
      readonly kind: 'redirectToLogin';
      /** The page to save as the callback, exactly as it was requested (path, query, hash). */
      readonly saveCallbackUrl: string;
      /** The login page with the encoded redirect parameter. */
      readonly loginUrl: string;
    }
  | { readonly kind: 'restoreCallback'; readonly url: string }
  | { readonly kind: 'goHome' }
  | { readonly kind: 'none' };

export interface PageLoadInput {
  /** Tokens were found in the URL: this load is the return from a login redirect. */
  readonly urlTokensPresent: boolean;
  readonly stored: StoredTokens | null;
  readonly now: number;
  /** The requested page: path with query and hash, e.g. `/en/account/orders?id=1`. */
  readonly currentUrl: string;
  readonly securePagePathList: readonly string[];
  readonly shortenedPagePath?: string;
  /** general.isPublish: the published site, as opposed to authoring. */
  readonly isPublish: boolean;
  /** apiEndpoints.loginPagePath. */
  readonly loginPagePath: string;
  readonly savedCallbackUrl: string | null;
  /** The signed-in user's persona (GST for guests). */
  readonly persona: string;
  readonly hideCustomerSignupCTA: boolean;
}

/** Only a path on this site may be restored after login (core/validation/safe-redirect.ts). */
export const isSafeCallbackUrl = (url: string): boolean => isSameOriginPath(url);

export const loginUrlFor = (loginPagePath: string, currentUrl: string): string => {
  const separator = loginPagePath.includes('?') ? '&' : '?';
  return `${loginPagePath}${separator}${LOGIN_REDIRECT_PARAM}=${encodeURIComponent(currentUrl)}`;
};

const afterLogin = (input: PageLoadInput): PageLoadAction => {
  if (isTvs(input.persona) && input.hideCustomerSignupCTA) return { kind: 'goHome' };
  const saved = input.savedCallbackUrl;
  if (saved !== null && isSafeCallbackUrl(saved)) return { kind: 'restoreCallback', url: saved };
  return { kind: 'none' };
};

export const decidePageLoad = (input: PageLoadInput): readonly PageLoadAction[] => {
  // Step 1, then 5/6.
  if (input.urlTokensPresent) return [{ kind: 'storeTokensFromUrl' }, afterLogin(input)];

  const customer = input.stored !== null && !input.stored.anonymous ? input.stored : null;
  if (customer !== null) {
    // Steps 2 and 3.
    return isExpired(customer, input.now) ? [{ kind: 'signOut' }] : [{ kind: 'renew' }];
  }

  // Step 4.
  const path = input.currentUrl;
  if (input.isPublish && isSecurePage(path, input.securePagePathList, input.shortenedPagePath)) {
    return [
      {
        kind: 'redirectToLogin',
        saveCallbackUrl: input.currentUrl,
        loginUrl: loginUrlFor(input.loginPagePath, input.currentUrl),
      },
    ];
  }
  return [{ kind: 'none' }];
};
