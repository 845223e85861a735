/**
 * The whole object graph in one call, either adapter list by name: what the tests use. It imports
 * the fakes, so the shop's entry must not import it; the shop builds ./shop-container.ts and the
 * demo build loads ./fake-adapters.ts (ui/app/app-container.ts).
 */
import type { Container } from 'inversify';
import type { DemoData } from '../fake/demo-data';
import { accountHttpModule } from './account-modules';
import { analyticsBrowserModule } from './analytics-modules';
import { buildContainer, type ContainerEnvironment } from './build-container';
import { checkoutHttpModule } from './checkout-modules';
import { fakeAdapters } from './fake-adapters';
import { httpAdapters } from './http-adapters';
import { literatureHttpModule } from './literature-modules';
import { newsletterHttpModule } from './newsletter-modules';
import { ordersHttpModule } from './orders-modules';
import { registrationHttpModule } from './registration-modules';
import { storesHttpModule } from './stores-modules';

export type AdapterMode = 'http' | 'fake';

export interface ContainerOptions extends ContainerEnvironment {
  readonly mode: AdapterMode;
  /** The offline demo's catalogue (fake mode); without it the fakes serve an empty shop. */
  readonly demoData?: DemoData;
}

/** `mode: 'fake'` is the one-line switch to the offline demo. */
export const createContainer = ({ mode, demoData, ...environment }: ContainerOptions): Container =>
  buildContainer(
    environment,
    mode === 'fake'
      ? fakeAdapters(demoData)
      : // Every area at once, where the shop loads them per route (./shop-container.ts).
        [
          ...httpAdapters,
          accountHttpModule,
          checkoutHttpModule,
          ordersHttpModule,
          newsletterHttpModule,
          registrationHttpModule,
          storesHttpModule,
          literatureHttpModule,
          analyticsBrowserModule,
        ],
  );
