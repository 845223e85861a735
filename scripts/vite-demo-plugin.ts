/**
 * The offline demo's data source (npm run demo): the Vite dev server answers `/demo-data.json`
 * (scripts/demo-data.ts, built once from the seed) and the generated product and content drawings,
 * so the fake adapters show the very catalogue and images the server serves — with no server.
 * The seed code is loaded through Vite (ssrLoadModule) when first asked for, not by the config.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Plugin } from 'vite';
import type * as DemoSourceModule from './demo-source';

type DemoSource = typeof DemoSourceModule;

const DEMO_DATA_URL = '/demo-data.json';
const IMAGE = /^\/images\/(products|content)\/([A-Za-z0-9-]{1,64})\.svg$/;

const send = (res: ServerResponse, type: string, body: string, cache: string): void => {
  res.statusCode = 200;
  res.setHeader('content-type', type);
  res.setHeader('cache-control', cache);
  res.end(body);
};

export const demoDataPlugin = (): Plugin => ({
  name: 'lavabo-demo-data',
  apply: 'serve',
  configureServer(server) {
    let source: Promise<DemoSource> | undefined;
    const load = (): Promise<DemoSource> =>
      (source ??= server.ssrLoadModule(
        path.join(import.meta.dirname, 'demo-source.ts'),
      ) as Promise<DemoSource>);
    server.middlewares.use(
      (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
        const url = (req.url ?? '').split('?')[0] ?? '';
        const image = IMAGE.exec(url);
        if (url !== DEMO_DATA_URL && image === null) return next();
        load()
          .then(async (demo) => {
            if (image === null) {
              send(res, 'application/json', await demo.demoDataJson(), 'no-cache');
              return;
            }
            const svg = demo.demoImage(
              image[1] === 'content' ? 'content' : 'products',
              image[2] ?? '',
            );
            if (svg === null) {
              res.statusCode = 404;
              res.end();
              return;
            }
            send(res, 'image/svg+xml', svg, 'public, max-age=3600');
          })
          .catch(next);
      },
    );
  },
});
