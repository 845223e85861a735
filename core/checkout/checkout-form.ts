/**
 * The checkout form's rules (spec §4 Checkout, §5 validation): the shipping address and the card
 * fields, checked before anything is sent. Each failing field gets one message; the form keeps what
 * the shopper typed.
 */
import { checkSavedAddress } from '../account/address-book';
import { err, ok, type Result } from '../shared/result';
import { isEmail, normalizeEmail } from '../validation/email';
import { failed, type FieldValidation } from '../validation/field-validation';
import { validateFieldPattern, type FieldPatternMap } from '../validation/field-patterns';
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
  type AddressForm,
  type CardDetails,
  type CheckoutAddress,
  type CheckoutCountry,
} from './checkout';

export type { AddressForm } from './checkout';

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

const ANY_STATE_MESSAGE = 'Please enter a two-letter state or province code';

const isCountry = (value: string): value is CheckoutCountry =>
  (CHECKOUT_COUNTRIES as readonly string[]).includes(value);

/** No country chosen: only the rules that hold anywhere apply (as on the server). */
const UNKNOWN_COUNTRY = 'ZZ';

const ADDRESS_FIELD_ORDER = Object.keys(EMPTY_ADDRESS_FORM) as readonly (keyof AddressForm)[];

const isAddressField = (field: string): field is keyof AddressForm =>
  (ADDRESS_FIELD_ORDER as readonly string[]).includes(field);

const inFormOrder = (failures: readonly FieldValidation[]): readonly FieldValidation[] =>
  [...failures].sort(
    (a, b) =>
      ADDRESS_FIELD_ORDER.indexOf(a.field as keyof AddressForm) -
      ADDRESS_FIELD_ORDER.indexOf(b.field as keyof AddressForm),
  );

/** The address to send, or the failing fields (in form order). */
export const validateAddress = (
  form: AddressForm,
  messages: ValidationMessages = DEFAULT_VALIDATION_MESSAGES,
  patterns: FieldPatternMap = {},
): Result<CheckoutAddress, readonly FieldValidation[]> => {
  const failures: FieldValidation[] = [];
  for (const field of REQUIRED_ADDRESS_FIELDS.slice(0, 2)) {
    if (form[field].trim() === '') failures.push(failed(field, messages.required));
  }
  if (!isEmail(form.email.trim())) failures.push(failed('email', messages.email));
  else {
    // The configured pattern map (spec §5) keys the e-mail as 'email'; the address's own fields
    // are judged by it in checkSavedAddress below.
    const configured = validateFieldPattern('email', form.email.trim(), patterns, messages);
    if (!configured.valid) failures.push(configured);
  }
  if (!isPhone(form.mobile)) {
    failures.push(failed('mobile', formatMessage(messages.phone, { min: PHONE_MIN_DIGITS })));
  }
  for (const field of REQUIRED_ADDRESS_FIELDS.slice(2)) {
    if (form[field].trim() === '') failures.push(failed(field, messages.required));
  }
  const country = form.country.trim().toUpperCase();
  if (!isCountry(country)) {
    failures.push(failed('country', messages.required));
    // No country yet: a state must still be one of a country the shop ships to.
    const state = form.state.trim().toUpperCase();
    if (country === '' && state !== '' && !CHECKOUT_COUNTRIES.some((c) => isRegionOf(c, state))) {
      failures.push(failed('state', ANY_STATE_MESSAGE));
    }
  } else {
    // The server takes only a real state or province of the country (core/validation/regions.ts).
    const state = form.state.trim();
    if (state !== '' && !isRegionOf(country, state.toUpperCase())) {
      failures.push(failed('state', STATE_MESSAGES[country]));
    }
    if (!matchesPostalPattern(form.postalCode, country)) {
      failures.push(failed('postalCode', messages.postalCode));
    }
  }
  // Names, street, city and lengths by the rules every address on the server obeys
  // (core/account/address-book.ts, server/http/address-input.ts): what the form takes, the server
  // does. The country itself was judged above (checkout ships to the US and Canada only).
  const saved = checkSavedAddress(
    {
      firstName: form.firstName,
      lastName: form.lastName,
      mobile: form.mobile,
      streetName: form.streetName,
      addressLine2: form.addressLine2,
      city: form.city,
      state: form.state,
      postalCode: form.postalCode,
      country: country === '' ? UNKNOWN_COUNTRY : country,
    },
    messages,
    patterns,
  );
  if (!saved.ok) {
    const named = new Set(failures.map((f) => f.field));
    for (const failure of saved.error) {
      const field = failure.field;
      if (field !== 'country' && isAddressField(field) && !named.has(field)) {
        failures.push(failure);
      }
    }
  }
  if (failures.length > 0 || !isCountry(country)) return err(inFormOrder(failures));
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
