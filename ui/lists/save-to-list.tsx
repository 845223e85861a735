/**
 * "Save to My products" (a product page's Documents, beside "Register this product") and "Save to
 * My services" (a design or install service: its landing's "Your selected service", or its own
 * page's Documents when it is opened directly): a customer saves the finish shown to that account
 * page, where its documents, warranty and fitting parts (or the service's status) are kept, or
 * takes it off again. A guest is asked to sign in first (both are account pages), and the save
 * they asked for is made once they have; closing the sign-in forgets it. The list is read once the
 * shopper is known to be a customer, so a guest's page asks for nothing; the server's HTML (always
 * a guest's) is what hydration draws too.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { TYPES } from '../../adapters/di/types';
import { routes } from '../../core/content/routes';
import type { LoadList } from '../../core/lists/load-favorites';
import type { ToggleListItem } from '../../core/lists/toggle-list-item';
import { useHydrated } from '../app/after-hydration';
import { useContainer } from '../app/container-context';
import { useOptionalAuth } from '../auth/auth-context';
import { removeLabel, saveLabel, SavedItemModel, type SavedPlace } from './saved-item-model';

const TARGETS = {
  products: {
    place: 'My products',
    load: TYPES.LoadSavedProducts,
    toggle: TYPES.ToggleMyProduct,
    page: routes.myProducts,
  },
  services: {
    place: 'My services',
    load: TYPES.LoadSavedServices,
    toggle: TYPES.ToggleMyService,
    page: routes.myServices,
  },
} as const satisfies Record<
  string,
  { place: SavedPlace; load: symbol; toggle: symbol; page: string }
>;

interface Props {
  /** My products (a product) or My services (a design or install service). */
  readonly target: keyof typeof TARGETS;
  readonly product: { readonly sku: string; readonly title: string };
}

export const SaveToList = observer(({ target, product }: Props) => {
  const container = useContainer();
  const auth = useOptionalAuth();
  const { place, load, toggle, page } = TARGETS[target];
  const [model] = useState(
    () =>
      new SavedItemModel(
        {
          load: container.get<LoadList>(load),
          toggle: container.get<ToggleListItem>(toggle),
        },
        place,
      ),
  );
  // The server draws every page for a guest: until hydration is behind, so does the browser.
  const hydrated = useHydrated();
  const customer = hydrated && auth?.isAuth === true;
  useEffect(() => {
    // A guest (at first, or after signing out) has no list here: none a customer left is kept.
    if (customer) void model.load();
    else model.signedOut();
  }, [customer, model]);
  // Sign-in closed by a guest who did not sign in: their press is forgotten. (A sign-in that
  // succeeds makes the shopper a customer before it closes the dialog.)
  const signingIn = auth?.modal.show === true;
  useEffect(() => {
    if (!signingIn && !customer) model.forgetSaveAfterSignIn();
  }, [signingIn, customer, model]);
  if (auth === null) return null;

  if (!customer) {
    return (
      <p className="save-to-list">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            // What the guest asked for is done once they have signed in.
            model.saveAfterSignIn(product);
            auth.openModal('signIn');
          }}
        >
          {`Sign in to save to ${place}`}
        </button>
      </p>
    );
  }
  const saved = model.isSaved(product.sku);
  return (
    <div className="save-to-list">
      <p>
        {/* The name says what a press does, as the heart's does (no aria-pressed). */}
        <button
          type="button"
          className="button button--secondary"
          aria-busy={model.pending || model.status === 'loading'}
          disabled={model.pending}
          onClick={() => void model.toggle(product)}
        >
          {saved ? removeLabel(place) : saveLabel(place)}
        </button>{' '}
        {saved && <Link to={page}>{`View ${place}`}</Link>}
      </p>
      <p role="status">{model.message ?? ''}</p>
    </div>
  );
});
