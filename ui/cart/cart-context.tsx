import type { Container } from 'inversify';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { CartUseCases } from '../../core/cart/cart-use-cases';
import { ACTIVE_CART_STORAGE_KEY } from '../../adapters/di/browser';
import { TYPES } from '../../adapters/di/types';
import { useContainer } from '../app/container-context';
import { toasterOf } from '../shell/toaster';
import { CartViewModel, type ActiveCartEvents } from './cart-view-model';

const CartContext = createContext<CartViewModel | null>(null);

/**
 * The width the first render assumes: a server render cannot know the real one, and the browser's
 * first render must draw what the server drew (docs/rendering.md). The provider moves to the real
 * width as soon as it is mounted.
 */
const FIRST_RENDER_WIDTH = 1280;

const isEvents = (value: unknown): value is ActiveCartEvents =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { subscribe?: unknown }).subscribe === 'function';

export const createCartViewModel = (container: Container): CartViewModel => {
  const useCases = container.get<CartUseCases>(TYPES.CartUseCases);
  return new CartViewModel(
    useCases,
    isEvents(useCases.store) ? useCases.store : null,
    FIRST_RENDER_WIDTH,
    undefined,
    toasterOf(container),
  );
};

/** One cart view model for the whole app; reads the active cart once, and again from other tabs. */
export const CartProvider = ({ children }: { children: ReactNode }) => {
  const container = useContainer();
  const [cart] = useState(() => createCartViewModel(container));
  useEffect(() => {
    const disconnect = cart.connect();
    void cart.load();
    const onResize = () => cart.setViewportWidth(window.innerWidth);
    onResize();
    const onStorage = (event: StorageEvent) => {
      if (event.key === ACTIVE_CART_STORAGE_KEY) void cart.load();
    };
    window.addEventListener('resize', onResize);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('resize', onResize);
      window.removeEventListener('storage', onStorage);
      disconnect();
    };
  }, [cart]);
  return <CartContext.Provider value={cart}>{children}</CartContext.Provider>;
};

export const useCart = (): CartViewModel => {
  const cart = useContext(CartContext);
  if (cart === null) throw new Error('useCart must be used inside <CartProvider>');
  return cart;
};

/** The cart when the app provides one; null in screens rendered without it (some tests). */
export const useOptionalCart = (): CartViewModel | null => useContext(CartContext);
