/**
 * What only the browser draws (a lazily loaded part of the shell): nothing while the server
 * renders and while the browser hydrates, so the server's HTML and the first render agree; then
 * its children, loaded without holding anything up.
 */
import { Suspense, startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Whether this page's first render is behind it: false while the server renders and while the
 * browser hydrates, true from then on (ui/main.tsx says so at once when the browser draws the
 * first view itself). A module flag, so that a part mounted later renders at once.
 */
let firstRenderDone = false;

/** The first render is done (the browser drew the first view itself, or hydration finished). */
export const markFirstRenderDone = (): void => {
  firstRenderDone = true;
};

/**
 * A value only the browser knows (the viewport's width): `serverValue` while the server renders
 * and while the browser hydrates, then `read()`, moved to in a transition and again on every
 * `subscribe` notice. The move is a transition so that React renders it in slices that yield to
 * the browser: an external store's change (useSyncExternalStore) right after hydration is one
 * synchronous render of everything that asked, a long task on a phone (issue 15).
 */
export const useBrowserValue = <T,>(
  subscribe: (changed: () => void) => () => void,
  read: () => T,
  serverValue: T,
): T => {
  const [value, setValue] = useState<T>(() => (firstRenderDone ? read() : serverValue));
  useEffect(() => {
    markFirstRenderDone();
    const now = read();
    if (!Object.is(now, value)) startTransition(() => setValue(now));
    return subscribe(() => setValue(read()));
    // Subscribed once: `value` is read only for the first check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [subscribe, read]);
  return value;
};

const subscribeToNothing = () => () => undefined;
const always = () => true;

/**
 * False while the server renders and while the browser hydrates, true after: a browser value
 * that never changes again. The move to true is a transition (useBrowserValue).
 */
export const useHydrated = (): boolean => useBrowserValue(subscribeToNothing, always, false);

/** Its children once hydrated (only this re-renders then), loaded without holding anything up. */
export const AfterHydration = ({ children }: { children: ReactNode }) =>
  useHydrated() ? <Suspense fallback={null}>{children}</Suspense> : null;
