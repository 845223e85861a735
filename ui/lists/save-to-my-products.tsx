/**
 * The product page's "Save to My products" (in its Documents, beside "Register this product"): a
 * customer saves the finish shown to my products, where its documents, warranty and fitting parts
 * are kept, or takes it off again. A guest is asked to sign in first (my products is an account
 * page). The list is read once the shopper is known to be a customer, so a guest's page asks for
 * nothing; the server's HTML (always a guest's) is what hydration draws too.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { TYPES } from '../../adapters/di/types';
import type { LoadList } from '../../core/lists/load-favorites';
import type { ToggleListItem } from '../../core/lists/toggle-list-item';
import { routes } from '../../core/content/routes';
import { useHydrated } from '../app/after-hydration';
import { useContainer } from '../app/container-context';
import { useOptionalAuth } from '../auth/auth-context';
import {
  REMOVE_FROM_MY_PRODUCTS,
  SAVE_TO_MY_PRODUCTS,
  SavedProductModel,
} from './saved-product-model';

interface Props {
  readonly product: { readonly sku: string; readonly title: string };
}

export const SaveToMyProducts = observer(({ product }: Props) => {
  const container = useContainer();
  const auth = useOptionalAuth();
  const [model] = useState(
    () =>
      new SavedProductModel({
        load: container.get<LoadList>(TYPES.LoadSavedProducts),
        toggle: container.get<ToggleListItem>(TYPES.ToggleMyProduct),
      }),
  );
  // The server draws every page for a guest: until hydration is behind, so does the browser.
  const hydrated = useHydrated();
  const customer = hydrated && auth?.isAuth === true;
  useEffect(() => {
    if (customer) void model.load();
  }, [customer, model]);
  if (auth === null) return null;

  if (!customer) {
    return (
      <p className="save-to-my-products">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => auth.openModal('signIn')}
        >
          Sign in to save to My products
        </button>
      </p>
    );
  }
  const saved = model.isSaved(product.sku);
  return (
    <div className="save-to-my-products">
      <p>
        {/* The name says what a press does, as the heart's does (no aria-pressed). */}
        <button
          type="button"
          className="button button--secondary"
          aria-busy={model.pending || model.status === 'loading'}
          disabled={model.pending}
          onClick={() => void model.toggle(product)}
        >
          {saved ? REMOVE_FROM_MY_PRODUCTS : SAVE_TO_MY_PRODUCTS}
        </button>{' '}
        {saved && <Link to={routes.myProducts}>View My products</Link>}
      </p>
      <p role="status" className="save-to-my-products__status">
        {model.message ?? ''}
      </p>
    </div>
  );
});
