import type { Container } from 'inversify';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { ProductCatalog } from '../../core/catalog/ports';
import { AddToCompare } from '../../core/compare/add-to-compare';
import { ClearCompare } from '../../core/compare/clear-compare';
import { LoadCompare } from '../../core/compare/load-compare';
import type { CompareStore } from '../../core/compare/ports';
import { RemoveFromCompare } from '../../core/compare/remove-from-compare';
import type { Clock } from '../../core/shared/clock';
import { TYPES } from '../../adapters/di/types';
import { useContainer } from '../app/container-context';
import { CompareViewModel } from './compare-view-model';

const CompareContext = createContext<CompareViewModel | null>(null);

const viewportWidth = (): number => (typeof window === 'undefined' ? 1280 : window.innerWidth);

export const createCompareViewModel = (container: Container): CompareViewModel => {
  const store = container.get<CompareStore>(TYPES.CompareStore);
  const clock = container.get<Clock>(TYPES.Clock);
  return new CompareViewModel(
    {
      load: new LoadCompare(store, clock),
      add: new AddToCompare(store, clock),
      remove: new RemoveFromCompare(store, clock),
      clear: new ClearCompare(store),
    },
    container.get<ProductCatalog>(TYPES.ProductCatalog),
    viewportWidth(),
  );
};

/** One compare view model for the whole app; loads the persisted slice once. */
export const CompareProvider = ({ children }: { children: ReactNode }) => {
  const container = useContainer();
  const [compare] = useState(() => createCompareViewModel(container));
  useEffect(() => {
    void compare.load();
    const onResize = () => compare.setViewportWidth(window.innerWidth);
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
