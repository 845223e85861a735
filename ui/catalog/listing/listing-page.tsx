/**
 * Wires the listing view model to the container and the router: the URL (and the viewport width)
 * go in through `show()`, refinements come back out as navigations.
 */
import type { Container } from 'inversify';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { ChooseProductsPerPage } from '../../../core/catalog/choose-products-per-page';
import type { GetProductsPerPage } from '../../../core/catalog/get-products-per-page';
import type { SearchProducts } from '../../../core/catalog/search-products';
import type { TopSearches } from '../../../core/catalog/top-searches';
import { TYPES } from '../../../adapters/di/types';
import { useViewModel } from '../../app/container-context';
import { ListingScreen } from './listing-screen';
import { ListingViewModel, type ListingKind } from './listing-view-model';
import './listing.css';

/** Below this width the page is "mobile": always 30 a page, filters in a drawer (spec §9). */
export const TABLET_MIN_WIDTH = 768;

const isMobileWidth = (): boolean =>
  typeof window !== 'undefined' && window.innerWidth < TABLET_MIN_WIDTH;

/** Whether the viewport is narrower than a tablet, kept up to date on resize. */
export const useIsMobile = (): boolean => {
  const [mobile, setMobile] = useState(isMobileWidth);
  useEffect(() => {
    const onResize = () => setMobile(isMobileWidth());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return mobile;
};

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

export const ListingPage = observer(({ kind }: { kind: ListingKind }) => {
  const { category } = useParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const isMobile = useIsMobile();
  const location = {
    pathname,
    search,
    ...(kind === 'productList' && category !== undefined ? { category } : {}),
    isMobile,
  };
  // The first render knows the URL (its heading and skeleton are painted at once, so nothing
  // jumps when they would have arrived); the effect below fetches. Refinements keep the scroll
  // position; page links (plain <Link>s) go back to the top.
  const vm = useViewModel((c) => {
    const created = createListingViewModel(c, kind, (to) => {
      void navigateRef.current(to, { preventScrollReset: true });
    });
    created.locate(location);
    return created;
  });

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
