/**
 * Wires the listing view model to the container and the router: the URL (and the viewport width)
 * go in through `show()`, refinements come back out as navigations.
 */
import type { Container } from 'inversify';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { ChooseProductsPerPage } from '../../../core/catalog/choose-products-per-page';
import type { GetProductsPerPage } from '../../../core/catalog/get-products-per-page';
import type { SearchProducts } from '../../../core/catalog/search-products';
import type { TopSearches } from '../../../core/catalog/top-searches';
import { TYPES } from '../../../adapters/di/types';
import { useBrowserValue } from '../../app/after-hydration';
import { useViewModel } from '../../app/container-context';
import type { PreparePage } from '../../app/prepared';
import { ListingScreen } from './listing-screen';
import { ListingViewModel, type ListingKind } from './listing-view-model';
import './listing.css';

/** Below this width the page is "mobile": always 30 a page, filters in a drawer (spec §9). */
export const TABLET_MIN_WIDTH = 768;

const isMobileWidth = (): boolean =>
  typeof window !== 'undefined' && window.innerWidth < TABLET_MIN_WIDTH;

const onResize = (changed: () => void): (() => void) => {
  window.addEventListener('resize', changed);
  return () => window.removeEventListener('resize', changed);
};

/**
 * Whether the viewport is narrower than a tablet, kept up to date on resize. A server render
 * cannot know the width: it draws "not mobile", and so does the browser's hydrating render (React
 * takes the server snapshot then), which moves to the real width right after. listing.css decides
 * what each width shows, so that move changes no layout.
 */
export const useIsMobile = (): boolean => useBrowserValue(onResize, isMobileWidth, false);

export const createListingViewModel = (
  c: Container,
  kind: ListingKind,
  navigate: (to: string) => void,
): ListingViewModel => {
  const topSearches = c.get<TopSearches>(TYPES.TopSearches);
  return new ListingViewModel(
    {
      searchProducts: c.get<SearchProducts>(TYPES.SearchProducts),
      topSearches: () => topSearches.execute(),
      getPerPage: c.get<GetProductsPerPage>(TYPES.GetProductsPerPage),
      choosePerPage: c.get<ChooseProductsPerPage>(TYPES.ChooseProductsPerPage),
      navigate,
    },
    kind,
  );
};

/** Where a listing view model navigates to: its screen's router, once the screen is mounted. */
const navigators = new WeakMap<ListingViewModel, (to: string) => void>();

/** A listing view model whose refinements navigate through its screen's router. */
const makeListingViewModel = (c: Container, kind: ListingKind): ListingViewModel => {
  const vm: ListingViewModel = createListingViewModel(c, kind, (to) => navigators.get(vm)?.(to));
  return vm;
};

/** The key of the first view's listing view model (../../app/prepared.ts). */
const listingKey = (kind: ListingKind) => `listing:${kind}`;

/** The first view of a list or search page: the products of the URL, at the server's width. */
export const prepareListing =
  (kind: ListingKind): PreparePage =>
  async ({ container, prepared, pathname, search, params, settled }) => {
    const vm = makeListingViewModel(container, kind);
    prepared.set(listingKey(kind), vm);
    vm.show({
      pathname,
      search,
      ...(kind === 'productList' && params.category !== undefined
        ? { category: params.category }
        : {}),
      // What useIsMobile answers while hydrating: listing.css makes the layout the same.
      isMobile: false,
      firstView: true,
    });
    await settled();
  };

export const ListingPage = observer(({ kind }: { kind: ListingKind }) => {
  const { category } = useParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const location = {
    pathname,
    search,
    ...(kind === 'productList' && category !== undefined ? { category } : {}),
    isMobile,
  };
  // The server's view model (the first view) comes with its products. One made here, on a client
  // navigation, knows the URL from its first render, so its heading and skeleton are painted at
  // once and nothing jumps when they would have arrived; the effect below fetches.
  const vm = useViewModel((c) => {
    const created = makeListingViewModel(c, kind);
    created.locate(location);
    return created;
  }, listingKey(kind));
  // Refinements keep the scroll position; page links (plain <Link>s) go back to the top.
  useEffect(() => {
    navigators.set(vm, (to) => {
      void navigate(to, { preventScrollReset: true });
    });
  }, [vm, navigate]);

  useEffect(() => {
    vm.show({
      pathname,
      search,
      ...(kind === 'productList' && category !== undefined ? { category } : {}),
      isMobile,
    });
  }, [vm, kind, pathname, search, category, isMobile]);
  useEffect(() => () => vm.dispose(), [vm]);

  return <ListingScreen vm={vm} />;
});
