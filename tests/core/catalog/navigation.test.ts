/**
 * The header's category tree: every link is a pinned route built by core's rules, subcategory links
 * name categories the catalogue really has, and every bathroom and kitchen category is offered.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categorySlug } from '../../../core/catalog/category';
import {
  NAVIGATION,
  groupLinks,
  groupOfPath,
  type NavigationGroup,
} from '../../../core/catalog/navigation';
import { buildPath, matchRoute } from '../../../core/content/routes';
import { CATEGORIES } from '../../../server/seed/catalogue/reference';

const allLinks = NAVIGATION.flatMap((group) => groupLinks(group).map((link) => ({ group, link })));
const seeded = new Set(CATEGORIES.map((c) => c.slug));

describe('category navigation tree', () => {
  it('every link is a pinned route and rebuilds to itself through buildPath', () => {
    fc.assert(
      fc.property(fc.constantFrom(...allLinks), ({ link }) => {
        const match = matchRoute(link.path);
        expect(match).not.toBeNull();
        if (match === null) return;
        expect(buildPath(match.id, match.params)).toBe(link.path);
        expect(match.id).not.toBe('productDetails');
      }),
    );
  });

  it('list-page links name a seeded category by its canonical slug', () => {
    const listed = allLinks.flatMap(({ link }) => {
      const match = matchRoute(link.path);
      return match?.id === 'productList' ? [match.params.category ?? ''] : [];
    });
    expect(listed.length).toBeGreaterThan(10);
    for (const slug of listed) {
      expect(seeded.has(slug), slug).toBe(true);
      expect(categorySlug(slug)).toBe(slug);
    }
  });

  it('offers every bathroom and kitchen category under its own group', () => {
    for (const department of ['bathroom', 'kitchen'] as const) {
      const group = NAVIGATION.find((g) => g.id === department);
      const paths = new Set(group?.links.map((l) => l.path));
      const expected = CATEGORIES.filter((c) => c.department === department);
      expect(expected.length).toBeGreaterThan(0);
      for (const category of expected) {
        expect(
          paths.has(buildPath('productList', { category: category.slug })),
          category.slug,
        ).toBe(true);
      }
    }
  });

  it('has unique group ids and, within a group, unique paths; the landing page comes first', () => {
    expect(new Set(NAVIGATION.map((g) => g.id)).size).toBe(NAVIGATION.length);
    for (const group of NAVIGATION) {
      const links = groupLinks(group);
      expect(new Set(links.map((l) => l.path)).size).toBe(links.length);
      if (group.landing !== null) {
        expect(links[0]).toEqual({
          label: `All ${group.label.toLowerCase()}`,
          path: group.landing.path,
        });
      }
    }
    expect(NAVIGATION.map((g) => g.label)).toEqual([
      'Bathroom',
      'Kitchen',
      'Service Parts',
      'Services',
    ]);
  });

  it('places a page in the group whose link it is or lies under, and other pages in none', () => {
    const anyGroup = fc.constantFrom(...NAVIGATION);
    fc.assert(
      fc.property(
        anyGroup.chain((group: NavigationGroup) =>
          fc.tuple(fc.constant(group), fc.constantFrom(...groupLinks(group))),
        ),
        fc.option(fc.stringMatching(/^[a-z0-9-]{1,12}$/), { nil: undefined }),
        ([group, link], child) => {
          const path = child === undefined ? link.path : `${link.path}/${child}`;
          expect(groupOfPath(path)?.id).toBe(group.id);
        },
      ),
    );
    expect(groupOfPath('/en/cart')).toBeNull();
    expect(groupOfPath('/en/kitchen-ideas')).toBeNull();
    expect(groupOfPath('/en/products/toilets-extra')).toBeNull();
  });
});
