/**
 * Use case: credential sign-in (spec §4 Session): a guest becomes logged in after a successful
 * sign-in. The guest's anonymousId is kept on the customer's tokens so the guest cart can be
 * merged (spec §6); any other outcome leaves the stored tokens as they were.
 */
import type { Clock } from '../shared/clock';
import type { Credentials, IdentityProvider, TokenStore } from './ports';
import { mapSignInFailure, mapSignInResult, type SignInOutcome } from './sign-in-result';
import { fromGrant, type TokenGrant } from './token-lifecycle';

/**
 * Keeps a customer's tokens in place of the guest's, with the guest's anonymousId so the guest
 * cart can be merged (the password step here, or the second step of two-step sign-in).
 */
export const storeCustomerGrant = (store: TokenStore, clock: Clock, grant: TokenGrant): void => {
  const guest = store.load();
  const anonymousId = guest?.anonymous === true ? guest.anonymousId : undefined;
  store.save(
    fromGrant(grant, clock.now(), {
      anonymous: false,
      ...(anonymousId === undefined ? {} : { anonymousId }),
    }),
  );
};

export class SignIn {
  constructor(
    private readonly identity: IdentityProvider,
    private readonly store: TokenStore,
    private readonly clock: Clock,
  ) {}

  async execute(credentials: Credentials): Promise<SignInOutcome> {
    let outcome: SignInOutcome;
    try {
      outcome = mapSignInResult(await this.identity.signIn(credentials));
    } catch (thrown) {
      return mapSignInFailure(thrown);
    }
    if (outcome.kind !== 'success') return outcome;
    storeCustomerGrant(this.store, this.clock, outcome.grant);
    return outcome;
  }
}
