/** Route `/en/compare?compare=SKU1,SKU2` (without the parameter: the compared products). */
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { GetProductsBySku } from '../../core/catalog/get-product-page';
import type { ProductDetails } from '../../core/catalog/product';
import {
  COMPARE_QUERY_PARAM,
  compareQuery,
  compareSkusFromQuery,
} from '../../core/compare/compare-tray';
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
  const navigate = useNavigate();
  const urlNamesProducts = params.has(COMPARE_QUERY_PARAM);
  const fromUrl = compareSkusFromQuery(params.toString());
  // Before the provider has read the persisted compare slice, the compared list is not known yet.
  const ready = urlNamesProducts || compareVm.productsStatus !== 'idle';
  const key = (urlNamesProducts ? fromUrl : compareVm.skus).join(',');
  const vm = useViewModel(
    (c) => new ComparePageViewModel(c.get<GetProductsBySku>(TYPES.GetProductsBySku)),
  );

  useEffect(() => {
    if (ready) vm.show(key === '' ? [] : key.split(','));
  }, [vm, ready, key]);
  useEffect(() => () => vm.dispose(), [vm]);

  const onRemove = useCallback(
    (product: ProductDetails) => {
      if (compareVm.isCompared(product.sku)) void compareVm.remove(product.sku);
      else compareVm.announce(removedFromCompareMessage(product.title));
      if (urlNamesProducts) {
        // Commas kept readable (compareQuery), as the tray's links write them.
        void navigate(
          { search: `?${compareQuery(vm.skusWithout(product))}` },
          { replace: true, preventScrollReset: true },
        );
      }
    },
    [compareVm, vm, urlNamesProducts, navigate],
  );

  return (
    <ComparePageView
      vm={vm}
      columns={compareVm.columns}
      expected={key === '' ? 0 : key.split(',').length}
      onRemove={onRemove}
    />
  );
});

export default ComparePage;
