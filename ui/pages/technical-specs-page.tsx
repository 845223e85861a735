/** Route `/en/technical-specs/:sku`: a printable sheet, by master or variant SKU. */
import type { Container } from 'inversify';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import type { GetProductsBySku } from '../../core/catalog/get-product-page';
import { TYPES } from '../../adapters/di/types';
import { useViewModel } from '../app/container-context';
import { TechnicalSpecsView } from '../catalog/product/technical-specs-view';
import { TechnicalSpecsViewModel } from '../catalog/product/technical-specs-view-model';
import '../catalog/product/product.css';

export const createTechnicalSpecsViewModel = (c: Container): TechnicalSpecsViewModel =>
  new TechnicalSpecsViewModel(c.get<GetProductsBySku>(TYPES.GetProductsBySku));

const TechnicalSpecsPage = observer(() => {
  const { sku = '' } = useParams();
  const vm = useViewModel(createTechnicalSpecsViewModel);
  useEffect(() => {
    vm.show(sku);
  }, [vm, sku]);
  useEffect(() => () => vm.dispose(), [vm]);
  return <TechnicalSpecsView vm={vm} />;
});

export default TechnicalSpecsPage;
