import { observer } from 'mobx-react-lite';
import { Link } from 'react-router';
import type { ProductDetails } from '../../../core/catalog/product';
import { AddToCartPanel } from '../../cart/add-to-cart-panel';
import { useCompare } from '../../compare/compare-context';
import { Price } from '../../components/price';
import { Rating } from '../../components/rating';
import { FavoriteButton } from '../../lists/favorite-button';
import { FinishPicker } from './finish-picker';
import { LinkedProducts } from './linked-products';
import type { ProductViewModel } from './product-view-model';

const CompareButton = observer(({ product }: { product: ProductDetails }) => {
  const compareVm = useCompare();
  const compared = compareVm.isCompared(product.sku);
  return (
    <button
      type="button"
      className={`compare-toggle pdp__compare${compared ? ' compare-toggle--on' : ''}`}
      aria-pressed={compared}
      onClick={() => void compareVm.toggle(product)}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
        <path
          d="M8 3v18M16 3v18M3 8h5M16 16h5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
        />
      </svg>
      {/* The name stays "Add to compare" (pinned); aria-pressed says whether it is on. */}
      Add to compare
    </button>
  );
});

/**
 * The buy box: title, SKU, rating, price, finishes, availability, what the product needs or
 * includes, add to cart and compare.
 */
export const BuyBox = observer(
  ({
    vm,
    isPart,
    onSelectFinish,
  }: {
    vm: ProductViewModel;
    isPart: boolean;
    onSelectFinish: (sku: string) => void;
  }) => {
    const product = vm.product;
    const page = vm.page;
    if (product === null || page === null) return null;
    return (
      <div className="buy-box">
        <p className="buy-box__eyebrow">
          {isPart ? 'Service part' : product.categoryName}
          {product.collection !== null && <span>{` · ${product.collection} collection`}</span>}
        </p>
        <h1 className="buy-box__title">{product.title}</h1>
        <p className="buy-box__sku">{`SKU ${vm.customerFacingSku}`}</p>
        {product.reviewCount > 0 ? (
          <a className="buy-box__rating" href="#reviews">
            <Rating rating={product.rating} count={product.reviewCount} />
          </a>
        ) : (
          <Rating rating={product.rating} count={product.reviewCount} />
        )}
        <div className="buy-box__price">
          <Price price={product.price} size="lg" />
          {product.saleOffer !== null && product.price.saleCents !== null && (
            <p className="buy-box__offer">{product.saleOffer}</p>
          )}
        </div>
        <FinishPicker
          finishes={vm.finishes}
          selectedSku={vm.selectedSku}
          onSelect={onSelectFinish}
        />
        <div className="buy-box__stock">
          <p className={`stock stock--${vm.availabilityTone}`} aria-live="polite">
            <span className="stock__dot" aria-hidden="true" />
            {vm.availabilityText}
          </p>
          {vm.shippingNotes.length > 0 && (
            <ul className="stock__notes">
              {vm.shippingNotes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          )}
          {product.retailExclusive && (
            <p className="buy-box__store">
              Sold in showrooms and stores, not online. <Link to="/en/stores">Find a store</Link>
            </p>
          )}
        </div>
        <AddToCartPanel vm={vm} />
        <div className="buy-box__actions">
          <CompareButton product={product} />
          <FavoriteButton product={product} variant="labelled" />
        </div>
        <LinkedProducts
          title="Required to complete the installation"
          products={page.requiredItems}
        />
        <LinkedProducts title="Includes" products={page.superSkuComponents} showPrice={false} />
      </div>
    );
  },
);
