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
    return (
      <button
        type="button"
        className={`favorite-toggle favorite-toggle--${variant}${on ? ' favorite-toggle--on' : ''} ${className}`.trim()}
        aria-pressed={on}
        aria-busy={favorites.isPending(product.sku)}
        {...(describedBy === undefined ? {} : { 'aria-describedby': describedBy })}
        title={on ? 'In your favorites' : 'Add to favorites'}
        onClick={() => void favorites.toggle(product)}
      >
        <Heart />
        {/* The name stays "Add to favorites" (pinned); aria-pressed says whether it is on. */}
        <span className={variant === 'icon' ? 'visually-hidden' : 'favorite-toggle__label'}>
          Add to favorites
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
