/**
 * AuthorPreviewGateway over the API (docs/api.md "Author preview"): `GET|POST|DELETE
 * /content/preview`. Whether a preview is on is what the server wrote into the page
 * (server/preview/preview-page.ts) as `<script type="application/json" id="lavabo-preview">`: the
 * cookies that decide it are HttpOnly, so the page is the one place the storefront can learn it.
 */
import * as t from 'io-ts';
import {
  NOT_PREVIEWING,
  parsePreviewState,
  type AuthorPreviewGateway,
  type PreviewState,
} from '../../../core/content/author-preview';
import type { ApiClient } from '../api-client';

/** The block's id; server/preview/preview-page.ts writes the same. */
export const PREVIEW_STATE_ID = 'lavabo-preview';
export const PREVIEW_PATH = '/content/preview';

const PreviewAnswerCodec = t.intersection([
  t.type({ author: t.boolean, active: t.boolean }),
  t.partial({ expiresAt: t.string }),
]);

/** The page's preview block, parsed; not previewing outside a browser or without one. */
export const documentPreviewState = (): PreviewState => {
  if (typeof document === 'undefined') return NOT_PREVIEWING;
  const text = document.getElementById(PREVIEW_STATE_ID)?.textContent ?? '';
  try {
    return text.trim() === '' ? NOT_PREVIEWING : parsePreviewState(JSON.parse(text));
  } catch {
    return NOT_PREVIEWING;
  }
};

export class HttpAuthorPreview implements AuthorPreviewGateway {
  private state: PreviewState | null = null;

  constructor(
    private readonly api: Pick<ApiClient, 'get' | 'post' | 'delete'>,
    private readonly read: () => PreviewState = documentPreviewState,
  ) {}

  current(): PreviewState {
    this.state ??= this.read();
    return this.state;
  }

  async canPreview(): Promise<boolean> {
    return (await this.api.get(PREVIEW_PATH, PreviewAnswerCodec)).author;
  }

  async start(): Promise<void> {
    await this.api.post(PREVIEW_PATH, undefined, PreviewAnswerCodec);
  }

  async exit(): Promise<void> {
    await this.api.delete(PREVIEW_PATH, t.unknown);
  }
}
