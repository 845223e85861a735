/**
 * New order numbers (issue 13 finding 4): drawn from Node's CSPRNG in core's shape
 * (core/orders/order-number.ts: `LV-` and ten random base32 characters, 50 bits), so nobody can
 * walk from one order to the next. The orders table's primary key keeps them unique; checkout
 * inserts under a drawn number with `ON CONFLICT (order_number) DO NOTHING` and draws again when
 * the number was taken (placeOrderUnderFreshNumber).
 */
import { randomBytes } from 'node:crypto';
import { newOrderNumber } from '../../core/orders/order-number';

/** Where new order numbers come from; the tests give one that repeats itself. */
export type OrderNumberSource = () => string;

export const secureOrderNumber: OrderNumberSource = () =>
  newOrderNumber((length) => new Uint8Array(randomBytes(length)));

/**
 * Draws before giving up. With 2^50 numbers, even a billion orders make a second taken draw in a
 * row a one-in-a-million-squared event: running out means the source is broken, not unlucky.
 */
export const ORDER_NUMBER_DRAWS = 5;

/**
 * Runs `place` under freshly drawn numbers until one is free: `place` answers undefined when the
 * number was already taken (its insert did nothing) and nothing else was written.
 */
export const placeOrderUnderFreshNumber = async <T>(
  next: OrderNumberSource,
  place: (orderNumber: string) => Promise<T | undefined>,
): Promise<T> => {
  for (let draw = 0; draw < ORDER_NUMBER_DRAWS; draw += 1) {
    const placed = await place(next());
    if (placed !== undefined) return placed;
  }
  throw new Error(`No free order number in ${ORDER_NUMBER_DRAWS} draws: the source repeats itself`);
};
