import { observer } from 'mobx-react-lite';
import { useOptionalFavorites } from './favorites-context';
import type { FavoritesViewModel } from './favorites-view-model';
import './favorites.css';

interface Props {
  readonly product: { readonly sku: string; readonly title: string };
  /** 'icon': a round heart over a tile's image; 'labelled': heart and text (product page). */
  readonly variant?: 'icon' | 'labelled';
  /** Id of the element naming the product (the tile's title), so the button says which one. */
  readonly describedBy?: string;
  readonly className?: string;
}

export const ADD_TO_FAVORITES = 'Add to favorites';
export const REMOVE_FROM_FAVORITES = 'Remove from favorites';

const Heart = () => (
  <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20">
    <path
      className="favorite-toggle__heart"
      d="M12 20.5s-7.5-4.6-7.5-10.1A4.4 4.4 0 0 1 12 7.6a4.4 4.4 0 0 1 7.5 2.8c0 5.5-7.5 10.1-7.5 10.1z"
      strokeWidth="1.8"
      strokeLinejoin="round"
    />
  </svg>
);

const Toggle = observer(
  ({
    favorites,
    product,
    variant = 'icon',
    describedBy,
    className = '',
  }: Props & { favorites: FavoritesViewModel }) => {
    const on = favorites.isFavorite(product.sku);
    // The name says what a press does: "Add to favorites" (pinned) while it is not a favorite,
    // "Remove from favorites" once it is. A button whose name changes carries no aria-pressed, or
    // a screen reader would hear "Remove from favorites, pressed".
    const name = on ? REMOVE_FROM_FAVORITES : ADD_TO_FAVORITES;
    return (
      <button
        type="button"
        className={`favorite-toggle favorite-toggle--${variant}${on ? ' favorite-toggle--on' : ''} ${className}`.trim()}
        aria-busy={favorites.isPending(product.sku)}
        {...(describedBy === undefined ? {} : { 'aria-describedby': describedBy })}
        {...(variant === 'icon' ? { title: name } : {})}
        onClick={() => void favorites.toggle(product)}
      >
        <Heart />
        {/* The words a sighted shopper reads are the name a screen reader says (WCAG 2.5.3). */}
        <span className={variant === 'icon' ? 'visually-hidden' : 'favorite-toggle__label'}>
          {name}
        </span>
      </button>
    );
  },
);

/** The heart: adds the product to the shopper's Favorites, or takes it off again. */
export const FavoriteButton = (props: Props) => {
  const favorites = useOptionalFavorites();
  // A tile rendered outside the app (no provider) simply has no heart.
  if (favorites === null) return null;
  return <Toggle favorites={favorites} {...props} />;
};
