/**
 * Route `/en/compare?compare=SKU1,SKU2`: the compared products side by side. The URL always names
 * them (so the page can be shared) and the tray counts the same list: see ComparePageViewModel.
 */
import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { GetProductsBySku } from '../../core/catalog/get-product-page';
import type { ProductDetails } from '../../core/catalog/product';
import { COMPARE_QUERY_PARAM, compareSkusFromQuery } from '../../core/compare/compare-tray';
import { TYPES } from '../../adapters/di/types';
import { useViewModel } from '../app/container-context';
import { useCompare } from '../compare/compare-context';
import { ComparePageView } from '../compare/compare-page-view';
import { ComparePageViewModel } from '../compare/compare-page-view-model';
import { removedFromCompareMessage } from '../compare/compare-view-model';
import '../compare/compare-page.css';

const ComparePage = observer(() => {
  const compareVm = useCompare();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const fromUrl = params.has(COMPARE_QUERY_PARAM) ? compareSkusFromQuery(params.toString()) : [];
  const linkKey = fromUrl.join(',');
  // Without a link the page shows the compared list, known once the provider has read it.
  const ready = linkKey !== '' || compareVm.productsStatus !== 'idle';
  const vm = useViewModel(
    (c) => new ComparePageViewModel(c.get<GetProductsBySku>(TYPES.GetProductsBySku), compareVm),
  );

  useEffect(() => {
    if (ready) vm.open(linkKey === '' ? null : linkKey.split(','));
  }, [vm, ready, linkKey]);
  useEffect(
    () =>
      reaction(
        () => compareVm.skus.join(','),
        () => vm.follow(),
      ),
    [vm, compareVm],
  );
  useEffect(() => () => vm.dispose(), [vm]);

  // The URL names what the page shows, updated as products go (replacing, not adding, history).
  // Read afresh in the effect: the URL may just have named new products (open, above, runs first).
  const search = vm.search;
  useEffect(() => {
    const wanted = vm.search;
    if (wanted === null || wanted === location.search) return;
    void navigate({ search: wanted }, { replace: true, preventScrollReset: true });
  }, [vm, search, location.search, navigate]);

  const onRemove = useCallback(
    (product: ProductDetails) => {
      for (const sku of vm.comparedSkusOf(product)) void compareVm.remove(sku);
      compareVm.announce(removedFromCompareMessage(product.title));
    },
    [compareVm, vm],
  );

  return (
    <ComparePageView
      vm={vm}
      columns={compareVm.columns}
      expected={linkKey === '' ? compareVm.count : fromUrl.length}
      onRemove={onRemove}
    />
  );
});

export default ComparePage;
