/**
 * The start-up the browser journeys share: the real server (the built storefront and its API) on a
 * free port with a fresh data dir, and the system Chromium, started together. Each test file
 * starts its own shop, so no file sees another's orders, accounts or carts.
 */
import { startTestServer, type TestServer } from '../../support/test-server';
import type { ServerConfig } from '../../../server/config';
import { assertBuilt, startWithBrowser, type Shop } from './browser';

export interface ServerShop extends Shop {
  /** The server, for its API origin (`server.api`) when a test sets things up over HTTP. */
  readonly server: TestServer;
}

/** `overrides`: server settings a journey needs (say, a file of site notices). */
export const startShop = async (overrides: Partial<ServerConfig> = {}): Promise<ServerShop> => {
  assertBuilt();
  const shop = await startWithBrowser<TestServer>({
    start: () => startTestServer(overrides),
    stop: (server) => server.dispose(),
  });
  return { ...shop, server: shop.app };
};
