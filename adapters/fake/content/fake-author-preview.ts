/**
 * The offline demo's author preview: the demo has no drafts and no author, so it is never on and
 * never offered (the shop's is adapters/http/content/http-author-preview.ts).
 */
import {
  NOT_PREVIEWING,
  type AuthorPreviewGateway,
  type PreviewState,
} from '../../../core/content/author-preview';

export class FakeAuthorPreview implements AuthorPreviewGateway {
  current(): PreviewState {
    return NOT_PREVIEWING;
  }

  canPreview(): Promise<boolean> {
    return Promise.resolve(false);
  }

  start(): Promise<void> {
    return Promise.reject(new Error('The offline demo has no drafts to preview'));
  }

  exit(): Promise<void> {
    return Promise.resolve();
  }
}
