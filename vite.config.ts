import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// With its extension, as Vite's native config loader (a future default) requires; tsconfig keeps
// allowImportingTsExtensions off for the rest of the code, so this one import is exempted.
// @ts-expect-error TS5097: a .ts extension without allowImportingTsExtensions (types still resolve)
import { demoDataPlugin } from './scripts/vite-demo-plugin.ts';

const outDir = path.resolve(import.meta.dirname, 'dist/client');
/** The server's rendering entry (ui/entry-server.tsx), built by `vite build --ssr`. */
const serverOutDir = path.resolve(import.meta.dirname, 'dist/server');

/**
 * Writes .br and .gz beside every compressible file once, at build time, so the server sends
 * precompressed assets and never compresses static files per request (ARCHITECTURE.md, speed).
 */
const precompress = (): Plugin => ({
  name: 'lavabo-precompress',
  // The browser's files only: the server's entry is read from disk, never sent.
  apply: (_config, env) => env.command === 'build' && env.isSsrBuild !== true,
  closeBundle() {
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        return statSync(full).isDirectory() ? walk(full) : [full];
      });
    for (const file of walk(outDir)) {
      if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
      const content = readFileSync(file);
      if (content.length < 512) continue;
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    }
  },
});

export default defineConfig(({ mode, isSsrBuild }) => ({
  root: path.resolve(import.meta.dirname, 'ui'),
  publicDir: path.resolve(import.meta.dirname, 'ui/public'),
  plugins: [react(), precompress(), ...(mode === 'demo' ? [demoDataPlugin()] : [])],
  resolve: {
    // Code imports fp-ts's CommonJS build (fp-ts/lib/…), which Node resolves for the server; the
    // browser gets the ES module build of the same version instead, which io-ts already imports:
    // one copy of fp-ts, tree-shaken (bench/bundle.ts --by-module shows the difference). The
    // server's renderer keeps fp-ts/lib: Node loads fp-ts/es6 as CommonJS and fails.
    alias: isSsrBuild ? [] : [{ find: /^fp-ts\/lib\/(.*)$/, replacement: 'fp-ts/es6/$1' }],
  },
  // The demo's literature zips in the browser with fflate, imported when first asked: pre-bundled
  // at start, so the dev server does not find it mid-visit and reload the page.
  optimizeDeps: { include: ['fflate'] },
  define: {
    // The offline demo (npm run demo) swaps the HTTP adapters for in-memory fakes.
    __LAVABO_ADAPTERS__: JSON.stringify(mode === 'demo' ? 'fake' : 'http'),
  },
  build: isSsrBuild
    ? {
        outDir: serverOutDir,
        emptyOutDir: true,
        copyPublicDir: false,
        target: 'node20',
        sourcemap: false,
      }
    : {
        outDir,
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        sourcemap: true,
        // The one chunk every page loads is ~700 kB before minification's gzip (~200 kB gzip): its
        // size is watched in gzip by bench/bundle.ts and tests/e2e/shop-bundle.test.ts, not here.
        chunkSizeWarningLimit: 800,
        rolldownOptions: {
          output: {
            codeSplitting: {
              // What the entry imports statically runs on every page: one file, not a common chunk
              // for each set of routes that shares a module with it (each cost a request, its own
              // gzip stream and export/import glue: 20 files and 14 kB gzip more; bench/bundle.ts).
              // Rolldown folds the entry module into this chunk too, so the manifest marks no
              // entry: index.html names the files every page loads (bench/bundle.ts and
              // server/render/page-html.ts read them there).
              groups: [{ name: 'app', tags: ['$initial'] }],
            },
          },
        },
      },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': process.env.API_PROXY_TARGET ?? 'http://localhost:8081',
    },
  },
  preview: { port: 8080 },
}));
