import type { Container } from 'inversify';
import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { LoadFavorites } from '../../core/lists/load-favorites';
import type { ToggleListItem } from '../../core/lists/toggle-list-item';
import { TYPES } from '../../adapters/di/types';
import { useContainer } from '../app/container-context';
import { useOptionalAuth } from '../auth/auth-context';
import { FavoritesViewModel } from './favorites-view-model';

const FavoritesContext = createContext<FavoritesViewModel | null>(null);

export const createFavoritesViewModel = (container: Container): FavoritesViewModel =>
  new FavoritesViewModel({
    load: container.get<LoadFavorites>(TYPES.LoadFavorites),
    toggle: container.get<ToggleListItem>(TYPES.ToggleFavorite),
  });

/** Says politely what the last favorites change did (added, removed, or that it failed). */
const FavoritesStatus = observer(({ favorites }: { favorites: FavoritesViewModel }) => (
  <p className="visually-hidden" role="status">
    {favorites.message ?? ''}
  </p>
));

/**
 * One favorites view model for the whole app; reads the shopper's list once, and again whenever
 * who is shopping changes (sign-in, sign-out, a session that ends): lists belong to their owner.
 */
export const FavoritesProvider = ({ children }: { children: ReactNode }) => {
  const container = useContainer();
  const auth = useOptionalAuth();
  const [favorites] = useState(() => createFavoritesViewModel(container));
  useEffect(() => {
    void favorites.load();
  }, [favorites]);
  useEffect(() => {
    if (auth === null) return;
    return reaction(
      () => auth.claims?.email ?? null,
      () => void favorites.reload(),
    );
  }, [auth, favorites]);
  return (
    <FavoritesContext.Provider value={favorites}>
      {children}
      <FavoritesStatus favorites={favorites} />
    </FavoritesContext.Provider>
  );
};

export const useFavorites = (): FavoritesViewModel => {
  const favorites = useContext(FavoritesContext);
  if (favorites === null) throw new Error('useFavorites must be used inside <FavoritesProvider>');
  return favorites;
};

/** The app-wide favorites, or null where there is no provider (a tile rendered on its own). */
export const useOptionalFavorites = (): FavoritesViewModel | null => useContext(FavoritesContext);
