/**
 * The app shell (index.html) as served: the global configuration inlined as a JSON data block, so
 * the storefront need not wait on a token and a configuration call before it knows it (spec §7;
 * adapters/http/content/http-configuration-gateway.ts reads it). Rendered and compressed once per
 * configuration, never per request.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { jsonForScript } from '../../core/shared/json-for-script';

/** The id of the `<script type="application/json">` holding the configuration. */
export const INLINE_CONFIGURATION_ID = 'lavabo-config';

/** Re-exported: the server's pages and the storefront escape script JSON one way. */
export { jsonForScript };

export const inlineConfigurationScript = (configuration: unknown): string =>
  `<script type="application/json" id="${INLINE_CONFIGURATION_ID}">${jsonForScript(configuration)}</script>`;

/** The page with the configuration inlined at the end of its head (of its body, failing that). */
export const withInlineConfiguration = (html: string, configuration: unknown): string => {
  const script = inlineConfigurationScript(configuration);
  const at = html.search(/<\/head>/i);
  const end = at >= 0 ? at : html.search(/<\/body>/i);
  return end >= 0 ? `${html.slice(0, end)}${script}${html.slice(end)}` : `${html}${script}`;
};

export type ShellEncoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to send for an Accept-Encoding header: brotli, else gzip, else none. A coding with
 * `q=0` is refused; `*` stands for any coding not named.
 */
export const shellEncoding = (acceptEncoding: string | undefined): ShellEncoding => {
  const q = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (name === '') continue;
    const weight = params
      .map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1])
      .find((w) => w !== undefined);
    const parsed = weight === undefined ? 1 : Number(weight);
    q.set(name.trim(), Number.isNaN(parsed) ? 0 : parsed);
  }
  const accepts = (coding: string) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
};

export interface RenderedShell {
  /** A weak validator of the page (the same for every encoding of it). */
  readonly etag: string;
  readonly bodies: Readonly<Record<ShellEncoding, Buffer>>;
}

export const renderShell = (html: string, configuration: unknown): RenderedShell => {
  const page = Buffer.from(withInlineConfiguration(html, configuration), 'utf8');
  return {
    etag: `W/"${createHash('sha256').update(page).digest('base64url').slice(0, 27)}"`,
    bodies: {
      identity: page,
      br: brotliCompressSync(page, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }),
      gzip: gzipSync(page, { level: 9 }),
    },
  };
};

/**
 * The shell for the current configuration: rendered on first use, and again only when the
 * configuration source hands out another configuration object (a new version). `readHtml` runs
 * once.
 */
export const shellCache = (
  readHtml: () => string,
  configuration: () => unknown,
): (() => RenderedShell) => {
  let html: string | null = null;
  let last: { readonly configuration: unknown; readonly shell: RenderedShell } | null = null;
  return () => {
    const current = configuration();
    if (last === null || last.configuration !== current) {
      html ??= readHtml();
      last = { configuration: current, shell: renderShell(html, current) };
    }
    return last.shell;
  };
};
