/**
 * The WAI-ARIA tabs pattern with automatic activation, written once for every tab strip in the
 * shop (checkout's payment methods, order history, content pages, the product page): one tab stop
 * (roving tabindex), ArrowLeft/ArrowRight move to the previous/next tab and wrap, Home/End go to
 * the first/last, and moving also selects. Each tab controls its panel and each panel is labelled
 * by its tab. The hook owns ids and focus only; which tab is selected stays with the caller (a view
 * model, the URL, local state).
 */
import { useId, useRef, type KeyboardEvent } from 'react';

/**
 * The index a key press moves to among `count` tabs from `index`, or null when the key is not
 * one the tab list handles (or there are no tabs). An index outside the list counts as the first.
 */
export const nextTabIndex = (key: string, index: number, count: number): number | null => {
  if (count <= 0) return null;
  const from = Number.isInteger(index) && index >= 0 && index < count ? index : 0;
  switch (key) {
    case 'ArrowRight':
      return (from + 1) % count;
    case 'ArrowLeft':
      return (from - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
};

export interface TabsOptions<K extends string> {
  /** The tabs, in order. */
  readonly keys: readonly K[];
  /** The selected tab (the first when it is not one of `keys`). */
  readonly selected: K | undefined;
  readonly onSelect: (key: K) => void;
  /** A tab's element id; by default one generated per tab list and the tab's position. */
  readonly tabId?: (key: K, index: number) => string;
  /** The id of the panel a tab controls; one panel for all tabs when it ignores the key. */
  readonly panelId?: (key: K, index: number) => string;
}

export interface TabProps {
  readonly id: string;
  readonly role: 'tab';
  readonly type: 'button';
  readonly 'aria-selected': boolean;
  readonly 'aria-controls': string;
  readonly tabIndex: 0 | -1;
  readonly onClick: () => void;
  readonly ref: (element: HTMLButtonElement | null) => void;
}

export interface TabListProps {
  readonly role: 'tablist';
  readonly onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

export interface TabPanelProps {
  readonly id: string;
  readonly role: 'tabpanel';
  readonly 'aria-labelledby': string;
}

export interface Tabs<K extends string> {
  /** The selected tab: `selected` when it is one of the keys, else the first. */
  readonly active: K | undefined;
  readonly tabListProps: TabListProps;
  readonly tabProps: (key: K) => TabProps;
  readonly panelProps: (key: K) => TabPanelProps;
}

/** Props for a tab list, its tabs and their panels; spread them onto the elements. */
export const useTabs = <K extends string>({
  keys,
  selected,
  onSelect,
  tabId,
  panelId,
}: TabsOptions<K>): Tabs<K> => {
  const base = useId();
  const elements = useRef(new Map<K, HTMLButtonElement>());
  const active = selected !== undefined && keys.includes(selected) ? selected : keys[0];
  const indexOf = (key: K): number => keys.indexOf(key);
  const idOfTab = (key: K): string => tabId?.(key, indexOf(key)) ?? `${base}-tab-${indexOf(key)}`;
  const idOfPanel = (key: K): string =>
    panelId?.(key, indexOf(key)) ?? `${base}-panel-${indexOf(key)}`;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Move from the tab that has focus; from the selected one when focus is elsewhere in the list.
    const focused = keys.find((k) => elements.current.get(k) === event.target);
    const current = focused ?? active;
    const from = current === undefined ? 0 : indexOf(current);
    const to = nextTabIndex(event.key, from, keys.length);
    const key = to === null ? undefined : keys[to];
    if (key === undefined) return;
    event.preventDefault();
    onSelect(key);
    elements.current.get(key)?.focus();
  };

  return {
    active,
    tabListProps: { role: 'tablist', onKeyDown },
    tabProps: (key) => ({
      id: idOfTab(key),
      role: 'tab',
      type: 'button',
      'aria-selected': key === active,
      'aria-controls': idOfPanel(key),
      tabIndex: key === active ? 0 : -1,
      onClick: () => onSelect(key),
      ref: (element) => {
        if (element === null) elements.current.delete(key);
        else elements.current.set(key, element);
      },
    }),
    panelProps: (key) => ({
      id: idOfPanel(key),
      role: 'tabpanel',
      'aria-labelledby': idOfTab(key),
    }),
  };
};
