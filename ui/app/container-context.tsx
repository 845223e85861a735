import type { Container } from 'inversify';
import { createContext, useContext, useState, type ReactNode } from 'react';

const ContainerContext = createContext<Container | null>(null);

export const ContainerProvider = ({
  container,
  children,
}: {
  container: Container;
  children: ReactNode;
}) => <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;

export const useContainer = (): Container => {
  const container = useContext(ContainerContext);
  if (container === null) throw new Error('useContainer must be used inside <ContainerProvider>');
  return container;
};

/** A view model made once per screen from the container (STYLE.md). */
export const useViewModel = <T,>(create: (container: Container) => T): T => {
  const container = useContainer();
  const [viewModel] = useState(() => create(container));
  return viewModel;
};
