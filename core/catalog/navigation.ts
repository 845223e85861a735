/**
 * The header's category tree (DESIGN.md: Bathroom, Kitchen, Service Parts, Services), as data. No
 * configuration or content the storefront loads carries it, so it lives here beside the category
 * rules; every path is built from the pinned routes, so a link can only lead to a page that exists.
 * The subcategory slugs are the catalogue's own ('mirrors-cabinets', not one derived from its name).
 */
import { buildPath } from '../content/routes';

export interface NavigationLink {
  readonly label: string;
  readonly path: string;
}

export interface NavigationGroup {
  /** Stable and unique; names the group in the menu state (spec §3 menu.mainCategoryActive). */
  readonly id: string;
  readonly label: string;
  /** The group's own landing page; Services has none, only its two service pages. */
  readonly landing: NavigationLink | null;
  readonly links: readonly NavigationLink[];
}

/** The product list page of one catalogue category slug. */
export const categoryListLink = (label: string, slug: string): NavigationLink => ({
  label,
  path: buildPath('productList', { category: slug }),
});

export const NAVIGATION: readonly NavigationGroup[] = [
  {
    id: 'bathroom',
    label: 'Bathroom',
    landing: { label: 'Bathroom', path: buildPath('bathroom') },
    links: [
      categoryListLink('Toilets', 'toilets'),
      categoryListLink('Bathroom Sinks', 'bathroom-sinks'),
      categoryListLink('Bathroom Faucets', 'bathroom-faucets'),
      categoryListLink('Showers', 'showers'),
      categoryListLink('Bathtubs', 'bathtubs'),
      categoryListLink('Vanities', 'vanities'),
      categoryListLink('Mirrors & Medicine Cabinets', 'mirrors-cabinets'),
      categoryListLink('Bathroom Accessories', 'bathroom-accessories'),
    ],
  },
  {
    id: 'kitchen',
    label: 'Kitchen',
    landing: { label: 'Kitchen', path: buildPath('kitchen') },
    links: [
      categoryListLink('Kitchen Sinks', 'kitchen-sinks'),
      categoryListLink('Kitchen Faucets', 'kitchen-faucets'),
      categoryListLink('Kitchen Accessories', 'kitchen-accessories'),
    ],
  },
  {
    id: 'service-parts',
    label: 'Service Parts',
    landing: { label: 'Service Parts', path: buildPath('servicePartsLanding') },
    links: [
      categoryListLink('Shop all parts', 'service-parts'),
      { label: 'Find your model number', path: buildPath('findModelNumber') },
      { label: 'Help & FAQ', path: buildPath('helpAndFaq') },
    ],
  },
  {
    id: 'services',
    label: 'Services',
    landing: null,
    links: [
      { label: 'Design Services', path: buildPath('designServicesLanding') },
      { label: 'Install Services', path: buildPath('installServicesLanding') },
    ],
  },
];

/** Every link a group offers, its landing page ("All bathroom") first. */
export const groupLinks = (group: NavigationGroup): readonly NavigationLink[] =>
  group.landing === null
    ? group.links
    : [{ label: `All ${group.label.toLowerCase()}`, path: group.landing.path }, ...group.links];

/**
 * The group a page belongs to, for marking the current item: its landing page or one of its links
 * (a product page counts under its category's list page). Null when the page is in no group.
 */
export const groupOfPath = (
  pathname: string,
  groups: readonly NavigationGroup[] = NAVIGATION,
): NavigationGroup | null =>
  groups.find((group) =>
    groupLinks(group).some(
      (link) => pathname === link.path || pathname.startsWith(`${link.path}/`),
    ),
  ) ?? null;
