/**
 * The module loader of a server-rendered page (issue 15). A server-rendered page is readable, and
 * its links work, before any script runs; its largest image is what a phone waits for. With the
 * entry's `<script type="module">` and its `modulepreload` links in the head, about 190 kB of
 * scripts shared a slow connection with that image and the page's first paint. Instead the page
 * names its modules in a `<script type="application/json">` block, and this small inline script
 * asks for them once the page has painted with its largest image (`fetchpriority="high"`), or after
 * LOADER_FALLBACK_MS, whichever comes first: a hidden tab paints nothing, and a slow image must
 * not hold the page's buttons back for long.
 *
 * The script's text never changes, so the Content-Security-Policy allows it by its hash
 * (MODULE_LOADER_HASH, in script-src beside 'self'): no 'unsafe-inline', no per-request nonce, and
 * a page's HTML stays cacheable. What differs per page is in the data block, which CSP does not
 * run. The app shell sent for pages the server does not render keeps its own script tags.
 */
import { createHash } from 'node:crypto';
import { jsonForScript } from '../../core/shared/json-for-script';

/** The id of the `<script type="application/json">` naming the page's modules. */
export const PAGE_MODULES_ID = 'lavabo-modules';

/** The longest the loader waits for the first paint and the largest image. */
export const LOADER_FALLBACK_MS = 1500;

/** The modules of a page: the entry script, and the modules it will import (preloaded first). */
export interface PageModules {
  readonly entry: string;
  readonly preload: readonly string[];
}

/**
 * The loader. ES5 on purpose: it runs before anything else and may meet old browsers, which then
 * keep the readable page. Two animation frames after the image is in, the first frame with it has
 * been presented; a timer then starts the fetches outside the frame.
 */
export const MODULE_LOADER_SCRIPT = `(function(){var d=document,b=d.getElementById('${PAGE_MODULES_ID}');if(!b)return;var m=JSON.parse(b.textContent),s=0;function go(){if(s)return;s=1;for(var i=0;i<m.preload.length;i++){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=m.preload[i];d.head.appendChild(l)}var e=d.createElement('script');e.type='module';e.crossOrigin='';e.src=m.entry;d.head.appendChild(e)}function painted(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})})}setTimeout(go,${LOADER_FALLBACK_MS});var g=d.querySelector('img[fetchpriority="high"]');if(g&&!g.complete){g.addEventListener('load',painted);g.addEventListener('error',painted)}else painted()})();`;

/** The CSP source that allows MODULE_LOADER_SCRIPT and nothing else inline. */
export const MODULE_LOADER_HASH = `'sha256-${createHash('sha256').update(MODULE_LOADER_SCRIPT).digest('base64')}'`;

/** The data block and the loader, for the end of a page's body. */
export const moduleLoaderHtml = (modules: PageModules): string =>
  `<script type="application/json" id="${PAGE_MODULES_ID}">${jsonForScript(modules)}</script>` +
  `<script>${MODULE_LOADER_SCRIPT}</script>`;

const SHELL_ENTRY = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*>\s*<\/script>\s*/gi;
const SHELL_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>\s*/gi;

/**
 * The shell without its entry script and module preloads, and what they named: the shell Vite
 * builds has one module script (the entry). Null when it has none (nothing to defer).
 */
export const takeShellModules = (
  shell: string,
): {
  readonly html: string;
  readonly entry: string;
  readonly preload: readonly string[];
} | null => {
  const entries = [...shell.matchAll(SHELL_ENTRY)].map((m) => m[1] ?? '');
  const entry = entries[0];
  if (entries.length !== 1 || entry === undefined) return null;
  const preload = [...shell.matchAll(SHELL_PRELOAD)].map((m) => m[1] ?? '');
  return { html: shell.replace(SHELL_ENTRY, '').replace(SHELL_PRELOAD, ''), entry, preload };
};
