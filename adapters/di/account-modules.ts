/**
 * Account bindings (core/account/ports.ts): the customer's profile and saved addresses over HTTP,
 * or the in-tab fake for the offline demo, whose profiles belong to the signed-in customer's e-mail
 * and start from the fake identity's accounts (the demo accounts with their default address).
 */
import { ContainerModule } from 'inversify';
import type { AddressBookGateway } from '../../core/account/ports';
import type { ShopperSession } from '../../core/cart/ports';
import { FakeAddressBookGateway, fakeCustomerOf } from '../fake/account/fake-address-book-gateway';
import { FakeIdentity } from '../fake/identity/fake-identity';
import { HttpAddressBookGateway } from '../http/account/http-address-book-gateway';
import type { ApiClient } from '../http/api-client';
import { TYPES } from './types';

export const accountHttpModule = new ContainerModule(({ bind }) => {
  bind<AddressBookGateway>(TYPES.AddressBookGateway)
    .toResolvedValue((api: ApiClient) => new HttpAddressBookGateway(api), [TYPES.ApiClient])
    .inSingletonScope();
});

export const accountFakeModule = new ContainerModule(({ bind }) => {
  bind<AddressBookGateway>(TYPES.AddressBookGateway)
    .toResolvedValue(
      (session: ShopperSession, identity: FakeIdentity) =>
        new FakeAddressBookGateway(
          () => session.signedInEmail()?.trim().toLowerCase() ?? null,
          (email) => fakeCustomerOf(identity.account(email)),
        ),
      [TYPES.ShopperSession, FakeIdentity],
    )
    .inSingletonScope();
});
