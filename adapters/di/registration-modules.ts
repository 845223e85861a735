/**
 * Product registration bindings (./areas.ts area `registration`): the use cases
 * (core/registration), the same in both builds, and the gateway over HTTP. The offline demo's
 * in-tab fake is registrationFakeModule in ./fake-adapters.ts. Loaded by the registration, my
 * products and my services routes, so none of it is in the entry bundle.
 */
import { ContainerModule } from 'inversify';
import type { RegistrationGateway } from '../../core/registration/ports';
import { SubmitProductRegistration } from '../../core/registration/submit-product-registration';
import {
  DownloadProofOfPurchase,
  LoadMyProducts,
  LoadMyServices,
  LoadRegistrableItems,
  LoadRegistrations,
  RemoveRegistration,
  SuggestModelNumbers,
  UploadProofOfPurchase,
} from '../../core/registration/use-cases';
import type { ApiClient } from '../http/api-client';
import { HttpRegistrationGateway } from '../http/registration/http-registration-gateway';
import { TYPES } from './types';

const useCases = [
  [TYPES.SubmitProductRegistration, (g: RegistrationGateway) => new SubmitProductRegistration(g)],
  [TYPES.UploadProofOfPurchase, (g: RegistrationGateway) => new UploadProofOfPurchase(g)],
  [TYPES.DownloadProofOfPurchase, (g: RegistrationGateway) => new DownloadProofOfPurchase(g)],
  [TYPES.SuggestModelNumbers, (g: RegistrationGateway) => new SuggestModelNumbers(g)],
  [TYPES.LoadRegistrations, (g: RegistrationGateway) => new LoadRegistrations(g)],
  [TYPES.RemoveRegistration, (g: RegistrationGateway) => new RemoveRegistration(g)],
  [TYPES.LoadMyProducts, (g: RegistrationGateway) => new LoadMyProducts(g)],
  [TYPES.LoadMyServices, (g: RegistrationGateway) => new LoadMyServices(g)],
  [TYPES.LoadRegistrableItems, (g: RegistrationGateway) => new LoadRegistrableItems(g)],
] as const;

export const registrationModule = new ContainerModule(({ bind }) => {
  for (const [id, make] of useCases) {
    bind(id)
      .toResolvedValue((gateway: RegistrationGateway) => make(gateway), [TYPES.RegistrationGateway])
      .inSingletonScope();
  }
});

export const registrationHttpModule = new ContainerModule(({ bind }) => {
  bind<RegistrationGateway>(TYPES.RegistrationGateway)
    .toResolvedValue((api: ApiClient) => new HttpRegistrationGateway(api), [TYPES.ApiClient])
    .inSingletonScope();
});
