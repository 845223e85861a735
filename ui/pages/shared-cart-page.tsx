import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { GetSharedCart } from '../../core/cart/get-shared-cart';
import { TYPES } from '../../adapters/di/types';
import { useContainer } from '../app/container-context';
import { useCart } from '../cart/cart-context';
import { SharedCartView } from '../cart/shared-cart-view';
import { SharedCartViewModel } from '../cart/shared-cart-view-model';

/** /en/cart/shared/{id}: a cart someone shared, with "Add all to cart". */
const SharedCartPage = observer(() => {
  const { id = '' } = useParams();
  const container = useContainer();
  const cart = useCart();
  const [vm] = useState(
    () => new SharedCartViewModel(container.get<GetSharedCart>(TYPES.GetSharedCart), cart),
  );
  useEffect(() => {
    void vm.load(id);
  }, [vm, id]);
  return <SharedCartView vm={vm} />;
});

export default SharedCartPage;
