/** Use case: one help article by slug, with related ones; rejects when the source fails. */
import type { CancelSignal } from '../shared/cancel';
import { findArticle, type ArticleLookup } from './help-articles';
import type { HelpArticleSource } from './ports';

export class GetHelpArticle {
  constructor(private readonly source: HelpArticleSource) {}

  async execute(slug: string, signal?: CancelSignal): Promise<ArticleLookup> {
    return findArticle(await this.source.list(signal), slug);
  }
}
