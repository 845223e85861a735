/** The phone drawer's dialog (./category-nav.tsx loads it the first time the drawer opens). */
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { Link } from 'react-router';
import { NAVIGATION, groupLinks, type NavigationGroup } from '../../core/catalog/navigation';
import { menuLinksFor } from '../../core/content/configured-links';
import { DEFAULT_CONFIGURATION } from '../../core/content/default-configuration';
import { useOptionalAuth } from '../auth/auth-context';
import { Dialog } from '../components/dialog';
import { ConfiguredAnchor } from './configured-links';
import { Chevron } from './category-nav';
import type { MenuViewModel } from './menu-view-model';

const DrawerGroup = observer(
  ({ group, vm }: { readonly group: NavigationGroup; readonly vm: MenuViewModel }) => {
    const listId = useId();
    const open = vm.isCategoryOpen(group.id);
    return (
      <li className="menu-drawer__group">
        <button
          type="button"
          className="menu-drawer__toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => vm.toggleCategory(group.id)}
        >
          {group.label}
          <Chevron />
        </button>
        <ul id={listId} className="menu-drawer__links" hidden={!open}>
          {groupLinks(group).map((link, i) => (
            <li key={link.path}>
              <Link
                to={link.path}
                className={`menu-drawer__link${i === 0 && group.landing !== null ? ' menu-drawer__link--all' : ''}`}
                onClick={() => vm.closeDrawer()}
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </li>
    );
  },
);

/**
 * The account's links for the shopper's sign-in state: the configured menu fragment for a user or
 * for a guest (spec §3, core/content/configured-links.ts); nothing when a guest has none.
 */
const AccountLinks = observer(({ vm }: { readonly vm: MenuViewModel }) => {
  const auth = useOptionalAuth();
  const links = menuLinksFor(auth?.configuration ?? DEFAULT_CONFIGURATION, auth?.isAuth ?? false);
  if (links.length === 0) return null;
  return (
    <nav aria-label="Your account">
      <ul className="menu-drawer__account">
        {links.map((link) => (
          <li key={`${link.href} ${link.label}`}>
            <ConfiguredAnchor
              link={link}
              className="menu-drawer__link"
              onClick={() => vm.closeDrawer()}
            />
          </li>
        ))}
      </ul>
    </nav>
  );
});

/** A modal dialog named "Menu" (the shared Dialog) with one group a category. */
export const MenuDrawerDialog = observer(({ vm }: { readonly vm: MenuViewModel }) => (
  <Dialog title="Menu" block="menu-drawer" closeLabel="Close menu" onClose={() => vm.closeDrawer()}>
    <nav aria-label="Shop by category">
      <ul className="menu-drawer__groups">
        {NAVIGATION.map((group) => (
          <DrawerGroup key={group.id} group={group} vm={vm} />
        ))}
      </ul>
    </nav>
    <AccountLinks vm={vm} />
  </Dialog>
));
