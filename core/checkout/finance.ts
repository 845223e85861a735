/**
 * The finance plan (spec §4 Finance, §5, §7, §9): eligibility by amount (350–15000 dollars,
 * inclusive), the 12-month plan, the application request built from the cart, and the return
 * to checkout with paydiv=success|failure.
 *
 * Readings we chose (docs/rules.md): the amount that must be eligible is the order total
 * (lines + tax + shipping); order items carry unit prices in cents and the tax line is always
 * present (quantity 1, price = tax cents, possibly 0); a shipping line is added only when shipping
 * costs something; deposit_percentage is a whole percent (10 means 10 %); the applicant's e-mail is
 * trimmed and lower-cased and their phone has its whitespace removed.
 */
import type { Cents } from '../shared/money';
import { isCents } from '../shared/money';
import { err, ok, type Result } from '../shared/result';
import { isPaymentAmountInRange, isDepositPercentage } from '../validation/amounts';
import { isEmail, normalizeEmail } from '../validation/email';
import { failed, passed, type FieldValidation } from '../validation/field-validation';
import {
  DEFAULT_VALIDATION_MESSAGES,
  formatMessage,
  type ValidationMessages,
} from '../validation/messages';
import { financeApplicantPhone, isPhone, PHONE_MIN_DIGITS } from '../validation/phone';
import { isSafeLink } from '../validation/safe-link';

export const FINANCE_PLAN_MONTHS = 12;
export const FINANCE_PLAN_OPTION = '12 months';
/** The finance application call succeeds only with this status (spec §7, §8). */
export const FINANCE_APPLICATION_CREATED = 201;
export const FINANCE_RETURN_PARAM = 'paydiv';
export const TAX_LINE_NAME = 'Tax';
export const SHIPPING_LINE_NAME = 'Shipping';

export interface FinanceCartLine {
  readonly name: string;
  readonly quantity: number;
  readonly unitPriceCents: Cents;
}

/** The cart as the finance flow needs it: lines priced after discounts, tax and shipping. */
export interface FinanceCart {
  readonly cartId: string;
  readonly version: number;
  readonly lines: readonly FinanceCartLine[];
  readonly taxCents: Cents;
  readonly shippingCents?: Cents;
}

export interface FinanceApplicant {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phone: string;
}

export interface FinanceApplicationInput {
  readonly cart: FinanceCart;
  readonly applicant: FinanceApplicant;
  readonly financePlanId: string;
  readonly depositPercentage: number;
  readonly urls: { readonly merchantRedirectUrl: string; readonly merchantCheckoutUrl: string };
  /** Which checkout option started the application, e.g. "finance". */
  readonly paymentSource: string;
}

/** The body of the finance application call, in the wire's own names (spec §7). */
export interface FinanceApplicationRequest {
  readonly finance_plan_id: string;
  readonly deposit_percentage: number;
  readonly applicants: readonly {
    readonly firstName: string;
    readonly lastName: string;
    readonly email: string;
    readonly phoneNumber: string;
  }[];
  readonly order_items: readonly FinanceOrderItem[];
  readonly urls: { readonly merchant_redirect_url: string; readonly merchant_checkout_url: string };
  readonly metadata: {
    readonly cartId: string;
    readonly version: number;
    readonly paymentSource: string;
    readonly planOption: typeof FINANCE_PLAN_OPTION;
  };
}

export interface FinanceOrderItem {
  readonly name: string;
  readonly quantity: number;
  /** Unit price in cents. */
  readonly price: Cents;
}

export type FinanceApplicationError =
  | { readonly kind: 'empty-cart' }
  | { readonly kind: 'invalid-line'; readonly index: number }
  | { readonly kind: 'invalid-cart' }
  | { readonly kind: 'ineligible-amount'; readonly totalCents: Cents }
  | { readonly kind: 'invalid-deposit'; readonly depositPercentage: number }
  | { readonly kind: 'invalid-applicant'; readonly fields: readonly FieldValidation[] }
  | { readonly kind: 'invalid-plan' }
  | { readonly kind: 'invalid-url'; readonly field: 'merchantRedirectUrl' | 'merchantCheckoutUrl' };

/** Finance is offered for order totals from $350 to $15,000 inclusive. */
export const isFinanceEligible = (totalCents: Cents): boolean => isPaymentAmountInRange(totalCents);

const isValidLine = (line: FinanceCartLine): boolean =>
  line.name.trim() !== '' &&
  Number.isSafeInteger(line.quantity) &&
  line.quantity >= 1 &&
  isCents(line.unitPriceCents) &&
  line.unitPriceCents >= 0;

const isNonNegativeCents = (c: Cents): boolean => isCents(c) && c >= 0;

/** Lines at unit price × quantity, plus tax and shipping, in cents. */
export const financeOrderTotalCents = (cart: FinanceCart): Cents =>
  cart.lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0) +
  cart.taxCents +
  (cart.shippingCents ?? 0);

/** Order items: one per line, then the tax line, then shipping when it costs something. */
export const financeOrderItems = (cart: FinanceCart): readonly FinanceOrderItem[] => [
  ...cart.lines.map((l) => ({
    name: l.name.trim(),
    quantity: l.quantity,
    price: l.unitPriceCents,
  })),
  { name: TAX_LINE_NAME, quantity: 1, price: cart.taxCents },
  ...((cart.shippingCents ?? 0) > 0
    ? [{ name: SHIPPING_LINE_NAME, quantity: 1, price: cart.shippingCents ?? 0 }]
    : []),
];

const checkApplicant = (a: FinanceApplicant, m: ValidationMessages): readonly FieldValidation[] => {
  const checks = [
    a.firstName.trim() === '' ? failed('firstName', m.required) : passed('firstName'),
    a.lastName.trim() === '' ? failed('lastName', m.required) : passed('lastName'),
    isEmail(a.email.trim()) ? passed('email') : failed('email', m.email),
    isPhone(a.phone)
      ? passed('phone')
      : failed('phone', formatMessage(m.phone, { min: PHONE_MIN_DIGITS })),
  ];
  return checks.filter((c) => !c.valid);
};

const isAbsoluteHttpUrl = (url: string): boolean =>
  /^https?:\/\/[^/\s]+/i.test(url) && isSafeLink(url);

export interface FinanceApplicationOptions {
  /** Deposit steps allowed by configuration; any whole percentage 0–100 when absent. */
  readonly allowedDepositSteps?: readonly number[];
  /** Messages for the applicant fields; the English defaults when absent. */
  readonly messages?: ValidationMessages;
}

export const buildFinanceApplication = (
  input: FinanceApplicationInput,
  options: FinanceApplicationOptions = {},
): Result<FinanceApplicationRequest, FinanceApplicationError> => {
  const { cart, applicant } = input;
  if (cart.lines.length === 0) return err({ kind: 'empty-cart' });
  const badLine = cart.lines.findIndex((l) => !isValidLine(l));
  if (badLine >= 0) return err({ kind: 'invalid-line', index: badLine });
  if (
    !isNonNegativeCents(cart.taxCents) ||
    !isNonNegativeCents(cart.shippingCents ?? 0) ||
    cart.cartId.trim() === '' ||
    !Number.isSafeInteger(cart.version)
  ) {
    return err({ kind: 'invalid-cart' });
  }
  const totalCents = financeOrderTotalCents(cart);
  if (!isFinanceEligible(totalCents)) return err({ kind: 'ineligible-amount', totalCents });
  if (!isDepositPercentage(input.depositPercentage, options.allowedDepositSteps)) {
    return err({ kind: 'invalid-deposit', depositPercentage: input.depositPercentage });
  }
  if (input.financePlanId.trim() === '') return err({ kind: 'invalid-plan' });
  const applicantFailures = checkApplicant(
    applicant,
    options.messages ?? DEFAULT_VALIDATION_MESSAGES,
  );
  if (applicantFailures.length > 0) {
    return err({ kind: 'invalid-applicant', fields: applicantFailures });
  }
  if (!isAbsoluteHttpUrl(input.urls.merchantRedirectUrl)) {
    return err({ kind: 'invalid-url', field: 'merchantRedirectUrl' });
  }
  if (!isAbsoluteHttpUrl(input.urls.merchantCheckoutUrl)) {
    return err({ kind: 'invalid-url', field: 'merchantCheckoutUrl' });
  }
  return ok({
    finance_plan_id: input.financePlanId.trim(),
    deposit_percentage: input.depositPercentage,
    applicants: [
      {
        firstName: applicant.firstName.trim(),
        lastName: applicant.lastName.trim(),
        email: normalizeEmail(applicant.email),
        phoneNumber: financeApplicantPhone(applicant.phone),
      },
    ],
    order_items: financeOrderItems(cart),
    urls: {
      merchant_redirect_url: input.urls.merchantRedirectUrl,
      merchant_checkout_url: input.urls.merchantCheckoutUrl,
    },
    metadata: {
      cartId: cart.cartId,
      version: cart.version,
      paymentSource: input.paymentSource,
      planOption: FINANCE_PLAN_OPTION,
    },
  });
};

export type FinanceReturn = 'success' | 'failure';

/** The finance flow's return to checkout: paydiv=success or paydiv=failure; anything else, none. */
export const parseFinanceReturn = (paydiv: string | null | undefined): FinanceReturn | null => {
  const value = (paydiv ?? '').trim().toLowerCase();
  return value === 'success' || value === 'failure' ? value : null;
};
