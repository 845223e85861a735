/** Spec §4 "Guest token": fetched when no token exists or a renewal fails. */
import type { StoredTokens } from './token-lifecycle';

export type RenewalOutcome = 'notAttempted' | 'succeeded' | 'failed';

export const needsGuestToken = (stored: StoredTokens | null, renewal: RenewalOutcome): boolean =>
  stored === null || renewal === 'failed';
