/**
 * Use case: spec §4 "Token error: the user is signed out and the session closed". A token the
 * shop cannot renew or use is never kept: everything SignOut clears is cleared.
 */
import type { SignOut, SignOutReport } from './sign-out';

export class HandleTokenError {
  constructor(private readonly signOut: Pick<SignOut, 'execute'>) {}

  /** `error` is accepted for the caller's logging; every token error has the same outcome. */
  execute(_error: unknown): Promise<SignOutReport> {
    return this.signOut.execute();
  }
}
