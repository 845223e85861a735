/**
 * The header's category navigation (DESIGN.md: a mega menu on desktop, a drawer on phones). Both
 * render; navigation.css shows one per width. On desktop each category keeps its link to the
 * landing page and gets a disclosure button (aria-expanded + aria-controls, not role=menu) for its
 * panel: Enter/Space toggles, ArrowDown opens and moves into it, Escape closes and gives focus back,
 * focus or a click leaving it closes it. Below 1025 px a "Menu" button opens the shared Dialog
 * with the categories as expandable groups.
 */
import { observer } from 'mobx-react-lite';
import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import {
  NAVIGATION,
  groupLinks,
  groupOfPath,
  type NavigationGroup,
} from '../../core/catalog/navigation';
import type { MenuViewModel } from './menu-view-model';
import './navigation.css';

/** DESIGN.md's row-column breakpoint: the mega menu from here up, the drawer below. */
export const DESKTOP_MENU_QUERY = '(min-width: 1025px)';

/** Closes the menu whenever the page (path, query or hash) changes, however it changed. */
export const useCloseMenuOnRouteChange = (vm: MenuViewModel): void => {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    vm.routeChanged(`${pathname}${search}${hash}`);
  }, [vm, pathname, search, hash]);
};

export const Chevron = () => (
  <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" className="chevron">
    <path d="m4 6 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
  </svg>
);

const panelLinks = (panel: HTMLElement | null): HTMLElement[] =>
  panel === null ? [] : [...panel.querySelectorAll<HTMLElement>('a[href]')];

/** ArrowDown/ArrowUp step through the panel's links, wrapping at either end. */
const stepFocus = (panel: HTMLElement | null, step: 1 | -1): void => {
  const links = panelLinks(panel);
  if (links.length === 0) return;
  const at = links.indexOf(document.activeElement as HTMLElement);
  const next = at < 0 ? 0 : (at + step + links.length) % links.length;
  links[next]?.focus();
};

interface ItemProps {
  readonly group: NavigationGroup;
  readonly vm: MenuViewModel;
  readonly current: boolean;
}

const MegaMenuItem = observer(({ group, vm, current }: ItemProps) => {
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const focusFirstOnOpen = useRef(false);
  const open = vm.isCategoryOpen(group.id);

  // The panel is hidden until the render after opening, so focus moves in once it is shown.
  useEffect(() => {
    if (!open || !focusFirstOnOpen.current) return;
    focusFirstOnOpen.current = false;
    panelLinks(panel.current)[0]?.focus();
  }, [open]);

  const openAndEnter = () => {
    if (open) {
      panelLinks(panel.current)[0]?.focus();
      return;
    }
    focusFirstOnOpen.current = true;
    vm.openCategory(group.id);
  };

  const onOpenerKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    openAndEnter();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      vm.closeCategory();
      toggle.current?.focus();
      return;
    }
    if (!open || !panel.current?.contains(event.target as Node)) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      stepFocus(panel.current, event.key === 'ArrowDown' ? 1 : -1);
    }
  };

  // Focus moving to another control outside the item closes it; a click on nothing focusable
  // (relatedTarget null) is left to the click-outside rule in CategoryNav.
  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    const next = event.relatedTarget;
    if (open && next !== null && !event.currentTarget.contains(next)) vm.closeCategory();
  };

  const className = `main-nav__item${current ? ' main-nav__item--current' : ''}${
    open ? ' main-nav__item--open' : ''
  }`;

  return (
    <li className={className} onKeyDown={onKeyDown} onBlur={onBlur}>
      {group.landing !== null && (
        <NavLink to={group.landing.path} className="main-nav__link" onKeyDown={onOpenerKeyDown}>
          {group.label}
        </NavLink>
      )}
      <button
        ref={toggle}
        type="button"
        className={`main-nav__toggle${group.landing === null ? ' main-nav__toggle--label' : ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={group.landing === null ? undefined : `${group.label} categories`}
        onClick={() => vm.toggleCategory(group.id)}
        onKeyDown={onOpenerKeyDown}
      >
        {group.landing === null && group.label}
        <Chevron />
      </button>
      <div ref={panel} id={panelId} className="mega-panel" hidden={!open}>
        <p className="mega-panel__title">{group.label}</p>
        <ul className="mega-panel__links">
          {groupLinks(group).map((link, i) => (
            <li key={link.path}>
              <Link
                to={link.path}
                className={`mega-panel__link${i === 0 && group.landing !== null ? ' mega-panel__link--all' : ''}`}
                onClick={() => vm.closeCategory()}
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
});

/** The desktop row: one item per top-level category, each with its mega menu panel. */
export const CategoryNav = observer(({ vm }: { readonly vm: MenuViewModel }) => {
  const { pathname } = useLocation();
  const nav = useRef<HTMLElement>(null);
  const anyOpen = vm.mainCategoryActive !== null && !vm.isOpen;
  const current = groupOfPath(pathname)?.id;

  useEffect(() => {
    if (!anyOpen) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!nav.current?.contains(event.target as Node)) vm.closeCategory();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [anyOpen, vm]);

  return (
    <nav ref={nav} className="main-nav" aria-label="Shop by category">
      <ul className="main-nav__list">
        {NAVIGATION.map((group) => (
          <MegaMenuItem key={group.id} group={group} vm={vm} current={group.id === current} />
        ))}
      </ul>
    </nav>
  );
});

const MenuIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
    <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

/** Shown below the desktop breakpoint, in the header bar; opens the drawer. */
export const MenuButton = observer(({ vm }: { readonly vm: MenuViewModel }) => (
  <button
    type="button"
    className="menu-button"
    aria-haspopup="dialog"
    aria-expanded={vm.isOpen}
    onClick={() => vm.openDrawer()}
  >
    <MenuIcon />
    <span>Menu</span>
  </button>
));

/**
 * The drawer's dialog loads the first time it opens (phones only, on demand): the shared Dialog
 * frame and the drawer's markup stay out of the JavaScript every page loads (bench/bundle.ts).
 */
const MenuDrawerDialog = lazy(async () => ({
  default: (await import('./menu-drawer-dialog')).MenuDrawerDialog,
}));

/** The phone drawer: a modal dialog named "Menu" (the shared Dialog) with one group a category. */
export const MenuDrawer = observer(({ vm }: { readonly vm: MenuViewModel }) => {
  const isOpen = vm.isOpen;

  // Widened past the breakpoint while open: the Menu button is gone, so the drawer goes too.
  useEffect(() => {
    if (!isOpen || typeof window.matchMedia !== 'function') return undefined;
    const desktop = window.matchMedia(DESKTOP_MENU_QUERY);
    const onChange = () => {
      if (desktop.matches) vm.closeDrawer();
    };
    onChange();
    desktop.addEventListener('change', onChange);
    return () => desktop.removeEventListener('change', onChange);
  }, [isOpen, vm]);

  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <MenuDrawerDialog vm={vm} />
    </Suspense>
  );
});
