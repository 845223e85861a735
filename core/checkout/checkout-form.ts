/**
 * The checkout form's rules (spec §4 Checkout, §5 validation): the shipping address and the card
 * fields, checked before anything is sent. Each failing field gets one message; the form keeps what
 * the shopper typed.
 */
import { err, ok, type Result } from '../shared/result';
import { isEmail, normalizeEmail } from '../validation/email';
import { failed, type FieldValidation } from '../validation/field-validation';
import {
  DEFAULT_VALIDATION_MESSAGES,
  formatMessage,
  type ValidationMessages,
} from '../validation/messages';
import { isPhone, PHONE_MIN_DIGITS } from '../validation/phone';
import { matchesPostalPattern, normalizePostalCode } from '../validation/postal-code';
import { isRegionOf } from '../validation/regions';
import {
  CARD_BRANDS,
  cardMessages,
  checkCardExpiry,
  checkCardNumber,
  isSecurityCodeValid,
  type CardBrand,
  type CardMessages,
} from './card';
import {
  CHECKOUT_COUNTRIES,
  type CardDetails,
  type CheckoutAddress,
  type CheckoutCountry,
} from './checkout';

/** The address form as typed: every field a string. */
export interface AddressForm {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly mobile: string;
  readonly streetName: string;
  readonly addressLine2: string;
  readonly city: string;
  readonly state: string;
  readonly postalCode: string;
  readonly country: string;
}

export const EMPTY_ADDRESS_FORM: AddressForm = {
  firstName: '',
  lastName: '',
  email: '',
  mobile: '',
  streetName: '',
  addressLine2: '',
  city: '',
  state: '',
  postalCode: '',
  country: 'US',
};

const REQUIRED_ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'streetName',
  'city',
  'state',
] as const satisfies readonly (keyof AddressForm)[];

const STATE_MESSAGES: Readonly<Record<CheckoutCountry, string>> = {
  US: 'Please enter the two-letter state code, e.g. NY',
  CA: 'Please enter the two-letter province code, e.g. ON',
};

const isCountry = (value: string): value is CheckoutCountry =>
  (CHECKOUT_COUNTRIES as readonly string[]).includes(value);

/** The address to send, or the failing fields (in form order). */
export const validateAddress = (
  form: AddressForm,
  messages: ValidationMessages = DEFAULT_VALIDATION_MESSAGES,
): Result<CheckoutAddress, readonly FieldValidation[]> => {
  const failures: FieldValidation[] = [];
  for (const field of REQUIRED_ADDRESS_FIELDS.slice(0, 2)) {
    if (form[field].trim() === '') failures.push(failed(field, messages.required));
  }
  if (!isEmail(form.email.trim())) failures.push(failed('email', messages.email));
  if (!isPhone(form.mobile)) {
    failures.push(failed('mobile', formatMessage(messages.phone, { min: PHONE_MIN_DIGITS })));
  }
  for (const field of REQUIRED_ADDRESS_FIELDS.slice(2)) {
    if (form[field].trim() === '') failures.push(failed(field, messages.required));
  }
  const country = form.country.trim().toUpperCase();
  if (!isCountry(country)) failures.push(failed('country', messages.required));
  else {
    // The server takes only a real state or province of the country (core/validation/regions.ts).
    const state = form.state.trim();
    if (state !== '' && !isRegionOf(country, state.toUpperCase())) {
      failures.push(failed('state', STATE_MESSAGES[country]));
    }
    if (!matchesPostalPattern(form.postalCode, country)) {
      failures.push(failed('postalCode', messages.postalCode));
    }
  }
  if (failures.length > 0 || !isCountry(country)) return err(failures);
  const line2 = form.addressLine2.trim();
  return ok({
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    email: normalizeEmail(form.email),
    mobile: form.mobile.trim(),
    streetName: form.streetName.trim(),
    ...(line2 === '' ? {} : { addressLine2: line2 }),
    city: form.city.trim(),
    state: form.state.trim(),
    postalCode: normalizePostalCode(form.postalCode),
    country,
  });
};

/** The card form as typed. */
export interface CardForm {
  readonly number: string;
  readonly expiryMonth: string;
  readonly expiryYear: string;
  readonly securityCode: string;
  readonly holderName: string;
}

export const EMPTY_CARD_FORM: CardForm = {
  number: '',
  expiryMonth: '',
  expiryYear: '',
  securityCode: '',
  holderName: '',
};

const wholeNumber = (value: string): number =>
  /^\s*\d{1,4}\s*$/.test(value) ? Number(value.trim()) : Number.NaN;

/** The card to send (digits only, full year), or the failing fields. */
export interface CardRules {
  /** The brands the configuration's card types accept (all by default). */
  readonly accepted?: readonly CardBrand[];
  readonly messages?: CardMessages;
  readonly required?: string;
}

export const validateCard = (
  form: CardForm,
  now: number,
  rules: CardRules = {},
): Result<CardDetails, readonly FieldValidation[]> => {
  const accepted = rules.accepted ?? CARD_BRANDS;
  const messages = rules.messages ?? cardMessages(accepted);
  const required = rules.required ?? DEFAULT_VALIDATION_MESSAGES.required;
  const failures: FieldValidation[] = [];
  if (form.holderName.trim() === '') failures.push(failed('holderName', required));
  const number = checkCardNumber(form.number, accepted);
  if (!number.ok) failures.push(failed('number', messages.number[number.error]));
  const month = wholeNumber(form.expiryMonth);
  const year = wholeNumber(form.expiryYear);
  const expiry = checkCardExpiry({ month, year }, now);
  if (!expiry.ok) {
    const field = expiry.error === 'invalid-month' ? 'expiryMonth' : 'expiryYear';
    failures.push(failed(field, messages.expiry[expiry.error]));
  }
  const code = form.securityCode.trim();
  if (number.ok && !isSecurityCodeValid(code, number.value.brand)) {
    failures.push(failed('securityCode', messages.securityCode));
  } else if (!number.ok && !/^\d{3,4}$/.test(code)) {
    failures.push(failed('securityCode', messages.securityCode));
  }
  if (failures.length > 0 || !number.ok || !expiry.ok) return err(failures);
  return ok({
    number: number.value.digits,
    expiryMonth: expiry.value.month,
    expiryYear: expiry.value.year,
    securityCode: code,
    holderName: form.holderName.trim(),
  });
};
