/**
 * Use case: customer or pro sign-up (spec §5 sign-up password rule, §7 POST /customer/signup,
 * §8 "Signup failure: server response data is returned"). The form is checked first, so a form the
 * server would refuse is not sent; what the server still refuses comes back as field errors.
 *
 * Readings we chose: names are required and safe text (spec §5), and match the configured pattern
 * map's `firstName`/`lastName` when it has them (as the profile form does); a professional needs a business
 * type; phone and ZIP code are optional and checked only when given (US ZIP pattern); the e-mail is
 * sent trimmed and lower-cased.
 */
import { validateEmail, normalizeEmail } from '../validation/email';
import {
  checkFieldPattern,
  DEFAULT_FIELD_RULES,
  type FieldRules,
} from '../validation/field-patterns';
import { failed, passed, type FieldValidation } from '../validation/field-validation';
import type { ValidationMessages } from '../validation/messages';
import { validateSignUpPassword } from '../validation/password';
import { validatePhone } from '../validation/phone';
import { matchesPostalPattern } from '../validation/postal-code';
import { isSafeText } from '../validation/text';
import type { CustomerAccounts, FieldError, SignUpForm, SignUpResult } from './ports';

export const NAME_MAX_LENGTH = 50;
export const ZIP_CODE_MESSAGE = 'Please enter a valid ZIP code';
export const BUSINESS_TYPE_MESSAGE = 'Please choose a business type';

const validateName = (field: string, value: string, rules: FieldRules): FieldValidation => {
  const m: ValidationMessages = rules.messages;
  const v = value.trim();
  if (v === '') return failed(field, m.required);
  if (v.length > NAME_MAX_LENGTH || !isSafeText(v)) return failed(field, m.safeText);
  return checkFieldPattern(field, v, rules);
};

const optionalText = (value: string | undefined): string | undefined => {
  const v = value?.trim() ?? '';
  return v === '' ? undefined : v;
};

/** Every failing field of the form, one error per field, in form order. */
export const validateSignUpForm = (
  form: SignUpForm,
  rules: FieldRules = DEFAULT_FIELD_RULES,
): readonly FieldError[] => {
  const messages = rules.messages;
  const checks: FieldValidation[] = [
    validateName('firstName', form.firstName, rules),
    validateName('lastName', form.lastName, rules),
    validateEmail(form.email, messages),
    validateSignUpPassword(form.password, messages),
  ];
  if (form.accountType === 'professional') {
    checks.push(
      optionalText(form.businessType) === undefined
        ? failed('businessType', BUSINESS_TYPE_MESSAGE)
        : passed('businessType'),
    );
  }
  const phone = optionalText(form.phone);
  if (phone !== undefined) checks.push(validatePhone(phone, messages));
  const zip = optionalText(form.zipCode);
  if (zip !== undefined && !matchesPostalPattern(zip, 'US')) {
    checks.push(failed('zipCode', ZIP_CODE_MESSAGE));
  }
  return checks
    .filter((c) => !c.valid)
    .map((c) => ({ field: c.field, message: c.message ?? messages.required }));
};

/** The form as sent: trimmed, e-mail normalised, blanks and pro-only fields left out. */
export const signUpPayload = (form: SignUpForm): SignUpForm => {
  const pro = form.accountType === 'professional';
  const businessType = pro ? optionalText(form.businessType) : undefined;
  const businessSubtype = pro ? optionalText(form.businessSubtype) : undefined;
  const phone = optionalText(form.phone);
  const zipCode = optionalText(form.zipCode);
  return {
    email: normalizeEmail(form.email),
    password: form.password,
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    accountType: form.accountType,
    ...(businessType === undefined ? {} : { businessType }),
    ...(businessSubtype === undefined ? {} : { businessSubtype }),
    ...(phone === undefined ? {} : { phone }),
    ...(zipCode === undefined ? {} : { zipCode }),
    ...(form.newsletter === undefined ? {} : { newsletter: form.newsletter }),
  };
};

export const SIGN_UP_INVALID_MESSAGE = 'Please check the highlighted fields.';

export class SignUp {
  constructor(private readonly accounts: CustomerAccounts) {}

  /** `rules`: the configured pattern map and messages (spec §3, §5), as the server applies them. */
  async execute(form: SignUpForm, rules: FieldRules = DEFAULT_FIELD_RULES): Promise<SignUpResult> {
    const errors = validateSignUpForm(form, rules);
    if (errors.length > 0) return { kind: 'invalid', errors, message: SIGN_UP_INVALID_MESSAGE };
    return this.accounts.signUp(signUpPayload(form));
  }
}
