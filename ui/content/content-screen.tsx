/**
 * A screen drawn from a content model: the home page, the category landings and the content pages.
 * The model of the current path decides everything; a missing model is a real not-found page.
 */
import { useSectionFromTitle } from './section-from-title';
import type { Container } from 'inversify';
import { observer } from 'mobx-react-lite';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { SearchProducts } from '../../core/catalog/search-products';
import type { LoadPage } from '../../core/content/load-page';
import type { RouteId } from '../../core/content/routes';
import { TYPES } from '../../adapters/di/types';
import { useViewModel } from '../app/container-context';
import type { PreparePage } from '../app/prepared';
import type { PageComponent, ProductListComponent } from '../../core/content/page-model';
import { pageTitles } from '../app/page-titles';
import { ErrorState, Skeleton } from '../components/states';
import NotFoundPage from '../pages/not-found-page';
import { ContentComponents } from './content-components';
import { TAB_PARAM, activeTabName } from './content-tabs';
import { ContentPageViewModel } from './content-page-view-model';
import './content.css';
import { PageMeta } from '../components/page-meta';

export const createContentPageViewModel = (c: Container): ContentPageViewModel =>
  new ContentPageViewModel(
    c.get<LoadPage>(TYPES.LoadPage),
    c.get<SearchProducts>(TYPES.SearchProducts),
  );

/** The key of the first view's content view model (../app/prepared.ts). */
const CONTENT_VIEW_MODEL = 'content';

/** The product lists a page shows at once: its own, and those of the tab the URL opens. */
const listsOnScreen = (
  components: readonly PageComponent[],
  tab: string | null,
): ProductListComponent[] =>
  components.flatMap((component) => {
    if (component.type === 'productList') return [component];
    if (component.type !== 'tabs') return [];
    const shown = component.tabs.find((t) => t.name === activeTabName(component.tabs, tab));
    return shown === undefined ? [] : listsOnScreen(shown.components, null);
  });

/** The first view: the page's content model, and the product lists it shows at once. */
export const prepareContent: PreparePage = async ({
  container,
  prepared,
  pathname,
  search,
  settled,
}) => {
  const vm = createContentPageViewModel(container);
  prepared.set(CONTENT_VIEW_MODEL, vm);
  vm.show(pathname);
  await settled();
  const page = vm.page;
  if (page === null) return;
  const tab = new URLSearchParams(search).get(TAB_PARAM);
  for (const list of listsOnScreen(page.components, tab)) vm.loadProductList(list);
  await settled();
};

/** How many components come before a screen's own part: the hero, when the page opens with one. */
const leadCount = (components: readonly PageComponent[]): number =>
  components[0]?.type === 'hero' ? 1 : 0;

const ContentSkeleton = ({ title }: { title: string }) => (
  <main id="main" className="page page--content page--skeleton" aria-busy="true">
    <title>{`${title} — Lavabo`}</title>
    <h1 className="visually-hidden">{title}</h1>
    <span className="visually-hidden" role="status">
      Loading page…
    </span>
    <div className="hero-banner hero-banner--skeleton" aria-hidden="true">
      <div className="hero-banner__text">
        <Skeleton width="70%" height="2.5rem" />
        <Skeleton width="90%" />
        <Skeleton width="60%" />
        <Skeleton width="160px" height="44px" />
      </div>
      <Skeleton className="hero-banner__image" height="auto" />
    </div>
    <div className="content-skeleton__row" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="content-skeleton__card" height="auto" />
      ))}
    </div>
  </main>
);

export const ContentScreen = observer(
  ({ routeId, afterHero }: { routeId: RouteId; afterHero?: ReactNode }) => {
    const { pathname, search } = useLocation();
    const vm = useViewModel(createContentPageViewModel, CONTENT_VIEW_MODEL);
    const fallbackTitle = pageTitles[routeId];
    // Spec §2 `title`: the section the link is about, once the page is drawn.
    useSectionFromTitle(search, vm.page !== null);

    useEffect(() => {
      vm.show(pathname);
    }, [vm, pathname]);
    useEffect(() => () => vm.dispose(), [vm]);

    if (vm.notFound) return <NotFoundPage />;
    if (vm.failed) {
      return (
        <main id="main" className="page page--content">
          <title>{`${fallbackTitle} — Lavabo`}</title>
          <h1>{fallbackTitle}</h1>
          <ErrorState
            message="This page did not load. Check your connection and try again."
            onRetry={() => vm.retry()}
          />
        </main>
      );
    }
    const page = vm.page;
    if (page === null) return <ContentSkeleton title={fallbackTitle} />;
    const hero = vm.headingHero;
    return (
      <main id="main" className={`page page--content page--${page.kind}`}>
        <title>{vm.documentTitle === '' ? `${fallbackTitle} — Lavabo` : vm.documentTitle}</title>
        <PageMeta description={page.description} canonical={pathname} />
        {hero === undefined && (
          <h1 className="content-page__title">{vm.heading === '' ? fallbackTitle : vm.heading}</h1>
        )}
        {afterHero === undefined ? (
          <ContentComponents components={page.components} headingHero={hero} productLists={vm} />
        ) : (
          // The screen's own part goes after the page's hero (or first), then the rest of the page.
          <>
            <ContentComponents
              components={page.components.slice(0, leadCount(page.components))}
              headingHero={hero}
              productLists={vm}
            />
            {afterHero}
            <ContentComponents
              components={page.components.slice(leadCount(page.components))}
              headingHero={hero}
              productLists={vm}
            />
          </>
        )}
      </main>
    );
  },
);
