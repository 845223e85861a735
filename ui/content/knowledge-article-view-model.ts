/** The knowledge article page (`/en/support/articles/{slug}`): one help article and related ones. */
import { makeAutoObservable, runInAction } from 'mobx';
import type { HelpArticle } from '../../core/content/help-articles';
import type { GetHelpArticle } from '../../core/content/get-help-article';
import type { AsyncStatus } from '../../core/shared/async-status';

export class KnowledgeArticleViewModel {
  status: AsyncStatus = 'idle';
  slug = '';
  article: HelpArticle | null = null;
  related: readonly HelpArticle[] = [];
  private request: AbortController | null = null;

  constructor(private readonly getArticle: GetHelpArticle) {
    makeAutoObservable<KnowledgeArticleViewModel, 'getArticle' | 'request'>(this, {
      getArticle: false,
      request: false,
    });
  }

  get notFound(): boolean {
    return this.status === 'succeeded' && this.article === null;
  }

  get documentTitle(): string {
    return `${this.article?.title ?? 'Support article'} — Lavabo`;
  }

  async load(slug: string): Promise<void> {
    this.request?.abort();
    const request = new AbortController();
    this.request = request;
    this.slug = slug;
    this.status = 'loading';
    try {
      const found = await this.getArticle.execute(slug, request.signal);
      if (request.signal.aborted) return;
      runInAction(() => {
        this.article = found.kind === 'found' ? found.article : null;
        this.related = found.kind === 'found' ? found.related : [];
        this.status = 'succeeded';
      });
    } catch {
      if (request.signal.aborted) return;
      runInAction(() => {
        this.status = 'failed';
      });
    }
  }

  /** The route shows this slug: loads when it is new (or nothing is loaded yet). */
  show(slug: string): void {
    if (slug !== this.slug || this.status === 'idle') void this.load(slug);
  }

  retry(): Promise<void> {
    return this.load(this.slug);
  }

  dispose(): void {
    this.request?.abort();
    if (this.status === 'loading') this.status = 'idle';
  }
}
