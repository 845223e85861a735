/**
 * Links an operator configures (spec §3 Stored configuration): the legal page links (footer and
 * checkout) and the menu fragments for a signed-in user and for a guest (the account menu and the
 * phone drawer). Only a path on this site or an http(s) address is used; an entry without a label
 * or with any other link is left out, so a typo in the configuration never draws a broken or
 * unsafe link. A signed-in shopper always keeps a way to their account: when the configured user
 * fragment has no usable link, the pinned account links are used.
 */
import { routes } from './routes';
import type { ConfiguredLink, StorefrontConfiguration } from './configuration';
import { isSameOriginPath } from '../validation/safe-redirect';
import { isSafeLink } from '../validation/safe-link';

/** The pinned account menu (ARCHITECTURE.md accessibility conventions). */
export const DEFAULT_USER_MENU: readonly ConfiguredLink[] = [
  { label: 'Orders', href: routes.orderHistory },
  { label: 'Favorites', href: routes.favorites },
  { label: 'My products', href: routes.myProducts },
  { label: 'My services', href: routes.myServices },
  { label: 'Settings', href: routes.accountSettings },
];

/** A path on this site (the router's link) rather than another site's address. */
export const isInternalLink = (href: string): boolean => isSameOriginPath(href.trim());

const isExternalWebLink = (href: string): boolean =>
  /^https?:\/\/[^/\\\s]+/i.test(href.trim()) && isSafeLink(href.trim());

/** The entries worth drawing: labelled, and a site path or an http(s) address; trimmed. */
export const usableLinks = (links: readonly ConfiguredLink[] = []): readonly ConfiguredLink[] =>
  links
    .map((l) => ({ label: l.label.trim(), href: l.href.trim() }))
    .filter((l) => l.label !== '' && (isInternalLink(l.href) || isExternalWebLink(l.href)));

type LinkConfiguration = Pick<StorefrontConfiguration, 'legalPageLinks' | 'menuFragments'>;

/** The account links for the shopper's sign-in state (spec §3 menu fragments for user and guest). */
export const menuLinksFor = (
  configuration: Partial<LinkConfiguration>,
  signedIn: boolean,
): readonly ConfiguredLink[] => {
  const fragments = configuration.menuFragments;
  if (!signedIn) return usableLinks(fragments?.guest);
  const user = usableLinks(fragments?.user);
  return user.length > 0 ? user : DEFAULT_USER_MENU;
};

/** The configured legal page links (spec §3 legalPageLinks), for the footer and checkout. */
export const legalLinksOf = (
  configuration: Partial<LinkConfiguration>,
): readonly ConfiguredLink[] => usableLinks(configuration.legalPageLinks);
