import { observer } from 'mobx-react-lite';
import { useId, useState } from 'react';
import type { ProductViewModel } from '../catalog/product/product-view-model';
import { useOptionalCart } from './cart-context';
import { clampQuantity, productSelection, purchasability } from './product-selection';
import './cart.css';

/**
 * Quantity and "Add to cart" in the product page's buy box. Out-of-stock and discontinued
 * variants show the button disabled with the reason beside it; retail-exclusive products are sold
 * in stores (the buy box says where), so there is no button; back-orders go in one at a time.
 */
export const AddToCartPanel = observer(({ vm }: { vm: ProductViewModel }) => {
  const cart = useOptionalCart();
  const [quantity, setQuantity] = useState(1);
  const quantityId = useId();
  const noteId = useId();
  const product = vm.product;
  if (cart === null || product === null) return null;
  const buy = purchasability(vm.availability);
  if (buy.kind === 'in-stores-only') return null;
  const max = buy.kind === 'buyable' ? buy.maxQuantity : 1;
  const shown = clampQuantity(quantity, max);
  const note =
    buy.kind === 'out-of-stock'
      ? 'This finish is out of stock.'
      : buy.kind === 'discontinued'
        ? 'This finish is no longer available.'
        : buy.backorder
          ? 'Back-ordered items are added one at a time and ship when back in stock.'
          : null;
  const disabled = buy.kind !== 'buyable';
  const add = () => {
    if (disabled) return;
    void cart.add([productSelection(product, vm.selectedSku, vm.availability, shown)], {
      itemName: product.title,
    });
  };
  return (
    <div className="add-to-cart">
      <div className="add-to-cart__row">
        <label className="add-to-cart__quantity" htmlFor={quantityId}>
          <span>Quantity</span>
          <input
            id={quantityId}
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            step={1}
            value={shown}
            disabled={disabled || max === 1}
            onChange={(e) => setQuantity(clampQuantity(e.currentTarget.valueAsNumber, max))}
          />
        </label>
        <button
          type="button"
          className="button button--primary add-to-cart__button"
          disabled={disabled || cart.adding}
          aria-describedby={note === null ? undefined : noteId}
          aria-busy={cart.adding}
          onClick={add}
        >
          Add to cart
        </button>
      </div>
      {note !== null && (
        <p id={noteId} className="add-to-cart__note">
          {note}
        </p>
      )}
    </div>
  );
});
