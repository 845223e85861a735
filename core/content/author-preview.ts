/**
 * Author preview (spec §2, §6): a signed-in content author sees the content's drafts in place of
 * the published pages. The server decides from two HttpOnly cookies the storefront cannot read;
 * the page it serves says whether a preview is on (the storefront then shows the preview banner
 * and asks for page models in a way no cache answers from the published ones).
 */

/** Whether this page was served in preview, and until when (ISO 8601). */
export type PreviewState =
  { readonly active: false } | { readonly active: true; readonly expiresAt: string };

export const NOT_PREVIEWING: PreviewState = { active: false };

/** Port: the author preview. */
export interface AuthorPreviewGateway {
  /** What the page was served with: known at once, no call. */
  current(): PreviewState;
  /** Whether the signed-in customer is a content author (who may start a preview). */
  canPreview(): Promise<boolean>;
  /** Starts the preview (the server sets its cookies); the page must then load again. */
  start(): Promise<void>;
  /** Ends the preview (the server clears its cookies); the page must then load again. */
  exit(): Promise<void>;
}

/** The state a page's inline preview block holds, or not previewing when it holds anything else. */
export const parsePreviewState = (json: unknown): PreviewState => {
  if (typeof json !== 'object' || json === null) return NOT_PREVIEWING;
  const { active, expiresAt } = json as { active?: unknown; expiresAt?: unknown };
  return active === true && typeof expiresAt === 'string' && !Number.isNaN(Date.parse(expiresAt))
    ? { active: true, expiresAt }
    : NOT_PREVIEWING;
};
