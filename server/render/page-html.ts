/**
 * The HTML of a server-rendered page: the built app shell (index.html, with its entry script and
 * style sheets) with the rendered first view in `#root`, the page's own title, description and
 * canonical link in place of the shell's, the route's style sheets and module preloads (so the
 * screen's chunk loads beside the entry instead of after it, and its styles are there before the
 * first paint), the inline configuration and the answers the first view was drawn with.
 */
import { inlineConfigurationScript, jsonForScript } from '../http/app-shell';
import { moduleLoaderHtml, takeShellModules } from '../http/module-loader';

/** The id of the embedded answers (adapters/http/page-answers.ts PAGE_ANSWERS_ID, the browser's). */
export const PAGE_ANSWERS_ID = 'lavabo-answers';

export interface FirstView {
  /** Hoisted `<title>`, `<meta>` and `<link>` elements, as React rendered them. */
  readonly head: string;
  /** The markup of `#root`. */
  readonly body: string;
  readonly answers: unknown;
}

export interface RouteAssets {
  /** Style sheets of the route's chunk and its imports, as URLs. */
  readonly css: readonly string[];
  /** The route's chunk and its imports, as URLs. */
  readonly modules: readonly string[];
}

const attribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const SHELL_TITLE = /<title>[\s\S]*?<\/title>\s*/i;
const SHELL_DESCRIPTION = /<meta\s+name="description"[\s\S]*?>\s*/i;
const ROOT = /<div id="root"><\/div>/;

export const firstViewHtml = (
  shell: string,
  configuration: unknown,
  view: FirstView,
  assets: RouteAssets,
): string => {
  // The entry and every module it needs are asked for by the module loader once the page has
  // painted (../http/module-loader.ts), not by tags in the head that share the connection with the
  // page's largest image. A shell without a single entry script keeps its tags.
  const taken = takeShellModules(shell);
  let html = taken?.html ?? shell;
  // The page's own title and description replace the shell's generic ones.
  if (/<title>/i.test(view.head)) html = html.replace(SHELL_TITLE, '');
  if (/<meta name="description"/i.test(view.head)) html = html.replace(SHELL_DESCRIPTION, '');
  const links = [
    ...(taken === null ? assets.modules : []).map(
      (href) => `<link rel="modulepreload" crossorigin href="${attribute(href)}">`,
    ),
    ...assets.css.map((href) => `<link rel="stylesheet" crossorigin href="${attribute(href)}">`),
  ].join('');
  // The page's own head (its title, description, canonical link and the preload of its largest
  // image, which React emits for a high-priority image) goes before the shell's first script or
  // style sheet: the image is then asked for before the scripts, which share the same connection.
  const first = html.search(/<(?:script|link\b[^>]*\brel="(?:stylesheet|modulepreload)")/i);
  const end = html.search(/<\/head>/i);
  const pageHead = first >= 0 && (end < 0 || first < end) ? first : end;
  if (pageHead >= 0) html = `${html.slice(0, pageHead)}${view.head}${html.slice(pageHead)}`;
  else html = `${view.head}${html}`;
  const rest = `${links}${inlineConfigurationScript(configuration)}`;
  const at = html.search(/<\/head>/i);
  html = at < 0 ? `${rest}${html}` : `${html.slice(0, at)}${rest}${html.slice(at)}`;
  const answers = `<script type="application/json" id="${PAGE_ANSWERS_ID}">${jsonForScript(view.answers)}</script>`;
  if (!ROOT.test(html)) throw new Error('The app shell has no empty <div id="root"></div>');
  const loader =
    taken === null
      ? ''
      : moduleLoaderHtml({
          entry: taken.entry,
          preload: [...new Set([...taken.preload, ...assets.modules])],
        });
  return html.replace(ROOT, () => `<div id="root">${view.body}</div>${answers}${loader}`);
};

/** A chunk of Vite's build manifest (dist/client/.vite/manifest.json). */
export interface ManifestChunk {
  readonly file: string;
  readonly css?: readonly string[];
  readonly imports?: readonly string[];
  readonly isEntry?: boolean;
}

export type Manifest = Readonly<Record<string, ManifestChunk>>;

/** The files the shell's own `<script type="module">` and `modulepreload` links load. */
export const shellModules = (shell: string): readonly string[] =>
  [...shell.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+\.js)"/g)].map(
    (m) => m[1] ?? '',
  );

/**
 * The files a source module's chunk needs, beyond what the entry already loads: its own chunk and
 * every chunk it imports (statically, recursively), and their style sheets. The entry is what the
 * shell's scripts name (`entryFiles`, URLs); the manifest's `isEntry` mark counts too, when the
 * bundler keeps one (Rolldown folds the entry into its shared chunk and drops the mark).
 */
export const routeAssets = (
  manifest: Manifest,
  source: string,
  entryFiles: readonly string[] = [],
  base = '/',
): RouteAssets => {
  const collect = (key: string, into: Set<string>) => {
    if (into.has(key)) return;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) collect(imported, into);
  };
  const entryUrls = new Set(entryFiles);
  const loaded = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry === true || entryUrls.has(`${base}${chunk.file}`)) collect(key, loaded);
  }
  const needed = new Set<string>();
  if (manifest[source] !== undefined) collect(source, needed);
  const css = new Set<string>();
  const modules: string[] = [];
  for (const key of needed) {
    if (loaded.has(key)) continue;
    const chunk = manifest[key];
    if (chunk === undefined) continue;
    modules.push(`${base}${chunk.file}`);
    for (const sheet of chunk.css ?? []) css.add(`${base}${sheet}`);
  }
  // Sheets the entry links already are not linked twice.
  const entrySheets = new Set<string>();
  for (const key of loaded) {
    for (const sheet of manifest[key]?.css ?? []) entrySheets.add(`${base}${sheet}`);
  }
  return { css: [...css].filter((sheet) => !entrySheets.has(sheet)), modules };
};
