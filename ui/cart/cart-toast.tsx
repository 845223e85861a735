import { observer } from 'mobx-react-lite';
import { Link } from 'react-router';
import { useCart } from './cart-context';
import './cart.css';

/**
 * The cart's toast, for 5 s (spec §9): bottom-centre on narrow screens, bottom-left from 1025 px so
 * it covers none of the product page's buy box (cart.css). The live region is always in the page,
 * so screen readers announce each message as it appears.
 */
export const CartToast = observer(() => {
  const cart = useCart();
  const toast = cart.toast;
  return (
    <div className="cart-toast-region" role="status" aria-live="polite">
      {toast !== null && (
        <div key={toast.id} className={`cart-toast cart-toast--${toast.kind}`}>
          <p className="cart-toast__message">{toast.message}</p>
          {toast.kind === 'added' && (
            <Link className="cart-toast__link" to="/en/cart" onClick={() => cart.dismissToast()}>
              View cart
            </Link>
          )}
          <button
            type="button"
            className="cart-toast__close"
            aria-label="Dismiss message"
            onClick={() => cart.dismissToast()}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      )}
    </div>
  );
});
