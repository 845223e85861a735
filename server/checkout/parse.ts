/**
 * The checkout API's request bodies, checked: a bad one is a 400 whose message and
 * `errors[{code: 'InvalidField', field}]` name every field that is wrong.
 */
import { isRegionOf } from '../../core/validation/regions';
import type { ShippingAddress } from '../../core/cart/cart';
import { ApiError } from '../http/errors';
import { isShippingMethodId, type ShippingMethodId } from './shipping';

type Json = Record<string, unknown>;

export class FieldProblems {
  private readonly problems: { field: string; message: string }[] = [];

  add(field: string, message: string): void {
    this.problems.push({ field, message });
  }

  get empty(): boolean {
    return this.problems.length === 0;
  }

  /** Throws the 400 naming every field that is wrong, if any is. */
  check(): void {
    if (this.problems.length === 0) return;
    throw new ApiError(
      400,
      this.problems.map((p) => `${p.field} ${p.message}`).join('; '),
      this.problems.map((p) => ({ code: 'InvalidField', field: p.field, message: p.message })),
    );
  }
}

const isObject = (u: unknown): u is Json =>
  typeof u === 'object' && u !== null && !Array.isArray(u);

export const objectBody = (body: unknown): Json => {
  if (!isObject(body)) {
    throw new ApiError(400, 'body must be a JSON object', [
      { code: 'InvalidField', field: 'body' },
    ]);
  }
  return body;
};

/** Ids the server hands out (UUIDs): anything else cannot name a cart of ours. */
export const CART_ID = /^[A-Za-z0-9-]{1,100}$/;

const text = (
  o: Json,
  key: string,
  problems: FieldProblems,
  opts: { field?: string; max?: number; required?: boolean; pattern?: RegExp; what?: string } = {},
): string | undefined => {
  const field = opts.field ?? key;
  const value = o[key];
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    if (opts.required !== false) problems.add(field, 'is required');
    return undefined;
  }
  if (typeof value !== 'string') {
    problems.add(field, 'must be a string');
    return undefined;
  }
  const trimmed = value.trim();
  if (trimmed.length > (opts.max ?? 100)) {
    problems.add(field, `must be at most ${opts.max ?? 100} characters`);
    return undefined;
  }
  if (opts.pattern !== undefined && !opts.pattern.test(trimmed)) {
    problems.add(field, opts.what ?? 'is not valid');
    return undefined;
  }
  return trimmed;
};

const integer = (
  o: Json,
  key: string,
  problems: FieldProblems,
  min: number,
  max: number,
  field: string = key,
): number | undefined => {
  const value = o[key];
  if (value === undefined || value === null) {
    problems.add(field, 'is required');
    return undefined;
  }
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    problems.add(field, `must be a whole number from ${min} to ${max}`);
    return undefined;
  }
  return value;
};

export interface CartRef {
  readonly cartId: string;
  readonly version: number;
}

const cartRefOf = (o: Json, problems: FieldProblems): { cartId?: string; version?: number } => {
  const cartId = text(o, 'cartId', problems, { pattern: CART_ID, what: 'is not a cart id' });
  const version = integer(o, 'version', problems, 1, 2_147_483_647);
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

export const parseCartId = (body: unknown): string => {
  const problems = new FieldProblems();
  const cartId = text(objectBody(body), 'cartId', problems, {
    pattern: CART_ID,
    what: 'is not a cart id',
  });
  problems.check();
  return cartId as string;
};

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;
/** Printable text: no control characters and none of < > { }. */
const NAME = /^[^<>{}\p{Cc}]+$/u;
const MOBILE = /^\+?[0-9 ().-]{7,20}$/;

/** A shipping address for checkout: every field but addressLine2 required; US or CA only. */
export const parseCheckoutAddress = (
  value: unknown,
  problems: FieldProblems,
  field = 'address',
): ShippingAddress | undefined => {
  if (!isObject(value)) {
    problems.add(field, value === undefined ? 'is required' : 'must be an object');
    return undefined;
  }
  const f = (key: string) => `${field}.${key}`;
  const firstName = text(value, 'firstName', problems, { field: f('firstName'), pattern: NAME });
  const lastName = text(value, 'lastName', problems, { field: f('lastName'), pattern: NAME });
  const email = text(value, 'email', problems, {
    field: f('email'),
    max: 254,
    pattern: EMAIL,
    what: 'is not an e-mail address',
  });
  const mobile = text(value, 'mobile', problems, {
    field: f('mobile'),
    max: 20,
    pattern: MOBILE,
    what: 'is not a phone number',
  });
  const streetName = text(value, 'streetName', problems, { field: f('streetName'), pattern: NAME });
  const addressLine2 = text(value, 'addressLine2', problems, {
    field: f('addressLine2'),
    required: false,
    pattern: NAME,
  });
  const city = text(value, 'city', problems, { field: f('city'), pattern: NAME });
  const country = text(value, 'country', problems, {
    field: f('country'),
    max: 2,
    pattern: /^(US|CA)$/,
    what: 'must be one of US, CA',
  });
  const state = text(value, 'state', problems, { field: f('state'), max: 2 })?.toUpperCase();
  if (state !== undefined && country !== undefined) {
    if (!isRegionOf(country, state)) {
      problems.add(f('state'), `is not a ${country === 'US' ? 'US state' : 'Canadian province'}`);
    }
  }
  const postal = text(value, 'postalCode', problems, { field: f('postalCode'), max: 10 });
  let postalCode = postal;
  if (postal !== undefined && country !== undefined) {
    if (country === 'US' && !/^\d{5}(-\d{4})?$/.test(postal)) {
      problems.add(f('postalCode'), 'is not a US ZIP code');
    }
    if (country === 'CA') {
      const compact = postal.toUpperCase().replace(/\s+/g, '');
      if (!/^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(compact)) {
        problems.add(f('postalCode'), 'is not a Canadian postal code');
      } else postalCode = `${compact.slice(0, 3)} ${compact.slice(3)}`;
    }
  }
  if (
    firstName === undefined ||
    lastName === undefined ||
    email === undefined ||
    mobile === undefined ||
    streetName === undefined ||
    city === undefined ||
    state === undefined ||
    postalCode === undefined ||
    country === undefined
  ) {
    return undefined;
  }
  return {
    firstName,
    lastName,
    email: email.toLowerCase(),
    mobile,
    streetName,
    ...(addressLine2 === undefined ? {} : { addressLine2 }),
    city,
    state,
    postalCode,
    country,
  };
};

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

/** Shapes only; the card rules themselves (Luhn, brand, expiry, CVV) are checked by payment.ts. */
export const parsePayment = (body: unknown): PaymentRequest => {
  const o = objectBody(body);
  const problems = new FieldProblems();
  const ref = cartRefOf(o, problems);
  const method = o.method;
  if (method === 'card') {
    const card = o.card;
    if (!isObject(card)) {
      problems.add('card', card === undefined ? 'is required' : 'must be an object');
      problems.check();
      throw new Error('unreachable');
    }
    const number = text(card, 'number', problems, { field: 'card.number', max: 30 });
    const securityCode = text(card, 'securityCode', problems, {
      field: 'card.securityCode',
      max: 4,
    });
    const holderName = text(card, 'holderName', problems, {
      field: 'card.holderName',
      pattern: NAME,
    });
    const month = integer(card, 'expiryMonth', problems, 1, 12, 'card.expiryMonth');
    const year = integer(card, 'expiryYear', problems, 0, 9999, 'card.expiryYear');
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
    const paypalToken = text(o, 'paypalToken', problems, { max: 200, pattern: TOKEN });
    return finish<PaymentRequest>(problems, {
      ...ref,
      method,
      paypalToken,
    } as Partial<PaymentRequest>);
  }
  if (method === 'finance') {
    const applicationId = text(o, 'applicationId', problems, { max: 200, pattern: TOKEN });
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
    throw new ApiError(400, 'Idempotency-Key must be 1 to 128 letters, digits or . _ : -', [
      { code: 'InvalidField', field: 'Idempotency-Key' },
    ]);
  }
  return header;
};
