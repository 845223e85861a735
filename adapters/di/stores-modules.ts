/**
 * Stores, maps and location bindings (./areas.ts area `stores`, issue 16): the use cases
 * (FindNearbyStores, and ValidatePostalCode with the maps service as its lookup, spec §5) and the
 * persisted location slice, the same in both builds, and the maps adapters over HTTP. The offline
 * demo's fakes are storesFakeModule in ./fake-adapters.ts. The store finder loads this area, and
 * so must the checkout and the address book before they resolve ValidatePostalCode or MapsGateway.
 */
import { ContainerModule } from 'inversify';
import { FindNearbyStores } from '../../core/stores/find-nearby-stores';
import type {
  LocationStateStore,
  MapsGateway,
  StoreDirectory,
  StoreLocator,
} from '../../core/stores/ports';
import { ValidatePostalCode } from '../../core/validation/validate-postal-code';
import type { ApiClient } from '../http/api-client';
import { HttpMapsGateway } from '../http/maps/http-maps-gateway';
import { HttpStoreLocator } from '../http/maps/http-store-locator';
import { LocalStorageLocationStateStore } from '../storage/local-storage-location-state';
import { TYPES } from './types';

export const storesModule = new ContainerModule(({ bind }) => {
  bind<FindNearbyStores>(TYPES.FindNearbyStores)
    .toResolvedValue((locator: StoreLocator) => new FindNearbyStores(locator), [TYPES.StoreLocator])
    .inSingletonScope();
  bind<ValidatePostalCode>(TYPES.ValidatePostalCode)
    .toResolvedValue((maps: MapsGateway) => new ValidatePostalCode(maps), [TYPES.MapsGateway])
    .inSingletonScope();
  bind<LocationStateStore>(TYPES.LocationStateStore)
    .toResolvedValue(
      (storage: Storage) => new LocalStorageLocationStateStore(storage),
      [TYPES.Storage],
    )
    .inSingletonScope();
});

export const storesHttpModule = new ContainerModule(({ bind }) => {
  bind(HttpStoreLocator)
    .toResolvedValue((api: ApiClient) => new HttpStoreLocator(api), [TYPES.ApiClient])
    .inSingletonScope();
  bind<StoreLocator>(TYPES.StoreLocator).toService(HttpStoreLocator);
  bind<StoreDirectory>(TYPES.StoreDirectory).toService(HttpStoreLocator);
  bind<MapsGateway>(TYPES.MapsGateway)
    .toResolvedValue((api: ApiClient) => new HttpMapsGateway(api), [TYPES.ApiClient])
    .inSingletonScope();
});
