/**
 * The checkout API's request bodies, checked: a bad one is a 400 whose message and
 * `errors[{code: 'InvalidField', field, message}]` name every field that is wrong
 * (server/http/input.ts). The address is judged by the server's one address checker
 * (server/http/address-input.ts: core's rules, the whole address, US or CA).
 */
import type { ShippingAddress } from '../../core/cart/cart';
import { readShippingAddress } from '../http/address-input';
import { FieldProblems, invalidField, objectBody, SERVER_ID, type Json } from '../http/input';
import { isShippingMethodId, type ShippingMethodId } from '../../core/cart/engine/model';

// Checkout-service and the card sandbox collect their problems the same way.
export { FieldProblems } from '../http/input';

/** Ids the server hands out (UUIDs): anything else cannot name a cart of ours. */
export const CART_ID = SERVER_ID;

const CART_ID_RULE = { pattern: CART_ID, what: 'is not a cart id', max: 100 } as const;

export interface CartRef {
  readonly cartId: string;
  readonly version: number;
}

const cartRefOf = (o: Json, problems: FieldProblems): { cartId?: string; version?: number } => {
  const cartId = problems.text(o.cartId, 'cartId', CART_ID_RULE);
  const version = problems.version(o.version);
  return {
    ...(cartId === undefined ? {} : { cartId }),
    ...(version === undefined ? {} : { version }),
  };
};

const finish = <T>(problems: FieldProblems, value: Partial<T>): T => {
  problems.check();
  return value as T;
};

export const parseCartRef = (body: unknown): CartRef => {
  const problems = new FieldProblems();
  return finish<CartRef>(problems, cartRefOf(objectBody(body), problems));
};

/**
 * The submit body: `{cartId, version}` as spec §7 has it, and `totalCents`, the total the shopper
 * was shown for that version (docs/api.md "Checkout"; optional on the wire for clients of the
 * spec's shape, which are then held to the total their payment was authorised for).
 */
export interface SubmitRequest extends CartRef {
  readonly totalCents?: number;
}

/** Largest total a submit may name: far above any cart (a line holds at most 999 units). */
const MAX_TOTAL_CENTS = 2_000_000_000;

export const parseSubmit = (body: unknown): SubmitRequest => {
  const o = objectBody(body);
  const problems = new FieldProblems();
  const ref = cartRefOf(o, problems);
  const totalCents =
    o.totalCents === undefined
      ? undefined
      : problems.wholeNumber(o.totalCents, 'totalCents', 0, MAX_TOTAL_CENTS);
  return finish<SubmitRequest>(problems, {
    ...ref,
    ...(totalCents === undefined ? {} : { totalCents }),
  });
};

export const parseCartId = (body: unknown): string => {
  const problems = new FieldProblems();
  const cartId = problems.text(objectBody(body).cartId, 'cartId', CART_ID_RULE);
  problems.check();
  return cartId as string;
};

/** A shipping address for checkout: every field but addressLine2 required; US or CA only. */
export const parseCheckoutAddress = (
  value: unknown,
  problems: FieldProblems,
  field = 'address',
): ShippingAddress | undefined => readShippingAddress(value, field, problems, 'checkout');

export interface ShippingCostRequest extends CartRef {
  readonly address: ShippingAddress;
}

export const parseShippingCost = (body: unknown): ShippingCostRequest => {
  const o = objectBody(body);
  const problems = new FieldProblems();
  const ref = cartRefOf(o, problems);
  const address = parseCheckoutAddress(o.address, problems);
  return finish<ShippingCostRequest>(problems, {
    ...ref,
    ...(address === undefined ? {} : { address }),
  });
};

export interface AssignShipmentRequest extends CartRef {
  readonly methodId: ShippingMethodId;
}

export const parseAssignShipment = (body: unknown): AssignShipmentRequest => {
  const o = objectBody(body);
  const problems = new FieldProblems();
  const ref = cartRefOf(o, problems);
  const methodId = o.methodId;
  if (methodId === undefined || methodId === null) problems.add('methodId', 'is required');
  else if (!isShippingMethodId(methodId)) {
    problems.add('methodId', 'must be one of standard, expedited, freight');
  }
  return finish<AssignShipmentRequest>(problems, {
    ...ref,
    ...(isShippingMethodId(methodId) ? { methodId } : {}),
  });
};

export interface CardInput {
  readonly number: string;
  readonly expiryMonth: number;
  readonly expiryYear: number;
  readonly securityCode: string;
  readonly holderName: string;
}

export type PaymentRequest = CartRef &
  (
    | { readonly method: 'card'; readonly card: CardInput }
    | { readonly method: 'paypal'; readonly paypalToken: string }
    | { readonly method: 'finance'; readonly applicationId: string }
  );

const TOKEN = /^[A-Za-z0-9._-]{1,200}$/;
/** Printable text: no control characters and none of < > { }. */
const HOLDER_NAME = /^[^<>{}\p{Cc}]+$/u;

/** Shapes only; the card rules themselves (Luhn, brand, expiry, CVV) are checked by payment.ts. */
export const parsePayment = (body: unknown): PaymentRequest => {
  const o = objectBody(body);
  const problems = new FieldProblems();
  const ref = cartRefOf(o, problems);
  const method = o.method;
  if (method === 'card') {
    const card = problems.object(o.card, 'card');
    if (card === undefined) {
      problems.check();
      throw new Error('unreachable');
    }
    const number = problems.text(card.number, 'card.number', { max: 30 });
    const securityCode = problems.text(card.securityCode, 'card.securityCode', { max: 4 });
    const holderName = problems.text(card.holderName, 'card.holderName', {
      max: 100,
      pattern: HOLDER_NAME,
    });
    const month = problems.wholeNumber(card.expiryMonth, 'card.expiryMonth', 1, 12);
    const year = problems.wholeNumber(card.expiryYear, 'card.expiryYear', 0, 9999);
    return finish<PaymentRequest>(problems, {
      ...ref,
      method,
      card: {
        number: number ?? '',
        expiryMonth: month ?? 0,
        expiryYear: year ?? 0,
        securityCode: securityCode ?? '',
        holderName: holderName ?? '',
      },
    } as Partial<PaymentRequest>);
  }
  if (method === 'paypal') {
    const paypalToken = problems.text(o.paypalToken, 'paypalToken', { max: 200, pattern: TOKEN });
    return finish<PaymentRequest>(problems, {
      ...ref,
      method,
      paypalToken,
    } as Partial<PaymentRequest>);
  }
  if (method === 'finance') {
    const applicationId = problems.text(o.applicationId, 'applicationId', {
      max: 200,
      pattern: TOKEN,
    });
    return finish<PaymentRequest>(problems, {
      ...ref,
      method,
      applicationId,
    } as Partial<PaymentRequest>);
  }
  problems.add(
    'method',
    method === undefined ? 'is required' : 'must be one of card, paypal, finance',
  );
  problems.check();
  throw new Error('unreachable');
};

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{1,128}$/;

/** The optional Idempotency-Key header. */
export const parseIdempotencyKey = (header: string | string[] | undefined): string | undefined => {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) {
    throw invalidField('Idempotency-Key', 'must be 1 to 128 letters, digits or . _ : -');
  }
  return header;
};
