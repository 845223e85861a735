/**
 * What only the browser draws (a lazily loaded part of the shell): nothing while the server
 * renders and while the browser hydrates, so the server's HTML and the first render agree; then
 * its children, loaded without holding anything up.
 */
import { Suspense, useSyncExternalStore, type ReactNode } from 'react';

const subscribeToNothing = () => () => undefined;

/** False while the server renders and while the browser hydrates, true after. */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );

/** Its children once hydrated (only this re-renders then), loaded without holding anything up. */
export const AfterHydration = ({ children }: { children: ReactNode }) =>
  useHydrated() ? <Suspense fallback={null}>{children}</Suspense> : null;
