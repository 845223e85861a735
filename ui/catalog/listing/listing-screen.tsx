/**
 * The product list and search screen: heading, result count, "did you mean", facets (a sidebar
 * from 768 px, a "Filters" drawer below), sort and per-page, chips, the grid and pagination, with
 * loading, refining (previous results dimmed), empty and error states.
 */
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router';
import { IMAGE_SIZES } from '../../components/product-image';
import { ProductTile } from '../../components/product-tile';
import { EmptyState, ErrorState, ProductGridSkeleton, Skeleton } from '../../components/states';
import { FacetGroups } from './facet-groups';
import { FiltersDrawer } from './filters-drawer';
import { ActiveFilterChips, Pagination, PerPageSelect, SortSelect } from './listing-controls';
import NotFoundPage from '../../pages/not-found-page';
import type { ListingViewModel } from './listing-view-model';
import { PageMeta } from '../../components/page-meta';
import { StructuredData } from '../../components/structured-data';
import { breadcrumbStructuredData } from '../../../core/catalog/structured-data';

/** Tiles in the first row load eagerly (4 a row on desktop); the rest are lazy. */
const EAGER_TILES = 4;

const TopSearches = observer(({ vm }: { vm: ListingViewModel }) =>
  vm.topSearches.length === 0 ? null : (
    <nav className="top-searches" aria-label="Top searches">
      <h2 className="top-searches__title">Top searches</h2>
      <ul className="top-searches__list">
        {vm.topSearches.map((term) => (
          <li key={term}>
            <Link className="top-searches__link" to={vm.keywordHref(term)}>
              {term}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  ),
);

const DidYouMean = observer(({ vm }: { vm: ListingViewModel }) => {
  const suggestion = vm.suggestion;
  if (suggestion === null) return null;
  return (
    <p className="listing__did-you-mean">
      Did you mean <Link to={suggestion.href}>{suggestion.text}</Link>?
    </p>
  );
});

const FacetsSkeleton = () => (
  <div className="facets" aria-hidden="true">
    {[0, 1].map((group) => (
      <div key={group} className="facet facet--skeleton">
        <Skeleton width="40%" height="1.25rem" />
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} width={`${70 - i * 8}%`} />
        ))}
      </div>
    ))}
  </div>
);

const NoResults = observer(({ vm }: { vm: ListingViewModel }) => {
  if (vm.hasRefinements) {
    return (
      <EmptyState
        title="No products match these filters"
        action={
          <button type="button" className="button button--primary" onClick={() => vm.clearAll()}>
            Clear all filters
          </button>
        }
      >
        <p>Remove a filter or clear them all to see more products.</p>
      </EmptyState>
    );
  }
  const keyword = vm.keyword;
  return (
    <EmptyState
      title={keyword === undefined ? 'No products here yet' : `No results for “${keyword}”`}
    >
      <p>
        {keyword === undefined
          ? 'Browse another category, or search for a product name or model number.'
          : 'Check the spelling, or try a more general word or a model number such as 4120.'}
      </p>
      <DidYouMean vm={vm} />
      <TopSearches vm={vm} />
    </EmptyState>
  );
});

const Results = observer(({ vm }: { vm: ListingViewModel }) => {
  if (vm.failed) {
    return (
      <ErrorState
        title="We could not load these products"
        message="Please check your connection and try again."
        onRetry={() => vm.retry()}
      />
    );
  }
  if (vm.isInitialLoading) {
    return (
      <div className="listing__results">
        <ProductGridSkeleton count={12} />
      </div>
    );
  }
  if (vm.noResults) return <NoResults vm={vm} />;
  if (vm.pastLastPage) {
    return (
      <EmptyState
        title="This page is past the end of the results"
        action={
          <Link className="button button--primary" to={vm.pageHref(vm.totalPages)}>
            Go to the last page
          </Link>
        }
      />
    );
  }
  return (
    <section
      className={`listing__results${vm.isRefining ? ' listing__results--refining' : ''}`}
      aria-labelledby="listing-results-title"
      aria-busy={vm.isRefining}
    >
      <h2 id="listing-results-title" className="visually-hidden">
        Products
      </h2>
      <ul className="product-grid">
        {vm.products.map((product, i) => (
          <li key={product.sku}>
            <ProductTile
              product={product}
              priority={vm.page === 1 && i < EAGER_TILES}
              sizes={IMAGE_SIZES.listingTile}
            />
          </li>
        ))}
      </ul>
    </section>
  );
});

const SearchPrompt = observer(({ vm }: { vm: ListingViewModel }) => (
  <EmptyState title="What are you looking for?">
    <p>Type a product name, a category or a model number in the search box above.</p>
    <TopSearches vm={vm} />
  </EmptyState>
));

export const ListingScreen = observer(({ vm }: { vm: ListingViewModel }) => {
  if (vm.categoryNotFound) return <NotFoundPage />;
  // With nothing found and nothing to undo, filters and sorting have nothing to offer.
  const bare = vm.noResults && !vm.hasRefinements;
  const showFacets = !bare && (vm.result !== null || vm.isInitialLoading);
  return (
    <main id="main" className={`page page--listing page--${vm.kind}`}>
      <title>{vm.documentTitle}</title>
      <PageMeta description={vm.metaDescription} canonical={vm.canonicalHref} />
      {vm.kind === 'productList' && vm.canonicalHref !== '' && (
        <StructuredData
          data={breadcrumbStructuredData([
            { name: 'Home', path: '/en' },
            { name: vm.heading, path: vm.canonicalHref },
          ])}
        />
      )}
      <div className="listing__head">
        <h1 className="listing__title">{vm.heading}</h1>
        <p className="listing__count" role="status">
          {vm.countText}
        </p>
        {!vm.noResults && <DidYouMean vm={vm} />}
      </div>
      {vm.needsKeyword ? (
        <SearchPrompt vm={vm} />
      ) : (
        // Both the facet column and the drawer's button are drawn; listing.css shows one per width,
        // so a page rendered on the server (which cannot know the width) does not change its layout
        // when the browser takes over.
        <div className={`listing${showFacets ? '' : ' listing--bare'}`}>
          {showFacets && (
            <section className="listing__facets" aria-labelledby="listing-filters-title">
              <h2 id="listing-filters-title" className="listing__facets-title">
                Filters
              </h2>
              {vm.result === null ? <FacetsSkeleton /> : <FacetGroups vm={vm} />}
            </section>
          )}
          <div className="listing__main">
            {!bare && (
              <div className="listing__toolbar">
                <FiltersDrawer vm={vm} />
                <SortSelect vm={vm} />
                <PerPageSelect vm={vm} />
              </div>
            )}
            <ActiveFilterChips vm={vm} />
            <Results vm={vm} />
            {!vm.failed && <Pagination vm={vm} />}
          </div>
        </div>
      )}
    </main>
  );
});
