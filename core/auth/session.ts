/** Spec §3 user states: logged (a customer's token) or anonymous (a guest token or none). */
import type { StoredTokens } from './token-lifecycle';

export type UserState = 'logged' | 'anonymous';

export const userState = (tokens: StoredTokens | null): UserState =>
  tokens !== null && !tokens.anonymous ? 'logged' : 'anonymous';

export const isAuth = (tokens: StoredTokens | null): boolean => userState(tokens) === 'logged';
