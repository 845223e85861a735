/**
 * Use case: customer or pro sign-up (spec §5 sign-up password rule, §7 POST /customer/signup,
 * §8 "Signup failure: server response data is returned"). The form is checked first, so a form the
 * server would refuse is not sent; what the server still refuses comes back as field errors.
 *
 * Readings we chose: names are required and safe text (spec §5); a professional needs a business
 * type; phone and ZIP code are optional and checked only when given (US ZIP pattern); the e-mail is
 * sent trimmed and lower-cased.
 */
import { validateEmail, normalizeEmail } from '../validation/email';
import { failed, passed, type FieldValidation } from '../validation/field-validation';
import { DEFAULT_VALIDATION_MESSAGES, type ValidationMessages } from '../validation/messages';
import { validateSignUpPassword } from '../validation/password';
import { validatePhone } from '../validation/phone';
import { matchesPostalPattern } from '../validation/postal-code';
import { isSafeText } from '../validation/text';
import type { CustomerAccounts, FieldError, SignUpForm, SignUpResult } from './ports';

export const NAME_MAX_LENGTH = 50;
export const ZIP_CODE_MESSAGE = 'Please enter a valid ZIP code';
export const BUSINESS_TYPE_MESSAGE = 'Please choose a business type';

const validateName = (field: string, value: string, m: ValidationMessages): FieldValidation => {
  const v = value.trim();
  if (v === '') return failed(field, m.required);
  if (v.length > NAME_MAX_LENGTH || !isSafeText(v)) return failed(field, m.safeText);
  return passed(field);
};

const optionalText = (value: string | undefined): string | undefined => {
  const v = value?.trim() ?? '';
  return v === '' ? undefined : v;
};

/** Every failing field of the form, one error per field, in form order. */
export const validateSignUpForm = (
  form: SignUpForm,
  messages: ValidationMessages = DEFAULT_VALIDATION_MESSAGES,
): readonly FieldError[] => {
  const checks: FieldValidation[] = [
    validateName('firstName', form.firstName, messages),
    validateName('lastName', form.lastName, messages),
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
  constructor(
    private readonly accounts: CustomerAccounts,
    private readonly messages: ValidationMessages = DEFAULT_VALIDATION_MESSAGES,
  ) {}

  async execute(form: SignUpForm): Promise<SignUpResult> {
    const errors = validateSignUpForm(form, this.messages);
    if (errors.length > 0) return { kind: 'invalid', errors, message: SIGN_UP_INVALID_MESSAGE };
    return this.accounts.signUp(signUpPayload(form));
  }
}
