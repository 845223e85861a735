/**
 * Content use cases (core/content): a page's content model and the help articles. The same in the
 * shop and the offline demo; only the ports (ContentRepository, HelpArticleSource) differ.
 */
import { ContainerModule } from 'inversify';
import { GetHelpArticle } from '../../core/content/get-help-article';
import { type ContentRepository, type HelpArticleSource } from '../../core/content/ports';
import { LoadPage } from '../../core/content/load-page';
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
