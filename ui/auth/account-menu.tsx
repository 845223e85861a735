/**
 * A signed-in shopper's account menu in the header: a button with their first name that shows and
 * hides the account's pages (the pinned "Orders", "Favorites", "My products", "My services",
 * "Settings") and "Sign out". A disclosure, not an ARIA menu: the links stay links, Tab walks
 * through them, and Arrow keys move between them too. Escape closes it and gives focus back to the
 * button; a click elsewhere, focus moving out of it or a new page closes it.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useLocation } from 'react-router';
import type { ConfiguredLink } from '../../core/content/configuration';
import { DEFAULT_USER_MENU } from '../../core/content/configured-links';
import { ConfiguredAnchor } from '../shell/configured-links';

/** The pinned links, when the configuration's user menu fragment has none (core/content). */
export const ACCOUNT_MENU_LINKS = DEFAULT_USER_MENU;

/** The button's accessible name starts with this; the first name follows, as it is shown. */
export const ACCOUNT_MENU_NAME = 'Account menu, signed in as';

export interface AccountMenuProps {
  readonly firstName: string;
  readonly signingOut: boolean;
  readonly onSignOut: () => void;
  /** More items before "Sign out" (the author preview's, ui/shell/preview-menu-item.tsx). */
  readonly children?: ReactNode;
  /** The configured user menu fragment (spec §3; core/content/configured-links.ts menuLinksFor). */
  readonly links?: readonly ConfiguredLink[];
}

const Chevron = () => (
  <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" className="chevron">
    <path d="m4 6 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
  </svg>
);

export const AccountMenu = ({
  firstName,
  signingOut,
  onSignOut,
  links = ACCOUNT_MENU_LINKS,
  children,
}: AccountMenuProps) => {
  const location = useLocation();
  // Open on the page it was opened on: any navigation (a link here, Back, a search) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = (returnFocus: boolean) => {
    setOpenOn(null);
    if (returnFocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !root.current?.contains(event.target)) setOpenOn(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const items = (): HTMLElement[] => [
    ...(root.current?.querySelectorAll<HTMLElement>('.account-menu__item') ?? []),
  ];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const list = items();
    if (list.length === 0) return;
    event.preventDefault();
    // A hidden panel's items cannot take focus: show it first.
    if (!open) flushSync(() => setOpenOn(location.key));
    const at = list.indexOf(document.activeElement as HTMLElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    const next = at === -1 ? (step === 1 ? 0 : list.length - 1) : at + step;
    list[(next + list.length) % list.length]?.focus();
  };

  return (
    <div
      ref={root}
      className="account-menu"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        const to = event.relatedTarget;
        if (open && to instanceof Node && !event.currentTarget.contains(to)) setOpenOn(null);
      }}
    >
      <button
        ref={button}
        type="button"
        className="utility-nav__link account-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenOn(open ? null : location.key)}
        // Says what the button is; the name it shows is part of it (WCAG 2.5.3 label in name).
        aria-label={`${ACCOUNT_MENU_NAME} ${firstName}`}
      >
        <span className="auth-nav__first-name">{firstName}</span>
        <Chevron />
      </button>
      <div id={panelId} className="account-menu__panel" hidden={!open}>
        <ul className="account-menu__list">
          {links.map((link) => (
            <li key={`${link.href} ${link.label}`}>
              <ConfiguredAnchor
                link={link}
                className="account-menu__item"
                onClick={() => close(false)}
              />
            </li>
          ))}
          {children !== undefined && <li>{children}</li>}
          <li className="account-menu__sign-out">
            <button
              type="button"
              className="account-menu__item"
              disabled={signingOut}
              onClick={() => {
                close(false);
                onSignOut();
              }}
            >
              Sign out
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
};
