/** HelpArticleSource in the tab for the offline demo: the seeded articles. */
import type { HelpArticle } from '../../../core/content/help-articles';
import type { HelpArticleSource } from '../../../core/content/ports';
import type { DemoData } from '../demo-data';

export class FakeHelpArticles implements HelpArticleSource {
  constructor(private readonly data: Pick<DemoData, 'helpArticles'>) {}

  async list(): Promise<readonly HelpArticle[]> {
    return this.data.helpArticles;
  }
}
