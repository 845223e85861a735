import { observer } from 'mobx-react-lite';
import { Link } from 'react-router';
import { productLinkPath } from '../../core/catalog/product-link';
import { useProductLinks } from '../components/product-links';
import { formatMoney, money } from '../../core/shared/money';
import { ErrorState, Skeleton } from '../components/states';
import { UnitPrice } from './line-price';
import type { SharedCartViewModel } from './shared-cart-view-model';
import './cart.css';

export const SharedCartView = observer(({ vm }: { vm: SharedCartViewModel }) => {
  const links = useProductLinks();
  if (vm.status === 'idle' || vm.status === 'loading') {
    return (
      <main id="main" className="page page--cart" aria-busy="true">
        <title>Shared cart — Lavabo</title>
        <h1 className="cart-page__title">Shared cart</h1>
        <span className="visually-hidden" role="status">
          Loading the shared cart…
        </span>
        <div aria-hidden="true">
          <Skeleton width="60%" />
          <Skeleton width="80%" />
          <Skeleton width="40%" />
        </div>
      </main>
    );
  }
  if (vm.status === 'failed') {
    return (
      <main id="main" className="page page--cart">
        <title>Shared cart — Lavabo</title>
        <h1 className="cart-page__title">Shared cart</h1>
        <ErrorState
          title="We couldn’t open this shared cart"
          message="Something went wrong. Please try again..."
          onRetry={() => void vm.retry()}
        />
      </main>
    );
  }
  if (vm.notFound) {
    return (
      <main id="main" className="page page--cart">
        <title>Shared cart not found — Lavabo</title>
        <h1 className="cart-page__title">This shared cart link doesn’t work</h1>
        <p>It may have been mistyped. Ask for the link again, or keep shopping.</p>
        <Link className="button button--primary" to="/en">
          Continue shopping
        </Link>
      </main>
    );
  }
  const currency = vm.currency;
  const outcome = vm.outcome;
  return (
    <main id="main" className="page page--cart">
      <title>Shared cart — Lavabo</title>
      <h1 className="cart-page__title">
        Shared cart
        <span className="cart-page__count">{` (${vm.itemCount} ${vm.itemCount === 1 ? 'item' : 'items'})`}</span>
      </h1>
      <p>Someone shared these items with you. Add them to your own cart to buy them.</p>
      <p className="shared-cart__pricing">
        Prices are what you’d pay today. Promo codes used by the person who shared the cart aren’t
        included — you can add your own in your cart.
      </p>
      <div className="cart-layout">
        <ul className="cart-lines">
          {vm.topLines.map((line) => (
            <li key={line.id} className="cart-line">
              <div className="cart-line__image">
                {line.image !== undefined ? (
                  <img src={line.image} alt="" width={96} height={96} loading="lazy" />
                ) : (
                  <span className="cart-line__placeholder" aria-hidden="true" />
                )}
              </div>
              <div className="cart-line__body">
                <h2 className="cart-line__name">
                  {line.slug === '' || line.category === undefined ? (
                    line.name
                  ) : (
                    <Link to={productLinkPath({ category: line.category, slug: line.slug }, links)}>
                      {line.name}
                    </Link>
                  )}
                </h2>
                <p className="cart-line__meta">
                  {line.color !== undefined && <span>{`Finish: ${line.color}`}</span>}
                  <span>{`SKU ${line.customerFacingSKU}`}</span>
                  <span>{`Qty ${line.quantity}`}</span>
                </p>
                <UnitPrice line={line} currency={currency} />
                {line.outOfStock && (
                  <p className="cart-line__note cart-line__note--negative">
                    Out of stock — it won’t be added.
                  </p>
                )}
              </div>
              <p className="cart-line__total">
                <span className="visually-hidden">Line total </span>
                {formatMoney(money(line.discountPriceCents, currency))}
              </p>
            </li>
          ))}
        </ul>
        <aside className="cart-summary" aria-label="Shared cart total">
          <p className="cart-summary__total">
            <span>Total at today’s prices</span>
            <span>{formatMoney(money(vm.totalCents, currency))}</span>
          </p>
          <button
            type="button"
            className="button button--primary"
            disabled={!vm.canAddAll}
            aria-busy={vm.adding}
            onClick={() => void vm.addAll()}
          >
            Add all to cart
          </button>
          <div role="status" aria-live="polite">
            {outcome !== null && (
              <p>
                {`Added ${outcome.added.length} ${outcome.added.length === 1 ? 'item' : 'items'} to your cart.`}
                {outcome.leftOut.length > 0 &&
                  ` ${outcome.leftOut.length} out-of-stock ${outcome.leftOut.length === 1 ? 'item was' : 'items were'} left out.`}{' '}
                <Link to="/en/cart">View cart</Link>
              </p>
            )}
            {vm.addFailed && <p>Failed to Add to cart</p>}
          </div>
        </aside>
      </div>
    </main>
  );
});
