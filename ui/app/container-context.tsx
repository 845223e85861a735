import type { Container } from 'inversify';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { PreparedViewModels } from './prepared';

/** The performance mark set once the app's first render is on screen and interactive. */
export const FIRST_RENDER_MARK = 'lavabo:first-render';

const ContainerContext = createContext<Container | null>(null);
const PreparedContext = createContext<PreparedViewModels | null>(null);

export const ContainerProvider = ({
  container,
  prepared,
  children,
}: {
  container: Container;
  /** View models a server-rendered page was drawn with (./prepared.ts), loaded before hydration. */
  prepared?: PreparedViewModels;
  children: ReactNode;
}) => {
  // Effects run children first: by now every screen of the first render has taken its view
  // model, and a later screen makes its own.
  useEffect(() => {
    prepared?.clear();
    // The first render is on screen and answers input (hydrated, for a server-rendered page): a
    // mark for performance tools, and for tests that must not touch the page before it.
    if (typeof performance.mark === 'function') performance.mark(FIRST_RENDER_MARK);
  }, [prepared]);
  return (
    <ContainerContext.Provider value={container}>
      <PreparedContext.Provider value={prepared ?? null}>{children}</PreparedContext.Provider>
    </ContainerContext.Provider>
  );
};

/**
 * Whether this app started from a server-rendered page (docs/rendering.md): its first render must
 * draw what the server drew, so personal state (the session, a remembered choice) is applied only
 * after it. Read it when a view model is made.
 */
export const useServerRenderedStart = (): boolean => useContext(PreparedContext) !== null;

export const useContainer = (): Container => {
  const container = useContext(ContainerContext);
  if (container === null) throw new Error('useContainer must be used inside <ContainerProvider>');
  return container;
};

/**
 * A view model made once per screen from the container (STYLE.md). With a `key`, the one prepared
 * under it for a server-rendered first view is used instead, so the first render shows what the
 * server drew.
 */
export const useViewModel = <T,>(create: (container: Container) => T, key?: string): T => {
  const container = useContainer();
  const prepared = useContext(PreparedContext);
  const [viewModel] = useState(
    () => (key === undefined ? undefined : prepared?.get<T>(key)) ?? create(container),
  );
  return viewModel;
};
