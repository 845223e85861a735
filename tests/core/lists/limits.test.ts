/** Shopping-list limits (core/lists/limits.ts), applied by the server and the offline demo's fake. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isOverListLimit,
  LIST_FULL_MESSAGE,
  MAX_LIST_ACTIONS,
  MAX_LIST_ITEMS,
  mayAddToList,
  roomOnList,
} from '../../../core/lists/limits';
import type { ShoppingList } from '../../../core/lists/shopping-list';

/** docs/api.md: "A list holds at most 100 products"; "1–50 actions". */
const HUNDRED = 100;

const listOf = (skus: readonly string[]): ShoppingList => ({
  id: 'l1',
  version: 1,
  name: { 'en-US': 'Favorites' },
  lineItems: skus.map((sku, i) => ({
    id: `line-${i}`,
    sku,
    productSlug: 'p',
    name: 'P',
    addedAt: '2026-01-01T00:00:00.000Z',
  })),
});

const sku = fc.integer({ min: 0, max: 160 }).map((n) => `K-${n}`);

describe('list limits', () => {
  it('are the numbers docs/api.md names', () => {
    expect(MAX_LIST_ITEMS).toBe(HUNDRED);
    expect(MAX_LIST_ACTIONS).toBe(50);
    expect(LIST_FULL_MESSAGE).toContain('100');
  });

  it('room is what is left below 100, never negative; over means more than 100', () => {
    fc.assert(
      fc.property(fc.nat({ max: 300 }), (lines) => {
        expect(roomOnList(lines)).toBe(Math.max(0, HUNDRED - lines));
        expect(isOverListLimit(lines)).toBe(lines > HUNDRED);
      }),
    );
  });

  it('adding one SKU at a time through mayAddToList never holds more than 100 distinct products, and refuses only a new product on a full list', () => {
    fc.assert(
      fc.property(fc.array(sku, { maxLength: 400 }), (adds) => {
        let held: string[] = [];
        for (const s of adds) {
          const allowed = mayAddToList(listOf(held), s);
          const already = held.includes(s);
          expect(allowed).toBe(already || held.length < HUNDRED);
          if (allowed && !already) held = [...held, s];
          expect(held.length).toBeLessThanOrEqual(HUNDRED);
        }
      }),
    );
  });

  it('a SKU already on the list may be added again whatever the case', () => {
    const full = listOf(Array.from({ length: HUNDRED }, (_, i) => `K-${i}`));
    expect(mayAddToList(full, 'k-7')).toBe(true);
    expect(mayAddToList(full, 'K-100')).toBe(false);
  });
});
