import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PREVIEW_LIST_MAX, previewList } from '../../../core/catalog/preview';
import {
  RECENTLY_VIEWED_MAX_DEFAULT,
  addRecentlyViewed,
  recentlyViewedMax,
} from '../../../core/catalog/recently-viewed';
import { TABS_WITHOUT_GRID_ICON, needsGridIcon } from '../../../core/catalog/tabs';

const sku = fc.constantFrom(
  'K-1',
  'K-2',
  'K-3',
  'K-4',
  'K-5',
  'K-6',
  'K-7',
  'K-8',
  'K-9',
  'K-10',
  'K-11',
  'K-12',
);
const id = (s: string) => s;

describe('preview list (spec §9)', () => {
  it('is cut to 3 when longer, otherwise unchanged', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 10 }), (items) => {
        const out = previewList(items);
        expect(out).toEqual(items.slice(0, PREVIEW_LIST_MAX));
        if (items.length <= 3) expect(out).toBe(items);
      }),
    );
  });
});

describe('recently viewed (spec §9)', () => {
  it('puts the newest first, holds each product once, at most recentlyViewedMax', () => {
    fc.assert(
      fc.property(
        fc.array(sku, { maxLength: 30 }),
        fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
        (views, max) => {
          const list = views.reduce<readonly string[]>(
            (l, s) => addRecentlyViewed(l, s, id, max),
            [],
          );
          const cap = max ?? RECENTLY_VIEWED_MAX_DEFAULT;
          const expected = [...new Set([...views].reverse())].slice(0, cap);
          expect(list).toEqual(expected);
        },
      ),
    );
  });

  it('reads the configured maximum, defaulting to 10 when it is not a positive whole number', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(undefined)),
        (configured) => {
          const max = recentlyViewedMax(configured);
          const valid =
            typeof configured === 'number' && Number.isSafeInteger(configured) && configured > 0;
          expect(max).toBe(valid ? configured : 10);
        },
      ),
    );
  });
});

describe('tabs without a grid icon (spec §2)', () => {
  it('are inspiration, technical, resources and help, in any case', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TABS_WITHOUT_GRID_ICON),
        fc.constantFrom('', ' '),
        fc.boolean(),
        (tab, pad, upper) => {
          expect(needsGridIcon(`${pad}${upper ? tab.toUpperCase() : tab}${pad}`)).toBe(false);
        },
      ),
    );
    fc.assert(
      fc.property(fc.string(), (tab) => {
        const known = (TABS_WITHOUT_GRID_ICON as readonly string[]).includes(
          tab.trim().toLowerCase(),
        );
        expect(needsGridIcon(tab)).toBe(!known);
      }),
    );
  });
});
