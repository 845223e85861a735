/**
 * Account bindings (core/account/ports.ts): the customer's profile and saved addresses over HTTP.
 * The offline demo's in-tab fake is accountFakeModule in ./fake-adapters.ts, kept out of this file
 * so the shop's entry bundle carries no fake code.
 */
import { ContainerModule } from 'inversify';
import type { AddressBookGateway } from '../../core/account/ports';
import { HttpAddressBookGateway } from '../http/account/http-address-book-gateway';
import type { ApiClient } from '../http/api-client';
import { TYPES } from './types';

export const accountHttpModule = new ContainerModule(({ bind }) => {
  bind<AddressBookGateway>(TYPES.AddressBookGateway)
    .toResolvedValue((api: ApiClient) => new HttpAddressBookGateway(api), [TYPES.ApiClient])
    .inSingletonScope();
});
