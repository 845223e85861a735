/** Keeps keyboard focus inside a modal dialog: Tab from the last control wraps to the first. */
import type { KeyboardEvent } from 'react';

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
