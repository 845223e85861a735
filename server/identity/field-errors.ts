/**
 * Bad input on the identity routes: 400 with one `{code: 'InvalidField', field, message}` per bad
 * field, and a message that names them all (docs/api.md "Identity").
 */
import { ApiError } from '../http/errors';

export interface FieldError {
  readonly code: 'InvalidField';
  readonly field: string;
  readonly message: string;
}

export const fieldError = (field: string, message: string): FieldError => ({
  code: 'InvalidField',
  field,
  message,
});

export const invalidFields = (errors: readonly FieldError[]): ApiError =>
  new ApiError(
    400,
    errors.map((e) => `${e.field}: ${e.message}`).join('; '),
    errors.map((e) => ({ code: e.code, field: e.field, message: e.message })),
  );

export const invalidField = (field: string, message: string): ApiError =>
  invalidFields([fieldError(field, message)]);

export const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The body as an object, or a 400 naming `body`. */
export const objectBody = (body: unknown): Readonly<Record<string, unknown>> => {
  if (!isRecord(body)) throw invalidField('body', 'must be a JSON object');
  return body;
};

/** A required text field: present, a string, not blank, at most `max` characters. */
export const requiredText = (
  body: Readonly<Record<string, unknown>>,
  field: string,
  max: number,
  errors: FieldError[],
): string | null => {
  const value = body[field];
  if (value === undefined || value === null) {
    errors.push(fieldError(field, 'is required'));
    return null;
  }
  if (typeof value !== 'string') {
    errors.push(fieldError(field, 'must be text'));
    return null;
  }
  if (value.trim() === '') {
    errors.push(fieldError(field, 'is required'));
    return null;
  }
  if ([...value].length > max) {
    errors.push(fieldError(field, `must be at most ${max} characters`));
    return null;
  }
  return value;
};

/** An optional text field: absent, null or blank is "not given"; otherwise as requiredText. */
export const optionalText = (
  body: Readonly<Record<string, unknown>>,
  field: string,
  max: number,
  errors: FieldError[],
): string | null => {
  const value = body[field];
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    return null;
  }
  return requiredText(body, field, max, errors);
};
