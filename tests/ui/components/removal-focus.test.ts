/** Which item takes focus after one leaves a list: the next survivor, else the previous, else none. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { focusAfterRemoval } from '../../../ui/components/removal-focus';

/** A list, one of its items removed, and the list afterwards (other items may go or come too). */
const removal = fc
  .uniqueArray(fc.string({ maxLength: 3 }), { minLength: 1, maxLength: 8 })
  .chain((before) =>
    fc.record({
      before: fc.constant(before),
      at: fc.nat({ max: before.length - 1 }),
      kept: fc.array(fc.boolean(), { minLength: before.length, maxLength: before.length }),
      added: fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
    }),
  )
  .map(({ before, at, kept, added }) => {
    const removed = before[at] ?? '';
    const after = [
      ...before.filter((key, i) => key !== removed && kept[i] === true),
      ...added.filter((key) => !before.includes(key)),
    ];
    return { before, removed, after };
  });

describe('focusAfterRemoval', () => {
  it('picks the next item, the previous one when the last went, and none when none is left', () => {
    expect(focusAfterRemoval(['a', 'b', 'c'], ['a', 'c'], 'b')).toBe('c');
    expect(focusAfterRemoval(['a', 'b', 'c'], ['a', 'b'], 'c')).toBe('b');
    expect(focusAfterRemoval(['a', 'b', 'c'], ['a'], 'b')).toBe('a');
    expect(focusAfterRemoval(['a'], [], 'a')).toBeNull();
    expect(focusAfterRemoval(['a', 'b'], ['a', 'b'], 'z')).toBeNull();
  });

  it('answers an item that was there and still is, other than the removed one', () => {
    fc.assert(
      fc.property(removal, ({ before, removed, after }) => {
        const next = focusAfterRemoval(before, after, removed);
        if (next === null) return;
        expect(next).not.toBe(removed);
        expect(before).toContain(next);
        expect(after).toContain(next);
      }),
    );
  });

  it('answers none exactly when no other item of the old list is left', () => {
    fc.assert(
      fc.property(removal, ({ before, removed, after }) => {
        const survivors = before.filter((key) => key !== removed && after.includes(key));
        expect(focusAfterRemoval(before, after, removed) === null).toBe(survivors.length === 0);
      }),
    );
  });

  it('skips no survivor: the nearest after the removed item, else the nearest before it', () => {
    fc.assert(
      fc.property(removal, ({ before, removed, after }) => {
        const next = focusAfterRemoval(before, after, removed);
        if (next === null) return;
        const at = before.indexOf(removed);
        const to = before.indexOf(next);
        const stays = (key: string) => after.includes(key);
        if (to > at) {
          expect(before.slice(at + 1, to).some(stays)).toBe(false);
        } else {
          expect(before.slice(at + 1).some(stays)).toBe(false);
          expect(before.slice(to + 1, at).some(stays)).toBe(false);
        }
      }),
    );
  });
});
