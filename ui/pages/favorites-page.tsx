/**
 * Route `/en/account/favorites`: the shopper's favorite products. Not a secure page: a guest sees
 * the products they hearted (kept under their guest id), with an invitation to sign in to keep them
 * on every device; signing in merges them into the account's list, which the page then shows.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { GetProductTiles } from '../../core/catalog/get-product-tiles';
import { TYPES } from '../../adapters/di/types';
import { pageTitles } from '../app/page-titles';
import { useContainer } from '../app/container-context';
import { useOptionalAuth } from '../auth/auth-context';
import { useOptionalCart } from '../cart/cart-context';
import { summarySelection } from '../cart/product-selection';
import { ProductTile } from '../components/product-tile';
import { useRemovalFocus } from '../components/removal-focus';
import { EmptyState, ErrorState, ProductGridSkeleton } from '../components/states';
import { useFavorites } from '../lists/favorites-context';
import { FavoritesPageViewModel } from '../lists/favorites-page-view-model';
import '../lists/favorites.css';

/** A guest's favorites live in this browser until they sign in. */
const GuestNote = observer(() => {
  const auth = useOptionalAuth();
  if (auth === null || auth.isAuth) return null;
  return (
    <section className="favorites-page__guest" aria-labelledby="favorites-guest-title">
      <h2 id="favorites-guest-title" className="favorites-page__guest-title">
        Keep your favorites on every device
      </h2>
      <p>
        Your favorites are saved in this browser. Sign in or create an account to keep them with you
        on your phone, tablet and computer.
      </p>
      <button
        type="button"
        className="button button--secondary"
        aria-haspopup="dialog"
        onClick={() => auth.openModal('signIn')}
      >
        Sign in or create an account
      </button>
    </section>
  );
});

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
    return vm.follow();
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
      <GuestNote />
      {vm.shownStatus === 'succeeded' && count > 0 && (
        <p className="favorites-page__count">{count === 1 ? '1 product' : `${count} products`}</p>
      )}
      {(vm.shownStatus === 'idle' || vm.shownStatus === 'loading') && (
        <ProductGridSkeleton count={4} />
      )}
      {vm.shownStatus === 'failed' && (
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
      {vm.shownStatus === 'succeeded' && count > 0 && (
        <ul className="product-grid favorites-page__grid" aria-label="Favorite products">
          {vm.products.map((product, i) => {
            const selection = summarySelection(product);
            return (
              <li key={product.sku} ref={focus.item(product.sku)} className="favorites-page__item">
                <ProductTile product={product} priority={i < 4} headingLevel={2} />
                {/* One row of equal buttons under every tile. */}
                <div className="favorites-page__actions">
                  {cart !== null && selection !== null && (
                    <button
                      type="button"
                      className="button button--primary favorites-page__action"
                      disabled={cart.adding}
                      onClick={() => void cart.add([selection])}
                    >
                      Add to cart
                    </button>
                  )}
                  <button
                    ref={focus.control(product.sku)}
                    type="button"
                    className="button button--secondary favorites-page__action"
                    aria-label={`Remove ${product.title} from favorites`}
                    onClick={() => void vm.remove(product)}
                  >
                    Remove
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </main>
  );
});

export default FavoritesPage;
