/**
 * The page an author previewing gets (./preview-session.ts): the app shell, never the server's
 * rendered page — that is rendered from the published content and kept for every shopper
 * (server/render/first-views.ts), and a previewing request neither reads it nor adds to it. The
 * browser draws the page from the drafts the content calls then answer. The shell says `noindex`
 * in its head and carries the preview's state for the preview banner (ui/shell/preview-banner.tsx)
 * as `<script type="application/json" id="lavabo-preview">`.
 */
import { inlineConfigurationScript, jsonForScript } from '../http/app-shell';
import type { PreviewSession } from './preview-session';

/** The id of the preview's state block (adapters/http/content/http-author-preview.ts reads it). */
export const PREVIEW_STATE_ID = 'lavabo-preview';

export const NOINDEX_META = '<meta name="robots" content="noindex">';

/** What the page tells the storefront about the preview: on, and until when. */
export interface InlinePreviewState {
  readonly active: true;
  readonly expiresAt: string;
}

export const previewPageHtml = (
  shell: string,
  configuration: unknown,
  session: PreviewSession,
): string => {
  const state: InlinePreviewState = { active: true, expiresAt: session.expiresAt };
  const head =
    `${NOINDEX_META}${inlineConfigurationScript(configuration)}` +
    `<script type="application/json" id="${PREVIEW_STATE_ID}">${jsonForScript(state)}</script>`;
  const at = shell.search(/<\/head>/i);
  return at < 0 ? `${head}${shell}` : `${shell.slice(0, at)}${head}${shell.slice(at)}`;
};
