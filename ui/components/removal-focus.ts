/**
 * Where focus goes when an item leaves a list the shopper is working in (a cart line, a promo
 * code, a favorite, a compared product). The control that removed it goes with it and focus falls
 * to <body>, which drops a keyboard or screen-reader user back at the top of the page. Instead,
 * focus moves to the same control on the next item, on the previous one when the last item went,
 * or to the list's heading when none is left. Focus is moved only when it was inside what left, so
 * a removal made elsewhere (another tab, a heart on another tile) never takes it.
 */
import { useLayoutEffect, useState, type RefCallback } from 'react';

/**
 * The item that takes focus after `removed` left the list: the first one after it in the old order
 * that is still there, else the nearest one before it; null when none is left (or `removed` was
 * not in the list).
 */
export const focusAfterRemoval = (
  before: readonly string[],
  after: readonly string[],
  removed: string,
): string | null => {
  const at = before.indexOf(removed);
  if (at < 0) return null;
  const stays = (key: string) => key !== removed && after.includes(key);
  return before.slice(at + 1).find(stays) ?? before.slice(0, at).filter(stays).at(-1) ?? null;
};

/** Focus is nowhere in particular: on <body>, or on nothing at all. */
const focusIsLost = (): boolean =>
  document.activeElement === null || document.activeElement === document.body;

/** The page's own heading, made focusable by script: the last place to go when nothing else is. */
const pageHeading = (): HTMLElement | null => {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (heading !== null && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading;
};

/** What a list hands to the elements it renders; every callback is stable for its key. */
export interface RemovalFocus {
  /** On an item's outermost element: focus inside it when it leaves is what gets moved. */
  item(key: string): RefCallback<HTMLElement>;
  /** On the control that stands for an item (its Remove button): where focus moves to. */
  control(key: string): RefCallback<HTMLElement>;
  /**
   * On a control that removes every item at once ("Empty cart", "Clear all"): when it leaves with
   * focus inside, focus goes to the fallback.
   */
  readonly bulk: RefCallback<HTMLElement>;
  /**
   * On where focus goes when no item is left (the list's heading, with tabIndex -1). Without one
   * that is on the page, the page's h1.
   */
  readonly fallback: RefCallback<HTMLElement>;
}

class RemovalFocusTracker implements RemovalFocus {
  private keys: readonly string[] = [];
  private readonly items = new Map<string, RefCallback<HTMLElement>>();
  private readonly controlRefs = new Map<string, RefCallback<HTMLElement>>();
  private readonly controls = new Map<string, HTMLElement>();
  private fallbackElement: HTMLElement | null = null;
  /** What left last with focus inside: an item's key, or '' for a bulk control. */
  private left: string | null = null;
  /**
   * Where focus was last, if it has not gone anywhere since: a control disabled while its removal
   * is on its way drops focus to <body> before its item leaves (the browser's focus fixup).
   */
  private lastFocused: string | null = null;

  /** React detaches refs before it takes the element out, so focus can still be seen inside. */
  private watch(key: string): RefCallback<HTMLElement> {
    return (element) => {
      if (element === null) return undefined;
      const focusIn = () => {
        this.lastFocused = key;
      };
      const focusOut = (event: FocusEvent) => {
        const to = event.relatedTarget;
        if (to instanceof Node && !element.contains(to) && this.lastFocused === key) {
          this.lastFocused = null;
        }
      };
      element.addEventListener('focusin', focusIn);
      element.addEventListener('focusout', focusOut);
      return () => {
        element.removeEventListener('focusin', focusIn);
        element.removeEventListener('focusout', focusOut);
        const hadFocus =
          element.contains(document.activeElement) || (this.lastFocused === key && focusIsLost());
        if (hadFocus) this.left = key;
        if (this.lastFocused === key) this.lastFocused = null;
      };
    };
  }

  item(key: string): RefCallback<HTMLElement> {
    let ref = this.items.get(key);
    if (ref === undefined) {
      ref = this.watch(key);
      this.items.set(key, ref);
    }
    return ref;
  }

  control(key: string): RefCallback<HTMLElement> {
    let ref = this.controlRefs.get(key);
    if (ref === undefined) {
      ref = (element) => {
        if (element === null) return undefined;
        this.controls.set(key, element);
        return () => {
          if (this.controls.get(key) === element) this.controls.delete(key);
        };
      };
      this.controlRefs.set(key, ref);
    }
    return ref;
  }

  readonly bulk: RefCallback<HTMLElement> = this.watch('');

  readonly fallback: RefCallback<HTMLElement> = (element) => {
    if (element === null) return undefined;
    this.fallbackElement = element;
    return () => {
      if (this.fallbackElement === element) this.fallbackElement = null;
    };
  };

  /** After each commit: the list is now `keys`; moves focus if it was lost with what left. */
  settle(keys: readonly string[]): void {
    const before = this.keys;
    const left = this.left;
    this.keys = keys;
    this.left = null;
    for (const key of [...this.items.keys()]) if (!keys.includes(key)) this.items.delete(key);
    for (const key of [...this.controlRefs.keys()])
      if (!keys.includes(key)) this.controlRefs.delete(key);
    if (left === null || keys.includes(left) || !focusIsLost()) return;
    const next = focusAfterRemoval(before, keys, left);
    const control = next === null ? undefined : this.controls.get(next);
    const fallback = this.fallbackElement?.isConnected === true ? this.fallbackElement : null;
    (control ?? fallback ?? pageHeading())?.focus();
  }
}

/**
 * For the component that renders a list of `keys` (in the order shown): refs to put on its items,
 * their controls and its heading, so that focus lands somewhere sensible after a removal.
 */
export const useRemovalFocus = (keys: readonly string[]): RemovalFocus => {
  const [tracker] = useState(() => new RemovalFocusTracker());
  // After every commit: the removed item's element is gone by now and focus has fallen.
  useLayoutEffect(() => {
    tracker.settle(keys);
  });
  return tracker;
};
