/**
 * The few adapter pieces the browser entry and the app shell need besides the container itself,
 * handed out by the composition root so ui/ imports adapters only from adapters/di/ (rule
 * ui-imports-adapters-only-through-di in .dependency-cruiser.cjs).
 */
import { ACTIVE_CART_STORAGE_KEY } from '../storage/local-storage-active-cart-store';
import { MemoryStorage } from '../storage/memory-storage';

/**
 * The local-storage key of the active cart pointer: a `storage` event with this key means another
 * tab changed the shopper's cart.
 */
export { ACTIVE_CART_STORAGE_KEY };

/**
 * The browser's storage when it works, else one in memory (private mode, storage disabled or
 * full): the container always gets a Storage that answers.
 */
export const browserStorage = (which: () => Storage): Storage => {
  try {
    const storage = which();
    const probe = '__lavabo__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return new MemoryStorage();
  }
};
