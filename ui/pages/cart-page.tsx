import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useCart } from '../cart/cart-context';
import { CartPageView } from '../cart/cart-page-view';
import { CartPageViewModel } from '../cart/cart-page-view-model';

const origin = (): string => (typeof window === 'undefined' ? '' : window.location.origin);

/** /en/cart: the shopper's cart, read fresh on arrival. */
const CartPage = observer(() => {
  const cart = useCart();
  const [page] = useState(() => new CartPageViewModel(cart, origin()));
  // Re-read once per visit; later changes arrive through the cart view model.
  useEffect(() => {
    void cart.load();
  }, [cart]);
  return <CartPageView page={page} />;
});

export default CartPage;
