import { Container } from 'inversify';
import { emptyDemoData, type DemoData } from '../fake/demo-data';
import { DEFAULT_CONFIGURATION } from '../../core/content/default-configuration';
import { browserStorageModule, coreModule, fakeModule, httpModule, systemModule } from './modules';
import { cartFakeModule, cartHttpModule, cartModule } from './cart-modules';
import { checkoutFakeModule, checkoutHttpModule } from './checkout-modules';
import { ordersFakeModule, ordersHttpModule } from './orders-modules';
import { accountFakeModule, accountHttpModule } from './account-modules';
import { TYPES, type AppConfig } from './types';

export type AdapterMode = 'http' | 'fake';

export interface ContainerOptions {
  readonly mode: AdapterMode;
  readonly config: AppConfig;
  /** localStorage in the browser: auth, compare, browsing history, configuration cache. */
  readonly storage: Storage;
  /** sessionStorage in the browser: products per page. */
  readonly sessionStorage: Storage;
  /** The offline demo's catalogue (fake mode); without it the fakes serve an empty shop. */
  readonly demoData?: DemoData;
}

/** The whole object graph; `mode: 'fake'` is the one-line switch to the offline demo. */
export const createContainer = ({
  mode,
  config,
  storage,
  sessionStorage,
  demoData,
}: ContainerOptions): Container => {
  const container = new Container();
  container.bind<AppConfig>(TYPES.AppConfig).toConstantValue(config);
  container.bind<Storage>(TYPES.Storage).toConstantValue(storage);
  container.bind<Storage>(TYPES.SessionStorage).toConstantValue(sessionStorage);
  container
    .bind<DemoData>(TYPES.DemoData)
    .toConstantValue(demoData ?? emptyDemoData(DEFAULT_CONFIGURATION));
  container.load(
    systemModule,
    browserStorageModule,
    coreModule,
    mode === 'fake' ? fakeModule : httpModule,
    cartModule,
    mode === 'fake' ? cartFakeModule : cartHttpModule,
    mode === 'fake' ? checkoutFakeModule : checkoutHttpModule,
    mode === 'fake' ? ordersFakeModule : ordersHttpModule,
    mode === 'fake' ? accountFakeModule : accountHttpModule,
  );
  return container;
};
