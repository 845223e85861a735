import { Container } from 'inversify';
import { browserStorageModule, coreModule, fakeModule, httpModule, systemModule } from './modules';
import { TYPES, type AppConfig } from './types';

export type AdapterMode = 'http' | 'fake';

export interface ContainerOptions {
  readonly mode: AdapterMode;
  readonly config: AppConfig;
  readonly storage: Storage;
}

/** The whole object graph; `mode: 'fake'` is the one-line switch to the offline demo. */
export const createContainer = ({ mode, config, storage }: ContainerOptions): Container => {
  const container = new Container();
  container.bind<AppConfig>(TYPES.AppConfig).toConstantValue(config);
  container.bind<Storage>(TYPES.Storage).toConstantValue(storage);
  container.load(
    systemModule,
    browserStorageModule,
    coreModule,
    mode === 'fake' ? fakeModule : httpModule,
  );
  return container;
};
