/**
 * Spec §5 and §9: the payment amount is at least 350 and at most 15000 (dollars, both inclusive);
 * the finance deposit is a percentage.
 *
 * Reading we chose (docs/rules.md): the deposit is a whole percentage from 0 to 100
 * (10 means 10 %); configuration may narrow it to a list of allowed steps (e.g. 0, 10, 20, 50).
 */
import { formatMoney, isCents, money, type Cents } from '../shared/money';
import { failed, passed, type FieldValidation } from './field-validation';
import { DEFAULT_VALIDATION_MESSAGES, formatMessage, type ValidationMessages } from './messages';

export const PAYMENT_AMOUNT_MIN = 350;
export const PAYMENT_AMOUNT_MAX = 15000;
export const PAYMENT_AMOUNT_MIN_CENTS: Cents = PAYMENT_AMOUNT_MIN * 100;
export const PAYMENT_AMOUNT_MAX_CENTS: Cents = PAYMENT_AMOUNT_MAX * 100;

export const isPaymentAmountInRange = (cents: Cents): boolean =>
  isCents(cents) && cents >= PAYMENT_AMOUNT_MIN_CENTS && cents <= PAYMENT_AMOUNT_MAX_CENTS;

export const validatePaymentAmount = (
  cents: Cents,
  messages: ValidationMessages = DEFAULT_VALIDATION_MESSAGES,
  field = 'amount',
): FieldValidation => {
  const min = formatMoney(money(PAYMENT_AMOUNT_MIN_CENTS));
  const max = formatMoney(money(PAYMENT_AMOUNT_MAX_CENTS));
  if (!isCents(cents) || cents < PAYMENT_AMOUNT_MIN_CENTS) {
    return failed(field, formatMessage(messages.paymentAmountTooLow, { min, max }));
  }
  if (cents > PAYMENT_AMOUNT_MAX_CENTS) {
    return failed(field, formatMessage(messages.paymentAmountTooHigh, { min, max }));
  }
  return passed(field);
};

export const DEPOSIT_PERCENTAGE_MIN = 0;
export const DEPOSIT_PERCENTAGE_MAX = 100;

/** A whole percentage in 0–100, and one of `allowedSteps` when configuration gives them. */
export const isDepositPercentage = (value: number, allowedSteps?: readonly number[]): boolean =>
  Number.isInteger(value) &&
  value >= DEPOSIT_PERCENTAGE_MIN &&
  value <= DEPOSIT_PERCENTAGE_MAX &&
  (allowedSteps === undefined || allowedSteps.length === 0 || allowedSteps.includes(value));

export const validateDepositPercentage = (
  value: number,
  allowedSteps?: readonly number[],
  messages: ValidationMessages = DEFAULT_VALIDATION_MESSAGES,
  field = 'depositPercentage',
): FieldValidation =>
  isDepositPercentage(value, allowedSteps)
    ? passed(field)
    : failed(
        field,
        formatMessage(messages.depositPercentage, {
          min: DEPOSIT_PERCENTAGE_MIN,
          max: DEPOSIT_PERCENTAGE_MAX,
        }),
      );
