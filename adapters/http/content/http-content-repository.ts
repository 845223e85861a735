/**
 * ContentRepository over the API: `GET /content/{path}.model.json`; no such page → null. While an
 * author previews (adapters/http/content/http-author-preview.ts), the call carries `preview=1`: the
 * server answers drafts by its cookies alone, and the query keeps the browser from answering with
 * a published model it kept (those may be cached 5 minutes).
 */
import type { PageModel } from '../../../core/content/page-model';
import type { ContentRepository } from '../../../core/content/ports';
import { contentPageKey } from '../../../core/content/page-path';
import type { ApiClient } from '../api-client';
import { ApiError } from '../api-error';
import { PageModelCodec } from './page-model.codec';

/** '/en/kitchen' → '/content/en/kitchen.model.json' (core's contentPageKey, each segment encoded). */
export const pageModelUrl = (path: string): string =>
  `/content${contentPageKey(path)
    .split('/')
    .map((s) => encodeURIComponent(s))
    .join('/')}.model.json`;

export class HttpContentRepository implements ContentRepository {
  constructor(
    private readonly api: Pick<ApiClient, 'get'>,
    private readonly previewing: () => boolean = () => false,
  ) {}

  async page(path: string): Promise<PageModel | null> {
    try {
      return await this.api.get(
        pageModelUrl(path),
        PageModelCodec,
        this.previewing() ? { params: { preview: '1' } } : {},
      );
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'notFound') return null;
      throw error;
    }
  }
}
