/** Route `/en/products/:category/:slug` (the slug may end in `.html`; `?skuid=`, `?type=part`). */
import type { Container } from 'inversify';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { GetProductPage } from '../../core/catalog/get-product-page';
import type { ProductCatalog } from '../../core/catalog/ports';
import { SKU_QUERY_PARAM } from '../../core/catalog/pdp-sku';
import { PART_QUERY } from '../../core/catalog/product-link';
import type { RecordRecentlyViewed } from '../../core/catalog/record-recently-viewed';
import { TYPES } from '../../adapters/di/types';
import { useViewModel } from '../app/container-context';
import type { PreparePage } from '../app/prepared';
import { ProductPageView } from '../catalog/product/product-page-view';
import { ProductViewModel } from '../catalog/product/product-view-model';
import '../catalog/product/product.css';

export const createProductViewModel = (c: Container): ProductViewModel =>
  new ProductViewModel(
    c.get<GetProductPage>(TYPES.GetProductPage),
    c.get<ProductCatalog>(TYPES.ProductCatalog),
    c.get<RecordRecentlyViewed>(TYPES.RecordRecentlyViewed),
  );

const [PART_KEY, PART_VALUE] = PART_QUERY.split('=') as [string, string];

/** The key of the first view's product view model (../app/prepared.ts). */
const PRODUCT_VIEW_MODEL = 'product';

/** The first view: the product of the URL (and its `?skuid=` finish's stock) loaded. */
export const prepare: PreparePage = async ({ container, prepared, params, search, settled }) => {
  const vm = createProductViewModel(container);
  prepared.set(PRODUCT_VIEW_MODEL, vm);
  vm.show(params.slug ?? '', new URLSearchParams(search).get(SKU_QUERY_PARAM) ?? undefined);
  await settled();
};

const ProductDetailsPage = observer(() => {
  const { slug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const requested = params.get(SKU_QUERY_PARAM) ?? undefined;
  const isPart = params.get(PART_KEY) === PART_VALUE;
  const vm = useViewModel(createProductViewModel, PRODUCT_VIEW_MODEL);

  useEffect(() => {
    vm.show(slug, requested);
  }, [vm, slug, requested]);
  useEffect(() => () => vm.dispose(), [vm]);

  const onSelectFinish = useCallback(
    (sku: string) => {
      if (!vm.selectFinish(sku)) return;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(SKU_QUERY_PARAM, sku);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [vm, setParams],
  );

  return <ProductPageView vm={vm} isPart={isPart} onSelectFinish={onSelectFinish} />;
});

export default ProductDetailsPage;
