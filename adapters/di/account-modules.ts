/**
 * Account bindings (core/account/ports.ts): the customer's profile and saved
 * addresses, change password and delete account over HTTP. The offline demo's in-tab fakes are
 * accountFakeModule in ./fake-adapters.ts, kept out of this file so the shop's entry bundle
 * carries no fake code.
 */
import { ContainerModule } from 'inversify';
import type { AccountSecurityGateway, AddressBookGateway } from '../../core/account/ports';
import { HttpAccountSecurityGateway } from '../http/account/http-account-security-gateway';
import { HttpAddressBookGateway } from '../http/account/http-address-book-gateway';
import type { ApiClient } from '../http/api-client';
import { TYPES } from './types';

export const accountHttpModule = new ContainerModule(({ bind }) => {
  bind<AddressBookGateway>(TYPES.AddressBookGateway)
    .toResolvedValue((api: ApiClient) => new HttpAddressBookGateway(api), [TYPES.ApiClient])
    .inSingletonScope();
  bind<AccountSecurityGateway>(TYPES.AccountSecurityGateway)
    .toResolvedValue((api: ApiClient) => new HttpAccountSecurityGateway(api), [TYPES.ApiClient])
    .inSingletonScope();
});
