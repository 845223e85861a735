/**
 * The shop's adapters: the real API over HTTP, one module per family. ui/main.tsx imports this list
 * statically, so nothing here may reach adapters/fake/ (.dependency-cruiser.cjs,
 * shop-entry-carries-no-fakes); the offline demo's list is ./fake-adapters.ts.
 */
import { accountHttpModule } from './account-modules';
import type { AdapterModules } from './build-container';
import { cartHttpModule } from './cart-modules';
import { checkoutHttpModule } from './checkout-modules';
import { httpModule } from './modules';
import { ordersHttpModule } from './orders-modules';

export const httpAdapters: AdapterModules = [
  httpModule,
  cartHttpModule,
  checkoutHttpModule,
  ordersHttpModule,
  accountHttpModule,
];
