/** ContentRepository in the tab for the offline demo: page models by normalised path. */
import type { ContentRepository, PageModel } from '../../../core/content/page-model';
import type { DemoData } from '../demo-data';

/** '/en/kitchen.html', 'en/kitchen/' and '/en/kitchen' name the same page. */
export const pageKey = (path: string): string => {
  const bare = (path.split(/[?#]/, 1)[0] ?? '')
    .trim()
    .replace(/\.html$/i, '')
    .replace(/\.model\.json$/i, '')
    .replace(/^\/+|\/+$/g, '');
  return `/${bare === '' ? 'en' : bare}`;
};

export class FakeContentRepository implements ContentRepository {
  private readonly pages: ReadonlyMap<string, PageModel>;

  constructor(data: Pick<DemoData, 'pages'>) {
    this.pages = new Map(Object.entries(data.pages).map(([path, page]) => [pageKey(path), page]));
  }

  async page(path: string): Promise<PageModel | null> {
    return this.pages.get(pageKey(path)) ?? null;
  }
}
