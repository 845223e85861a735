/**
 * The header's category navigation: each desktop category is a landing link plus a disclosure
 * button (aria-expanded, aria-controls) opened by click or keyboard, closed by Escape (focus back),
 * by focus or a click leaving it and by a route change; below the breakpoint a "Menu" button opens
 * a dialog named "Menu" whose groups expand and whose links close it.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { Link, createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { NAVIGATION, groupLinks } from '../../../core/catalog/navigation';
import {
  CategoryNav,
  MenuButton,
  MenuDrawer,
  useCloseMenuOnRouteChange,
} from '../../../ui/shell/category-nav';
import { MenuViewModel } from '../../../ui/shell/menu-view-model';

afterEach(cleanup);

/** The header's menu parts as Header wires them, plus a link elsewhere and the current location. */
const Harness = () => {
  const [vm] = useState(() => new MenuViewModel());
  useCloseMenuOnRouteChange(vm);
  const location = useLocation();
  return (
    <>
      <MenuButton vm={vm} />
      <CategoryNav vm={vm} />
      <MenuDrawer vm={vm} />
      <Link to="/en/cart">Cart</Link>
      <output data-testid="location">{`${location.pathname}${location.search}`}</output>
    </>
  );
};

const renderMenu = (url = '/en') => {
  const router = createMemoryRouter([{ path: '*', element: <Harness /> }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  return router;
};

const nav = () => screen.getByRole('navigation', { name: 'Shop by category' });
const toggle = (label: string) =>
  within(nav()).getByRole('button', { name: new RegExp(`^${label}`) });
const panelOf = (button: HTMLElement) => {
  const id = button.getAttribute('aria-controls') ?? '';
  const panel = document.getElementById(id);
  if (panel === null) throw new Error(`no panel #${id}`);
  return panel;
};
const isOpen = (button: HTMLElement) => button.getAttribute('aria-expanded') === 'true';
const location = () => screen.getByTestId('location').textContent ?? '';

describe('desktop mega menu', () => {
  it('keeps a link to each landing page beside a closed disclosure button', () => {
    renderMenu();
    for (const group of NAVIGATION) {
      const button = toggle(group.label);
      expect(isOpen(button)).toBe(false);
      expect(panelOf(button).hidden).toBe(true);
      if (group.landing !== null) {
        expect(within(nav()).getByRole('link', { name: group.label }).getAttribute('href')).toBe(
          group.landing.path,
        );
      }
    }
    expect(within(nav()).queryByRole('menu')).toBeNull();
  });

  it('opens and closes a panel by click, one panel at a time, listing the group’s links', () => {
    renderMenu();
    const bathroom = toggle('Bathroom');
    fireEvent.click(bathroom);
    expect(isOpen(bathroom)).toBe(true);
    const panel = panelOf(bathroom);
    expect(panel.hidden).toBe(false);
    const group = NAVIGATION[0];
    if (group === undefined) throw new Error('no groups');
    expect(
      within(panel)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual(groupLinks(group).map((l) => [l.label, l.path]));
    expect(within(panel).getAllByRole('link')[0]?.textContent).toBe('All bathroom');

    fireEvent.click(toggle('Kitchen'));
    expect(isOpen(bathroom)).toBe(false);
    expect(isOpen(toggle('Kitchen'))).toBe(true);
    fireEvent.click(toggle('Kitchen'));
    expect(isOpen(toggle('Kitchen'))).toBe(false);
  });

  it('ArrowDown on the landing link or the button opens the panel and focuses its first link', () => {
    renderMenu();
    const bathroomLink = within(nav()).getByRole('link', { name: 'Bathroom' });
    bathroomLink.focus();
    fireEvent.keyDown(bathroomLink, { key: 'ArrowDown' });
    const button = toggle('Bathroom');
    expect(isOpen(button)).toBe(true);
    const links = within(panelOf(button)).getAllByRole('link');
    expect(document.activeElement).toBe(links[0]);
    fireEvent.keyDown(links[0] as HTMLElement, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(links[1]);
    fireEvent.keyDown(links[1] as HTMLElement, { key: 'ArrowUp' });
    fireEvent.keyDown(links[0] as HTMLElement, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(links.at(-1));

    const services = toggle('Services');
    act(() => services.focus());
    fireEvent.keyDown(services, { key: 'ArrowDown' });
    expect(isOpen(services)).toBe(true);
    expect(isOpen(button)).toBe(false);
    expect(document.activeElement?.textContent).toBe('Design Services');
  });

  it('Escape inside the panel closes it and returns focus to its button', () => {
    renderMenu();
    const button = toggle('Kitchen');
    fireEvent.click(button);
    const first = within(panelOf(button)).getAllByRole('link')[1] as HTMLElement;
    first.focus();
    fireEvent.keyDown(first, { key: 'Escape' });
    expect(isOpen(button)).toBe(false);
    expect(panelOf(button).hidden).toBe(true);
    expect(document.activeElement).toBe(button);
  });

  it('closes when focus moves to another control or a click lands outside, not inside', () => {
    renderMenu();
    const button = toggle('Bathroom');
    fireEvent.click(button);
    const inside = within(panelOf(button)).getAllByRole('link')[2] as HTMLElement;
    fireEvent.blur(button, { relatedTarget: inside });
    expect(isOpen(button)).toBe(true);
    fireEvent.pointerDown(panelOf(button));
    expect(isOpen(button)).toBe(true);
    fireEvent.blur(inside, { relatedTarget: within(nav()).getByRole('link', { name: 'Kitchen' }) });
    expect(isOpen(button)).toBe(false);

    fireEvent.click(button);
    fireEvent.pointerDown(screen.getByTestId('location'));
    expect(isOpen(button)).toBe(false);
  });

  it('closes on a route change, whether by its own link or from elsewhere', () => {
    renderMenu();
    const button = toggle('Bathroom');
    fireEvent.click(button);
    fireEvent.click(within(panelOf(button)).getByRole('link', { name: 'Showers' }));
    expect(location()).toBe('/en/products/showers');
    expect(isOpen(button)).toBe(false);

    fireEvent.click(button);
    expect(isOpen(button)).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'Cart' }));
    expect(location()).toBe('/en/cart');
    expect(isOpen(button)).toBe(false);
  });

  it('marks the item the current page belongs to', () => {
    renderMenu('/en/products/kitchen-faucets');
    const kitchenItem = within(nav()).getByRole('link', { name: 'Kitchen' }).closest('li');
    const bathroomItem = within(nav()).getByRole('link', { name: 'Bathroom' }).closest('li');
    expect(kitchenItem?.classList.contains('main-nav__item--current')).toBe(true);
    expect(bathroomItem?.classList.contains('main-nav__item--current')).toBe(false);
  });
});

describe('phone drawer', () => {
  const menuButton = () => screen.getByRole('button', { name: 'Menu' });
  const drawer = () => screen.queryByRole('dialog', { name: 'Menu' });
  // The drawer's dialog loads the first time it opens (ui/shell/category-nav.tsx).
  const openedDrawer = () => screen.findByRole('dialog', { name: 'Menu' });

  it('opens from "Menu" as a modal dialog named "Menu" with every group collapsed', async () => {
    renderMenu();
    expect(drawer()).toBeNull();
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(menuButton());
    const dialog = await openedDrawer();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const groups = within(dialog).getAllByRole('button', { expanded: false });
    expect(groups.map((b) => b.textContent)).toEqual(NAVIGATION.map((g) => g.label));
    expect(document.activeElement).toBe(groups[0]);
    expect(within(dialog).queryAllByRole('link')).toEqual([]);
  });

  it('expands one group at a time, showing its links', async () => {
    renderMenu();
    fireEvent.click(menuButton());
    const dialog = await openedDrawer();
    const kitchen = within(dialog).getByRole('button', { name: 'Kitchen' });
    fireEvent.click(kitchen);
    expect(kitchen.getAttribute('aria-expanded')).toBe('true');
    const list = document.getElementById(kitchen.getAttribute('aria-controls') ?? '');
    expect(list?.hidden).toBe(false);
    expect(
      within(dialog)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['All kitchen', 'Kitchen Sinks', 'Kitchen Faucets', 'Kitchen Accessories']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Services' }));
    expect(kitchen.getAttribute('aria-expanded')).toBe('false');
    expect(
      within(dialog)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Design Services', 'Install Services']);
  });

  it('choosing a link navigates and closes the drawer', async () => {
    renderMenu();
    fireEvent.click(menuButton());
    const dialog = await openedDrawer();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bathroom' }));
    fireEvent.click(within(dialog).getByRole('link', { name: 'Mirrors & Medicine Cabinets' }));
    expect(location()).toBe('/en/products/mirrors-cabinets');
    expect(drawer()).toBeNull();
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('Escape closes it and gives focus back to the Menu button', async () => {
    renderMenu();
    menuButton().focus();
    fireEvent.click(menuButton());
    const dialog = await openedDrawer();
    act(() => {
      fireEvent.keyDown(dialog, { key: 'Escape' });
    });
    expect(drawer()).toBeNull();
    expect(document.activeElement).toBe(menuButton());
  });
});
