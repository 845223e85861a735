/**
 * Content use cases (core/content): a page's content model and the help articles. The same in the
 * shop and the offline demo; only the ports (ContentRepository, HelpArticleSource) differ.
 */
import { ContainerModule } from 'inversify';
import { GetHelpArticle, type HelpArticleSource } from '../../core/content/help-articles';
import { LoadPage } from '../../core/content/load-page';
import type { ContentRepository } from '../../core/content/page-model';
import { TYPES } from './types';

export const contentModule = new ContainerModule(({ bind }) => {
  bind<LoadPage>(TYPES.LoadPage)
    .toResolvedValue(
      (content: ContentRepository) => new LoadPage(content),
      [TYPES.ContentRepository],
    )
    .inSingletonScope();
  bind<GetHelpArticle>(TYPES.GetHelpArticle)
    .toResolvedValue(
      (articles: HelpArticleSource) => new GetHelpArticle(articles),
      [TYPES.HelpArticles],
    )
    .inSingletonScope();
});
