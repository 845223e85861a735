/**
 * Bad input on the identity routes: 400 with one `{code: 'InvalidField', field, message}` per bad
 * field, and a message that names them all (docs/api.md "Identity"), as on every route.
 */
import { fieldError, type FieldError } from '../http/input';

// One 400 shape for the whole API (server/http/input.ts); the identity routes add the two
// text readers below.
export {
  fieldError,
  invalidField,
  invalidFields,
  isRecord,
  objectBody,
  type FieldError,
} from '../http/input';

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
