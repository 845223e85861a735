/**
 * The whole object graph in one call, either adapter list by name: what the tests use. It imports
 * the fakes, so the shop's entry must not import it; ui/main.tsx calls ./build-container.ts with
 * ./http-adapters.ts and loads ./fake-adapters.ts only in the demo build.
 */
import type { Container } from 'inversify';
import type { DemoData } from '../fake/demo-data';
import { buildContainer, type ContainerEnvironment } from './build-container';
import { fakeAdapters } from './fake-adapters';
import { httpAdapters } from './http-adapters';

export type AdapterMode = 'http' | 'fake';

export interface ContainerOptions extends ContainerEnvironment {
  readonly mode: AdapterMode;
  /** The offline demo's catalogue (fake mode); without it the fakes serve an empty shop. */
  readonly demoData?: DemoData;
}

/** `mode: 'fake'` is the one-line switch to the offline demo. */
export const createContainer = ({ mode, demoData, ...environment }: ContainerOptions): Container =>
  buildContainer(environment, mode === 'fake' ? fakeAdapters(demoData) : httpAdapters);
