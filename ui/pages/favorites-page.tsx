/** Route `/en/account/favorites`: the shopper's favorite products (guests keep favorites too). */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { GetProductTiles } from '../../core/catalog/get-product-tiles';
import { TYPES } from '../../adapters/di/types';
import { pageTitles } from '../app/page-titles';
import { useContainer } from '../app/container-context';
import { useOptionalCart } from '../cart/cart-context';
import { summarySelection } from '../cart/product-selection';
import { ProductTile } from '../components/product-tile';
import { useRemovalFocus } from '../components/removal-focus';
import { EmptyState, ErrorState, ProductGridSkeleton } from '../components/states';
import { useFavorites } from '../lists/favorites-context';
import { FavoritesPageViewModel } from '../lists/favorites-page-view-model';
import '../lists/favorites.css';

const FavoritesPage = observer(() => {
  const container = useContainer();
  const favorites = useFavorites();
  const cart = useOptionalCart();
  const [vm] = useState(
    () =>
      new FavoritesPageViewModel(favorites, container.get<GetProductTiles>(TYPES.GetProductTiles)),
  );
  useEffect(() => {
    void vm.load();
  }, [vm]);

  const title = pageTitles.favorites;
  const count = vm.products.length;
  // After a favorite goes, focus moves to the next one's Remove, else to the heading.
  const focus = useRemovalFocus(vm.products.map((p) => p.sku));
  return (
    <main id="main" className="page favorites-page">
      <title>{`${title} — Lavabo`}</title>
      <h1 ref={focus.fallback} tabIndex={-1}>
        {title}
      </h1>
      {vm.status === 'succeeded' && count > 0 && (
        <p className="favorites-page__count">{count === 1 ? '1 product' : `${count} products`}</p>
      )}
      {(vm.status === 'idle' || vm.status === 'loading') && <ProductGridSkeleton count={4} />}
      {vm.status === 'failed' && (
        <ErrorState
          title="We could not load your favorites."
          message="Please check your connection and try again."
          onRetry={() => void vm.load()}
        />
      )}
      {vm.isEmpty && (
        <EmptyState
          title="No favorites yet"
          action={
            <Link className="button" to="/en">
              Start shopping
            </Link>
          }
        >
          <p>Tap the heart on any product to keep it here.</p>
        </EmptyState>
      )}
      {vm.status === 'succeeded' && count > 0 && (
        <ul className="product-grid favorites-page__grid" aria-label="Favorite products">
          {vm.products.map((product, i) => (
            <li key={product.sku} ref={focus.item(product.sku)} className="favorites-page__item">
              <ProductTile product={product} priority={i < 4} headingLevel={2} />
              {cart !== null && summarySelection(product) !== null && (
                <button
                  type="button"
                  className="button button--primary button--small favorites-page__add"
                  disabled={cart.adding}
                  onClick={() => {
                    const selection = summarySelection(product);
                    if (selection !== null) void cart.add([selection]);
                  }}
                >
                  Add to cart
                </button>
              )}
              <button
                ref={focus.control(product.sku)}
                type="button"
                className="button button--secondary button--small favorites-page__remove"
                aria-label={`Remove ${product.title} from favorites`}
                onClick={() => void vm.remove(product)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
});

export default FavoritesPage;
