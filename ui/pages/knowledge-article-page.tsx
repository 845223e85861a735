/** Route `/en/support/articles/:slug`: a help article, with related articles and a way to customer care. */
import type { Container } from 'inversify';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import type { GetHelpArticle } from '../../core/content/get-help-article';
import { buildPath } from '../../core/content/routes';
import { TYPES } from '../../adapters/di/types';
import { useViewModel } from '../app/container-context';
import type { PreparePage } from '../app/prepared';
import { BackLink } from '../components/back-link';
import { PageMeta } from '../components/page-meta';
import { ErrorState, Skeleton } from '../components/states';
import { KnowledgeArticleViewModel } from '../content/knowledge-article-view-model';
import NotFoundPage from './not-found-page';
import '../content/content.css';

export const createKnowledgeArticleViewModel = (c: Container): KnowledgeArticleViewModel =>
  new KnowledgeArticleViewModel(c.get<GetHelpArticle>(TYPES.GetHelpArticle));

const articleHref = (slug: string): string => buildPath('knowledgeArticle', { slug });

/** The key of the first view's article view model (../app/prepared.ts). */
const ARTICLE_VIEW_MODEL = 'knowledge-article';

/** The first view: the article of the URL loaded. */
export const prepare: PreparePage = async ({ container, prepared, params, settled }) => {
  const vm = createKnowledgeArticleViewModel(container);
  prepared.set(ARTICLE_VIEW_MODEL, vm);
  vm.show(params.slug ?? '');
  await settled();
};

const Breadcrumb = ({ title }: { title: string }) => (
  <nav aria-label="Breadcrumb" className="breadcrumb">
    <ol>
      <li>
        <Link to={buildPath('home')}>Home</Link>
      </li>
      <li>
        <Link to={buildPath('helpAndFaq')}>Help and FAQ</Link>
      </li>
      <li aria-current="page">{title}</li>
    </ol>
  </nav>
);

const KnowledgeArticlePage = observer(() => {
  const { slug = '' } = useParams();
  const vm = useViewModel(createKnowledgeArticleViewModel, ARTICLE_VIEW_MODEL);
  useEffect(() => {
    vm.show(slug);
  }, [vm, slug]);
  useEffect(() => () => vm.dispose(), [vm]);

  if (vm.notFound) return <NotFoundPage />;
  const article = vm.article;
  if (vm.status === 'failed') {
    return (
      <main id="main" className="page page--content">
        <title>Support article — Lavabo</title>
        <h1>Support article</h1>
        <ErrorState message="This article did not load." onRetry={() => void vm.retry()} />
      </main>
    );
  }
  if (article === null || vm.status === 'loading') {
    return (
      <main id="main" className="page page--content" aria-busy="true">
        <title>Support article — Lavabo</title>
        <h1 className="visually-hidden">Support article</h1>
        <span className="visually-hidden" role="status">
          Loading article…
        </span>
        <div className="article" aria-hidden="true">
          <Skeleton width="60%" height="2rem" />
          <Skeleton />
          <Skeleton />
          <Skeleton width="80%" />
        </div>
      </main>
    );
  }
  return (
    <main id="main" className="page page--content">
      <title>{vm.documentTitle}</title>
      <PageMeta description={article.paragraphs.join(' ')} canonical={articleHref(article.slug)} />
      <Breadcrumb title={article.title} />
      <BackLink />
      <div className="article-layout">
        <article className="article">
          <p className="article__category">{article.category}</p>
          <h1 className="content-page__title">{article.title}</h1>
          {article.paragraphs.map((text, i) => (
            <p key={i}>{text}</p>
          ))}
          <p className="article__help">
            Still need help? <Link to={buildPath('contactUs')}>Contact customer care</Link>.
          </p>
        </article>
        {vm.related.length > 0 && (
          <aside className="article-related" aria-labelledby="related-articles">
            <h2 id="related-articles" className="section-head__title">
              Related articles
            </h2>
            <ul className="content-links article-related__list">
              {vm.related.map((a) => (
                <li key={a.slug}>
                  <Link className="content-links__link" to={articleHref(a.slug)}>
                    {a.title}
                  </Link>
                </li>
              ))}
            </ul>
          </aside>
        )}
      </div>
    </main>
  );
});

export default KnowledgeArticlePage;
