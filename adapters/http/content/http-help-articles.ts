/**
 * HelpArticleSource over the API: `GET /search/help-faq`. The list is small and changes with a
 * deploy, so one successful answer is kept for the life of the tab.
 */
import * as t from 'io-ts';
import type { HelpArticle } from '../../../core/content/help-articles';
import type { HelpArticleSource } from '../../../core/content/ports';
import type { CancelSignal } from '../../../core/shared/cancel';
import type { ApiClient } from '../api-client';
import { abortSignal } from '../catalog/http-catalog-search';

export const HelpArticleCodec: t.Type<HelpArticle, unknown, unknown> = t.type({
  slug: t.string,
  title: t.string,
  category: t.string,
  paragraphs: t.readonlyArray(t.string),
});

export const HelpFaqAnswerCodec = t.type({ articles: t.readonlyArray(HelpArticleCodec) });

export class HttpHelpArticles implements HelpArticleSource {
  private cached: readonly HelpArticle[] | undefined;

  constructor(private readonly api: Pick<ApiClient, 'get'>) {}

  async list(signal?: CancelSignal): Promise<readonly HelpArticle[]> {
    if (this.cached !== undefined) return this.cached;
    const aborter = abortSignal(signal);
    const answer = await this.api.get(
      '/search/help-faq',
      HelpFaqAnswerCodec,
      aborter === undefined ? {} : { signal: aborter },
    );
    this.cached = answer.articles;
    return answer.articles;
  }
}
