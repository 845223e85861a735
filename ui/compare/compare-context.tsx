import type { Container } from 'inversify';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { GetProductTiles } from '../../core/catalog/get-product-tiles';
import type { AddToCompare } from '../../core/compare/add-to-compare';
import type { ClearCompare } from '../../core/compare/clear-compare';
import type { CompareFromLink } from '../../core/compare/compare-from-link';
import type { LoadCompare } from '../../core/compare/load-compare';
import type { RemoveFromCompare } from '../../core/compare/remove-from-compare';
import { TYPES } from '../../adapters/di/types';
import { useContainer } from '../app/container-context';
import { CompareViewModel } from './compare-view-model';

const CompareContext = createContext<CompareViewModel | null>(null);

/**
 * The width the first render assumes: a server render cannot know the real one, and the browser's
 * first render must draw what the server drew (docs/rendering.md). The provider moves to the real
 * width as soon as it is mounted.
 */
const FIRST_RENDER_WIDTH = 1280;

export const createCompareViewModel = (container: Container): CompareViewModel =>
  new CompareViewModel(
    {
      load: container.get<LoadCompare>(TYPES.LoadCompare),
      add: container.get<AddToCompare>(TYPES.AddToCompare),
      remove: container.get<RemoveFromCompare>(TYPES.RemoveFromCompare),
      clear: container.get<ClearCompare>(TYPES.ClearCompare),
      fromLink: container.get<CompareFromLink>(TYPES.CompareFromLink),
    },
    container.get<GetProductTiles>(TYPES.GetProductTiles),
    FIRST_RENDER_WIDTH,
  );

/** One compare view model for the whole app; loads the persisted slice once. */
export const CompareProvider = ({ children }: { children: ReactNode }) => {
  const container = useContainer();
  const [compare] = useState(() => createCompareViewModel(container));
  useEffect(() => {
    void compare.load();
    const onResize = () => compare.setViewportWidth(window.innerWidth);
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [compare]);
  return <CompareContext.Provider value={compare}>{children}</CompareContext.Provider>;
};

export const useCompare = (): CompareViewModel => {
  const compare = useContext(CompareContext);
  if (compare === null) throw new Error('useCompare must be used inside <CompareProvider>');
  return compare;
};
