/**
 * The payment sandbox routes' inputs, checked by hand: anything a client sends either becomes a
 * typed request or a 400 that names the field (message and `errors[].field`, server/http/input.ts). The
 * finance application body is core's FinanceApplicationRequest (core/checkout/finance.ts), in the
 * wire's own names.
 */
import type { FinanceApplicationRequest, FinanceOrderItem } from '../../core/checkout/finance';
import { FINANCE_PLAN_OPTION } from '../../core/checkout/finance';
import { isDepositPercentage } from '../../core/validation/amounts';
import { isEmail } from '../../core/validation/email';
import { isPhone } from '../../core/validation/phone';
import { isSafeLink } from '../../core/validation/safe-link';
import {
  invalidField,
  isRecord,
  list,
  object,
  SERVER_ID,
  text as inputText,
  version,
  wholeNumber,
} from '../http/input';

const MAX_TEXT = 200;
const MAX_URL = 2000;
const MAX_ITEMS = 200;
const MAX_APPLICANTS = 2;
const MAX_QUANTITY = 10_000;
/** A unit price above this many cents is not a storefront price. */
const MAX_PRICE_CENTS = 100_000_000;

/** Required text, returned as sent (the sandbox keeps what the provider would be given). */
const text = (value: unknown, field: string, max = MAX_TEXT): string =>
  inputText(value, field, { max, untrimmed: true });

const httpUrl = (value: unknown, field: string): string => {
  const url = text(value, field, MAX_URL);
  if (!/^https?:\/\/[^/\s]+/i.test(url) || !isSafeLink(url)) {
    throw invalidField(field, 'must be an absolute http(s) address');
  }
  return url;
};

/** A cart id the caller claims; one that cannot be ours is still a 400 naming the field. */
export const cartIdOf = (value: unknown, field: string): string => {
  return inputText(value, field, {
    max: 100,
    untrimmed: true,
    pattern: SERVER_ID,
    what: 'is not a cart id',
  });
};

/** `cartId` of GET /api/payment/paypal/getToken. */
export const parsePaypalTokenQuery = (query: unknown): { readonly cartId: string } => {
  const q = isRecord(query) ? query : {};
  return { cartId: cartIdOf(q.cartId, 'querystring.cartId') };
};

const parseItem = (value: unknown, field: string): FinanceOrderItem => {
  const item = object(value, field);
  return {
    name: text(item.name, `${field}.name`),
    quantity: wholeNumber(item.quantity, `${field}.quantity`, 1, MAX_QUANTITY),
    price: wholeNumber(item.price, `${field}.price`, 0, MAX_PRICE_CENTS),
  };
};

const parseApplicant = (value: unknown, field: string) => {
  const a = object(value, field);
  const email = text(a.email, `${field}.email`, 254);
  if (!isEmail(email.trim())) throw invalidField(`${field}.email`, 'must be an e-mail address');
  const phoneNumber = text(a.phoneNumber, `${field}.phoneNumber`, 40);
  if (!isPhone(phoneNumber)) throw invalidField(`${field}.phoneNumber`, 'must be a phone number');
  return {
    firstName: text(a.firstName, `${field}.firstName`, 100),
    lastName: text(a.lastName, `${field}.lastName`, 100),
    email,
    phoneNumber,
  };
};

/** Body of POST /api/payment/finance/application (spec §7), field by field. */
export const parseFinanceApplication = (body: unknown): FinanceApplicationRequest => {
  const b = object(body, 'body');
  const financePlanId = text(b.finance_plan_id, 'body.finance_plan_id', 100);
  const deposit = wholeNumber(b.deposit_percentage, 'body.deposit_percentage', 0, 100);
  if (!isDepositPercentage(deposit)) {
    throw invalidField('body.deposit_percentage', 'must be a whole percentage from 0 to 100');
  }
  const applicants = list(b.applicants, 'body.applicants', 1, MAX_APPLICANTS).map((a, i) =>
    parseApplicant(a, `body.applicants[${i}]`),
  );
  const orderItems = list(b.order_items, 'body.order_items', 1, MAX_ITEMS).map((item, i) =>
    parseItem(item, `body.order_items[${i}]`),
  );
  const urls = object(b.urls, 'body.urls');
  const metadata = object(b.metadata, 'body.metadata');
  const planOption = metadata.planOption ?? FINANCE_PLAN_OPTION;
  if (planOption !== FINANCE_PLAN_OPTION) {
    throw invalidField('body.metadata.planOption', `must be "${FINANCE_PLAN_OPTION}"`);
  }
  return {
    finance_plan_id: financePlanId.trim(),
    deposit_percentage: deposit,
    applicants,
    order_items: orderItems,
    urls: {
      merchant_redirect_url: httpUrl(urls.merchant_redirect_url, 'body.urls.merchant_redirect_url'),
      merchant_checkout_url: httpUrl(urls.merchant_checkout_url, 'body.urls.merchant_checkout_url'),
    },
    metadata: {
      cartId: cartIdOf(metadata.cartId, 'body.metadata.cartId'),
      version: version(metadata.version, 'body.metadata.version'),
      paymentSource: text(metadata.paymentSource, 'body.metadata.paymentSource', 100),
      planOption: FINANCE_PLAN_OPTION,
    },
  };
};

/** What the order items come to: unit price × quantity, summed, in cents. */
export const orderItemsTotalCents = (items: readonly FinanceOrderItem[]): number =>
  items.reduce((sum, item) => sum + item.price * item.quantity, 0);

export type SandboxDecision<D extends string> = { readonly id: string; readonly decision: D };

/** A sandbox page's form post: `{<idField>, decision}` with decision one of `allowed`. */
export const parseDecision = <D extends string>(
  body: unknown,
  idField: string,
  allowed: readonly D[],
): SandboxDecision<D> | null => {
  if (!isRecord(body)) return null;
  const id = body[idField];
  const decision = body.decision;
  if (typeof id !== 'string' || id === '' || id.length > 100) return null;
  if (typeof decision !== 'string' || !(allowed as readonly string[]).includes(decision)) {
    return null;
  }
  return { id, decision: decision as D };
};
