/**
 * What a modal dialog needs to keep the keyboard and assistive technology inside it: Tab from the
 * last control wraps to the first, and the rest of the page is inert while it is open.
 */
import { useEffect, type KeyboardEvent, type RefObject } from 'react';

/** What can take focus with Tab. */
export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Call from the dialog's onKeyDown: on Tab (or Shift+Tab) at either end of the dialog's focusable
 * controls, focus wraps to the other end. Shift+Tab from the dialog itself goes to the last one.
 */
export const trapTab = (event: KeyboardEvent<HTMLElement>, dialog: HTMLElement | null): void => {
  if (event.key !== 'Tab' || dialog === null) return;
  const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items.at(-1);
  if (first === undefined || last === undefined) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
};

/**
 * Makes every other child of <body> inert (and hidden from assistive technology) while `open`;
 * undoes exactly what it changed on close. `host` is the dialog's own portal element.
 */
export const useInertBackground = (open: boolean, host: RefObject<HTMLElement | null>): void => {
  useEffect(() => {
    if (!open) return undefined;
    const changed: HTMLElement[] = [];
    for (const child of Array.from(document.body.children)) {
      if (!(child instanceof HTMLElement) || child === host.current) continue;
      if (child.hasAttribute('inert') || child.getAttribute('aria-hidden') === 'true') continue;
      child.setAttribute('inert', '');
      child.setAttribute('aria-hidden', 'true');
      changed.push(child);
    }
    return () => {
      for (const child of changed) {
        child.removeAttribute('inert');
        child.removeAttribute('aria-hidden');
      }
    };
  }, [open, host]);
};
