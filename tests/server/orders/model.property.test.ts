/**
 * The order status rules and lookup normalisation (server/orders/model.ts, server/orders/parse.ts)
 * over their whole input space.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderStateOf } from '../../../core/orders/order';
import {
  canMove,
  nextStatus,
  normalizeLookupEmail,
  normalizeOrderNumber,
  ORDER_STATUSES,
  statusesOf,
  type OrderStatus,
} from '../../../server/orders/model';
import { parseAdvance, parseFindMyOrders } from '../../../server/orders/parse';
import { ApiError } from '../../../server/http/errors';
import { isEmail } from '../../../core/validation/email';

const status = fc.constantFrom(...ORDER_STATUSES);
const space = fc.constantFrom('', ' ', '  ', '\t', '\n ');

/** Flips the case of some letters. */
const recase = (text: string, flips: readonly boolean[]) =>
  [...text]
    .map((ch, i) => (flips[i % Math.max(flips.length, 1)] ? ch.toUpperCase() : ch.toLowerCase()))
    .join('');

describe('order status transitions', () => {
  it('advancing from Open always ends at Completed in exactly three steps', () => {
    let s: OrderStatus | undefined = 'Open';
    const path: OrderStatus[] = [];
    while (s !== undefined) {
      path.push(s);
      s = nextStatus(s);
    }
    expect(path).toEqual(['Open', 'Confirmed', 'Shipped', 'Completed']);
  });

  it('a move is allowed only to the next status, or to Cancelled from Open or Confirmed', () => {
    fc.assert(
      fc.property(status, status, (from, to) => {
        const expected =
          to === 'Cancelled' ? from === 'Open' || from === 'Confirmed' : nextStatus(from) === to;
        expect(canMove(from, to)).toBe(expected);
      }),
    );
  });

  it('no sequence of allowed moves leaves Completed or Cancelled, or goes back', () => {
    fc.assert(
      fc.property(fc.array(status, { maxLength: 20 }), (attempts) => {
        let s: OrderStatus = 'Open';
        for (const to of attempts) {
          if (!canMove(s, to)) continue;
          expect(s === 'Completed' || s === 'Cancelled').toBe(false);
          expect(ORDER_STATUSES.indexOf(to)).toBeGreaterThan(ORDER_STATUSES.indexOf(s));
          s = to;
        }
      }),
    );
  });

  it('open and past split the statuses, agreeing with core', () => {
    fc.assert(
      fc.property(status, (s) => {
        expect(statusesOf('open').includes(s)).not.toBe(statusesOf('past').includes(s));
        expect(statusesOf(orderStateOf(s))).toContain(s);
      }),
    );
  });
});

describe('order lookup normalisation (spec §5)', () => {
  const emailArb = fc.emailAddress().filter((e) => e.length <= 200 && isEmail(e));

  it('any spacing and letter case of an e-mail and order number normalise to the same lookup', () => {
    fc.assert(
      fc.property(
        emailArb,
        fc.integer({ min: 100_001, max: 999_999 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        space,
        space,
        (email, n, flips, before, after) => {
          const number = `LV-${n}`;
          const canonical = parseFindMyOrders({ email, orderId: number });
          const messy = parseFindMyOrders({
            email: `${before}${recase(email, flips)}${after}`,
            orderId: `${after}${recase(number, flips)}${before}`,
          });
          expect(messy).toEqual(canonical);
          expect(canonical.email).toBe(normalizeLookupEmail(email));
          expect(canonical.orderNumber).toBe(normalizeOrderNumber(number));
          expect(canonical.orderNumber).toBe(number);
        },
      ),
    );
  });

  it('normalising twice changes nothing', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(normalizeLookupEmail(normalizeLookupEmail(text))).toBe(normalizeLookupEmail(text));
        expect(normalizeOrderNumber(normalizeOrderNumber(text))).toBe(normalizeOrderNumber(text));
      }),
    );
  });

  const fieldOf = (run: () => unknown): string | undefined => {
    try {
      run();
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 400) {
        const field = error.errors?.[0]?.field;
        return typeof field === 'string' ? field : undefined;
      }
      throw error;
    }
    return undefined;
  };

  it('a bad find-my-orders body is a 400 naming the field, never a crash', () => {
    expect(fieldOf(() => parseFindMyOrders({ orderId: 'LV-100001' }))).toBe('email');
    expect(fieldOf(() => parseFindMyOrders({ email: 'a@b.co' }))).toBe('orderId');
    expect(fieldOf(() => parseFindMyOrders({ email: '  ', orderId: 'LV-1' }))).toBe('email');
    expect(fieldOf(() => parseFindMyOrders({ email: 'a@b.co', orderId: '   ' }))).toBe('orderId');
    expect(fieldOf(() => parseFindMyOrders({ email: 'not-an-email', orderId: 'LV-1' }))).toBe(
      'email',
    );
    expect(fieldOf(() => parseFindMyOrders({ email: 'a@b.co', orderId: 100001 }))).toBe('orderId');
    expect(fieldOf(() => parseFindMyOrders([]))).toBe('body');
    fc.assert(
      fc.property(fc.anything(), (body) => {
        try {
          parseFindMyOrders(body);
        } catch (error) {
          expect(error).toBeInstanceOf(ApiError);
          expect((error as ApiError).statusCode).toBe(400);
        }
      }),
    );
  });

  it('the advance body names a status or nothing', () => {
    expect(parseAdvance(undefined)).toBeUndefined();
    expect(parseAdvance({})).toBeUndefined();
    expect(parseAdvance({ to: 'Cancelled' })).toBe('Cancelled');
    expect(fieldOf(() => parseAdvance({ to: 'Lost' }))).toBe('to');
    expect(fieldOf(() => parseAdvance({ to: 'cancelled' }))).toBe('to');
    expect(fieldOf(() => parseAdvance({ status: 'Shipped' }))).toBe('status');
    expect(fieldOf(() => parseAdvance('Shipped'))).toBe('body');
  });
});
