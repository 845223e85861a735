/**
 * Server-rendered first views (issue 15): the page of a catalogue or content URL rendered by the
 * storefront's own components (ui/entry-server.tsx, built to dist/server/entry-server.js), kept in
 * memory per URL, compressed once, and rendered again only when the catalogue version or the
 * configuration changes, so a page never shows prices or stock older than the last committed
 * change. A render that fails is logged and the app shell goes out instead: the browser then
 * renders the page itself, as before.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { AxiosAdapter } from 'axios';
import type { FastifyBaseLogger } from 'fastify';
import type { RenderedShell } from '../http/app-shell';
import { firstViewHtml, routeAssets, shellModules, type Manifest } from './page-html';

/** What ui/entry-server.tsx's `renderPage` answers (its types stay on its side of the build). */
export interface RenderedFirstView {
  readonly routeId: string;
  readonly screen: string;
  readonly head: string;
  readonly body: string;
  readonly answers: unknown;
}

export type RenderPage = (request: {
  readonly url: string;
  readonly httpAdapter: AxiosAdapter;
  readonly bearer: string;
  /** The configuration the page inlines: the renderer draws with it (ui/entry-server.tsx). */
  readonly configuration: unknown;
}) => Promise<RenderedFirstView | null>;

/**
 * The built renderer beside the built storefront (`dist/server` next to `dist/client`), if any. One
 * that does not load (say, a build copied where its packages cannot be found) is reported and left
 * out: the shop then serves the app shell, as without a renderer.
 */
export const loadRenderPage = async (
  staticDir: string,
  warn: (message: string) => void = console.warn,
): Promise<RenderPage | null> => {
  const file = path.join(staticDir, '..', 'server', 'entry-server.js');
  if (!existsSync(file)) return null;
  try {
    const module = (await import(pathToFileURL(file).href)) as { renderPage?: unknown };
    if (typeof module.renderPage === 'function') return module.renderPage as RenderPage;
    warn(`${file} has no renderPage: pages are rendered in the browser`);
  } catch (error) {
    warn(`${file} did not load (${String(error)}): pages are rendered in the browser`);
  }
  return null;
};

/** At most this many rendered pages are kept; the oldest goes first. */
export const FIRST_VIEW_CACHE_LIMIT = 500;

export interface FirstViewsOptions {
  readonly render: RenderPage;
  readonly httpAdapter: AxiosAdapter;
  /** A guest token for the render's calls. */
  readonly bearer: () => Promise<string>;
  /** The built app shell (dist/client/index.html). */
  readonly shell: () => string;
  /** Vite's build manifest (dist/client/.vite/manifest.json). */
  readonly manifest: () => Manifest;
  /** The configuration the pages inline: a new object is a new configuration. */
  readonly configuration: () => unknown;
  /** The catalogue version (server/search/catalogue-version.ts). */
  readonly version: () => number | Promise<number>;
  readonly log: FastifyBaseLogger;
  readonly limit?: number;
}

interface Kept {
  readonly version: number;
  readonly configuration: unknown;
  readonly page: RenderedShell | null;
}

/** Compressed once per render, at levels that take a few milliseconds for a page. */
const compressed = (html: string): RenderedShell => {
  const page = Buffer.from(html, 'utf8');
  return {
    etag: `W/"${createHash('sha256').update(page).digest('base64url').slice(0, 27)}"`,
    bodies: {
      identity: page,
      br: brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      gzip: gzipSync(page, { level: 6 }),
    },
  };
};

export class FirstViews {
  private readonly kept = new Map<string, Kept>();
  private readonly rendering = new Map<string, Promise<RenderedShell | null>>();

  constructor(private readonly options: FirstViewsOptions) {}

  /**
   * The rendered page of `url` (path and query), or null when the browser renders that page
   * itself (not a catalogue or content page) or the render failed.
   */
  async page(url: string): Promise<RenderedShell | null> {
    const version = await this.options.version();
    const configuration = this.options.configuration();
    const kept = this.kept.get(url);
    if (kept !== undefined && kept.version === version && kept.configuration === configuration) {
      return kept.page;
    }
    const key = `${version} ${url}`;
    const running = this.rendering.get(key);
    if (running !== undefined) return running;
    const render = this.render(url, version, configuration).finally(() => {
      this.rendering.delete(key);
    });
    this.rendering.set(key, render);
    return render;
  }

  private async render(
    url: string,
    version: number,
    configuration: unknown,
  ): Promise<RenderedShell | null> {
    let page: RenderedShell | null;
    try {
      const view = await this.options.render({
        url,
        httpAdapter: this.options.httpAdapter,
        bearer: await this.options.bearer(),
        configuration,
      });
      page =
        view === null
          ? null
          : compressed(
              firstViewHtml(
                this.options.shell(),
                configuration,
                view,
                routeAssets(
                  this.options.manifest(),
                  view.screen,
                  shellModules(this.options.shell()),
                ),
              ),
            );
    } catch (error) {
      this.options.log.error(
        { err: error, url },
        'server rendering failed: the app shell went out',
      );
      return null;
    }
    this.kept.delete(url);
    if (this.kept.size >= (this.options.limit ?? FIRST_VIEW_CACHE_LIMIT)) {
      const oldest = this.kept.keys().next().value;
      if (oldest !== undefined) this.kept.delete(oldest);
    }
    this.kept.set(url, { version, configuration, page });
    return page;
  }
}

/** Reads a file once, on first use. */
export const readOnce = <T>(read: () => T): (() => T) => {
  let value: { readonly v: T } | null = null;
  return () => {
    value ??= { v: read() };
    return value.v;
  };
};

export const readManifest = (staticDir: string): Manifest => {
  const file = path.join(staticDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : {};
};
