/** ContentRepository in the tab for the offline demo: page models by normalised path. */
import type { PageModel } from '../../../core/content/page-model';
import type { ContentRepository } from '../../../core/content/ports';
import { contentPageKey } from '../../../core/content/page-path';
import type { DemoData } from '../demo-data';

export class FakeContentRepository implements ContentRepository {
  private readonly pages: ReadonlyMap<string, PageModel>;

  constructor(data: Pick<DemoData, 'pages'>) {
    this.pages = new Map(
      Object.entries(data.pages).map(([path, page]) => [contentPageKey(path), page]),
    );
  }

  async page(path: string): Promise<PageModel | null> {
    return this.pages.get(contentPageKey(path)) ?? null;
  }
}
