/**
 * What an order number is (issue 13 finding 4). With the e-mail it was placed with, an order
 * number opens the order's status page — shipping address and phone included — so it must not be
 * guessable: numbers handed out in sequence (LV-100001, LV-100002, …) let anyone who knows an
 * e-mail walk them. An order number is therefore `LV-` and ten characters drawn at random
 * (50 bits) from Crockford's base32 alphabet, which leaves out I, L, O and U so that a number read
 * off an e-mail or a phone call is typed back as written. A split order's child orders add `-1`,
 * `-2`, … to their parent's number.
 *
 * Orders placed before this rule kept their sequential numbers (`LV-` and up to nine digits); they
 * are still found by number and e-mail, so the rule accepts both shapes. Nothing new is numbered
 * that way.
 *
 * Pure: the random bytes come from the caller (the server's and the browser's CSPRNG), so core
 * stays free of Node and DOM.
 */

export const ORDER_NUMBER_PREFIX = 'LV-';
/** Crockford's base32: 0–9 and A–Z without I, L, O, U. 32 characters, 5 bits each. */
export const ORDER_NUMBER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Characters drawn at random for one order number: 10 × 5 = 50 bits. */
export const ORDER_NUMBER_RANDOM_LENGTH = 10;

/** Fills `length` bytes from a cryptographically secure generator. */
export type RandomBytes = (length: number) => Uint8Array;

/** A new order's number: the prefix and one alphabet character per random byte (low 5 bits). */
export const orderNumberFromBytes = (bytes: Uint8Array): string => {
  if (bytes.length < ORDER_NUMBER_RANDOM_LENGTH) {
    throw new RangeError(`An order number needs ${ORDER_NUMBER_RANDOM_LENGTH} random bytes`);
  }
  let random = '';
  // 256 is a multiple of 32, so every character is equally likely.
  for (let i = 0; i < ORDER_NUMBER_RANDOM_LENGTH; i += 1) {
    random += ORDER_NUMBER_ALPHABET.charAt((bytes[i] ?? 0) & 31);
  }
  return `${ORDER_NUMBER_PREFIX}${random}`;
};

/** A new order's number, drawn from `random` (a CSPRNG). */
export const newOrderNumber = (random: RandomBytes): string =>
  orderNumberFromBytes(random(ORDER_NUMBER_RANDOM_LENGTH));

/** The number of a split order's `position`-th child order (1, 2, …): `LV-…-1`. */
export const childOrderNumber = (parentOrderNumber: string, position: number): string => {
  if (!Number.isInteger(position) || position < 1 || position > 99) {
    throw new RangeError('A child order is numbered 1 to 99');
  }
  return `${parentOrderNumber}-${position}`;
};

const CHILD = '(?:-[1-9][0-9]?)?';
const RANDOM = new RegExp(`^LV-[${ORDER_NUMBER_ALPHABET}]{${ORDER_NUMBER_RANDOM_LENGTH}}${CHILD}$`);
const SEQUENTIAL = new RegExp(`^LV-[0-9]{1,9}${CHILD}$`);

/** Whether a number is one the shop hands out now (random), with or without a child suffix. */
export const isRandomOrderNumber = (normalized: string): boolean => RANDOM.test(normalized);

/**
 * Whether a normalised (trimmed, upper-cased) order number could name an order: the random shape,
 * or the sequential one of orders placed before it, either with a child suffix `-1` … `-99`.
 */
export const isOrderNumber = (normalized: string): boolean =>
  RANDOM.test(normalized) || SEQUENTIAL.test(normalized);
