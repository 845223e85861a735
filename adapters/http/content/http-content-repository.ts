/** ContentRepository over the API: `GET /content/{path}.model.json`; no such page → null. */
import type { ContentRepository, PageModel } from '../../../core/content/page-model';
import type { ApiClient } from '../api-client';
import { ApiError } from '../api-error';
import { PageModelCodec } from './page-model.codec';

/** '/en/kitchen' → '/content/en/kitchen.model.json' ('.html' and slashes at either end dropped). */
export const pageModelUrl = (path: string): string => {
  const bare = (path.split(/[?#]/, 1)[0] ?? '')
    .trim()
    .replace(/\.html$/i, '')
    .replace(/\.model\.json$/i, '')
    .replace(/^\/+|\/+$/g, '');
  const segments = bare
    .split('/')
    .filter((s) => s !== '' && s !== '.' && s !== '..')
    .map((s) => encodeURIComponent(s));
  return `/content/${segments.length === 0 ? 'en' : segments.join('/')}.model.json`;
};

export class HttpContentRepository implements ContentRepository {
  constructor(private readonly api: Pick<ApiClient, 'get'>) {}

  async page(path: string): Promise<PageModel | null> {
    try {
      return await this.api.get(pageModelUrl(path), PageModelCodec);
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'notFound') return null;
      throw error;
    }
  }
}
