/**
 * Auth use cases (core/auth): keeping the session (guest and customer tokens), signing in and out,
 * the token-error handler, sign-up and forgot password. The same in the shop and the offline demo;
 * only the identity ports (./modules.ts over HTTP, ./fake-adapters.ts in the tab) differ.
 */
import { ContainerModule } from 'inversify';
import type { EnsureSession } from '../../core/auth/ensure-session';
import { HandleTokenError } from '../../core/auth/handle-token-error';
import { KeepSession } from '../../core/auth/keep-session';
import type {
  CustomerAccounts,
  CustomerTokenGateway,
  IdentityProvider,
  IdGenerator,
  LocalCartState,
  TokenGateway,
  TokenStore,
} from '../../core/auth/ports';
import { RequestPasswordReset, ResetPassword } from '../../core/auth/reset-password';
import { CompleteSignIn, type SecondStepProvider } from '../../core/auth/second-step';
import { SignIn } from '../../core/auth/sign-in';
import { SignOut } from '../../core/auth/sign-out';
import { SignUp } from '../../core/auth/sign-up';
import type { Clock } from '../../core/shared/clock';
import { TYPES, type AppConfig } from './types';

export const authModule = new ContainerModule(({ bind }) => {
  // KeepSession is EnsureSession plus the customer's token (refresh with rotation, revalidate,
  // token error → sign out). Its token-error handler is resolved on first use: sign-out needs the
  // identity provider, which needs the API client, which needs this session.
  bind<EnsureSession>(TYPES.EnsureSession)
    .toDynamicValue((ctx) => {
      const config = ctx.get<AppConfig>(TYPES.AppConfig);
      return new KeepSession(
        ctx.get<TokenGateway>(TYPES.TokenGateway),
        ctx.get<TokenStore>(TYPES.TokenStore),
        ctx.get<Clock>(TYPES.Clock),
        ctx.get<IdGenerator>(TYPES.IdGenerator),
        config.channel,
        ctx.get<CustomerTokenGateway>(TYPES.CustomerTokenGateway),
        (error) => ctx.get<HandleTokenError>(TYPES.HandleTokenError).execute(error),
      );
    })
    .inSingletonScope();
  bind<SignIn>(TYPES.SignIn)
    .toResolvedValue(
      (identity: IdentityProvider, store: TokenStore, clock: Clock) =>
        new SignIn(identity, store, clock),
      [TYPES.IdentityProvider, TYPES.TokenStore, TYPES.Clock],
    )
    .inSingletonScope();
  bind<CompleteSignIn>(TYPES.CompleteSignIn)
    .toResolvedValue(
      (provider: SecondStepProvider, store: TokenStore, clock: Clock) =>
        new CompleteSignIn(provider, store, clock),
      [TYPES.SecondStepProvider, TYPES.TokenStore, TYPES.Clock],
    )
    .inSingletonScope();
  bind<SignOut>(TYPES.SignOut)
    .toResolvedValue(
      (identity: IdentityProvider, store: TokenStore, cart: LocalCartState) =>
        new SignOut(identity, store, cart),
      [TYPES.IdentityProvider, TYPES.TokenStore, TYPES.LocalCartState],
    )
    .inSingletonScope();
  bind<HandleTokenError>(TYPES.HandleTokenError)
    .toResolvedValue((signOut: SignOut) => new HandleTokenError(signOut), [TYPES.SignOut])
    .inSingletonScope();
  bind<SignUp>(TYPES.SignUp)
    .toResolvedValue((accounts: CustomerAccounts) => new SignUp(accounts), [TYPES.CustomerAccounts])
    .inSingletonScope();
  bind<RequestPasswordReset>(TYPES.RequestPasswordReset)
    .toResolvedValue(
      (accounts: CustomerAccounts) => new RequestPasswordReset(accounts),
      [TYPES.CustomerAccounts],
    )
    .inSingletonScope();
  bind<ResetPassword>(TYPES.ResetPassword)
    .toResolvedValue(
      (accounts: CustomerAccounts) => new ResetPassword(accounts),
      [TYPES.CustomerAccounts],
    )
    .inSingletonScope();
});
