/**
 * `npm run demo` as the browser journeys start it: Vite's dev server in demo mode (the fake
 * adapters and the seeded catalogue in the tab, no API server) on a free port, and the system
 * Chromium, started together. Kept apart from support/shop.ts so the demo never loads the server.
 */
import { createServer, type ViteDevServer } from 'vite';
import { projectRoot } from '../../../server/config';
import { startWithBrowser, type Shop } from './browser';

interface DemoServer {
  readonly url: string;
  readonly vite: ViteDevServer;
}

const startDemoServer = async (): Promise<DemoServer> => {
  const vite = await createServer({
    configFile: `${projectRoot}/vite.config.ts`,
    mode: 'demo',
    logLevel: 'silent',
    server: { port: 0, strictPort: false, hmr: false },
  });
  try {
    await vite.listen();
    const address = vite.httpServer?.address();
    if (typeof address !== 'object' || address === null) {
      throw new Error('The demo server is not listening on a port');
    }
    return { url: `http://localhost:${address.port}`, vite };
  } catch (error) {
    await vite.close();
    throw error;
  }
};

export const startDemoShop = (): Promise<Shop> =>
  startWithBrowser<DemoServer>({ start: startDemoServer, stop: ({ vite }) => vite.close() });
