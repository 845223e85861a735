/** Route `/en/products/:category/:slug` (the slug may end in `.html`; `?skuid=`, `?type=part`). */
import type { Container } from 'inversify';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { BrowsingHistoryStore, ProductCatalog } from '../../core/catalog/ports';
import { GetProductPage } from '../../core/catalog/get-product-page';
import { SKU_QUERY_PARAM } from '../../core/catalog/pdp-sku';
import { PART_QUERY } from '../../core/catalog/product-link';
import { RecordRecentlyViewed } from '../../core/catalog/record-recently-viewed';
import type { ConfigurationGateway } from '../../core/content/configuration';
import { TYPES } from '../../adapters/di/types';
import { useViewModel } from '../app/container-context';
import { ProductPageView } from '../catalog/product/product-page-view';
import { ProductViewModel } from '../catalog/product/product-view-model';
import '../catalog/product/product.css';

const recorder = (c: Container): RecordRecentlyViewed | null => {
  if (!c.isBound(TYPES.BrowsingHistoryStore)) return null;
  const configuration = c.isBound(TYPES.ConfigurationGateway)
    ? c.get<ConfigurationGateway>(TYPES.ConfigurationGateway)
    : undefined;
  return new RecordRecentlyViewed(
    c.get<BrowsingHistoryStore>(TYPES.BrowsingHistoryStore),
    configuration,
  );
};

export const createProductViewModel = (c: Container): ProductViewModel => {
  const catalog = c.get<ProductCatalog>(TYPES.ProductCatalog);
  return new ProductViewModel(new GetProductPage(catalog), catalog, recorder(c));
};

const [PART_KEY, PART_VALUE] = PART_QUERY.split('=') as [string, string];

const ProductDetailsPage = observer(() => {
  const { slug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const requested = params.get(SKU_QUERY_PARAM) ?? undefined;
  const isPart = params.get(PART_KEY) === PART_VALUE;
  const vm = useViewModel(createProductViewModel);

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
