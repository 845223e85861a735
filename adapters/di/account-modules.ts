/**
 * Account bindings: the account security use cases (core/account), the same in both builds, and
 * the gateways (core/account/ports.ts) of the customer's profile and saved addresses, change
 * password and delete account over HTTP. The offline demo's in-tab fakes are
 * accountFakeModule in ./fake-adapters.ts, kept out of this file so the shop's entry bundle
 * carries no fake code.
 */
import { ContainerModule } from 'inversify';
import { ChangePassword } from '../../core/account/change-password';
import { DeleteAccount } from '../../core/account/delete-account';
import type { AccountSecurityGateway, AddressBookGateway } from '../../core/account/ports';
import { TwoStepSettings, type TwoStepGateway } from '../../core/account/two-step-settings';
import { HttpAccountSecurityGateway } from '../http/account/http-account-security-gateway';
import { HttpTwoStepGateway } from '../http/account/http-two-step-gateway';
import { HttpAddressBookGateway } from '../http/account/http-address-book-gateway';
import type { ApiClient } from '../http/api-client';
import { TYPES } from './types';

/** Change password and delete account, over whichever AccountSecurityGateway is bound. */
export const accountModule = new ContainerModule(({ bind }) => {
  bind<ChangePassword>(TYPES.ChangePassword)
    .toResolvedValue(
      (security: AccountSecurityGateway) => new ChangePassword(security),
      [TYPES.AccountSecurityGateway],
    )
    .inSingletonScope();
  bind<TwoStepSettings>(TYPES.TwoStepSettings)
    .toResolvedValue(
      (gateway: TwoStepGateway) => new TwoStepSettings(gateway),
      [TYPES.TwoStepGateway],
    )
    .inSingletonScope();
  bind<DeleteAccount>(TYPES.DeleteAccount)
    .toResolvedValue(
      (security: AccountSecurityGateway) => new DeleteAccount(security),
      [TYPES.AccountSecurityGateway],
    )
    .inSingletonScope();
});

export const accountHttpModule = new ContainerModule(({ bind }) => {
  bind<AddressBookGateway>(TYPES.AddressBookGateway)
    .toResolvedValue((api: ApiClient) => new HttpAddressBookGateway(api), [TYPES.ApiClient])
    .inSingletonScope();
  bind<AccountSecurityGateway>(TYPES.AccountSecurityGateway)
    .toResolvedValue((api: ApiClient) => new HttpAccountSecurityGateway(api), [TYPES.ApiClient])
    .inSingletonScope();
  bind<TwoStepGateway>(TYPES.TwoStepGateway)
    .toResolvedValue((api: ApiClient) => new HttpTwoStepGateway(api), [TYPES.ApiClient])
    .inSingletonScope();
});
