/**
 * A 400 body `{message, errors: [{code, field, message}]}` is read in one place (fieldsErrorOf) and
 * becomes core's FieldsError, so ui never sees the HTTP adapter's ApiError for bad fields.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  fieldProblemsOf,
  fieldsErrorOf,
  kindForStatus,
} from '../../adapters/http/api-error';
import { FieldsError } from '../../core/shared/errors';

const answered = (status: number, errors: Record<string, unknown>[], serverMessage = 'refused') =>
  new ApiError(kindForStatus(status), serverMessage, {
    status,
    serverMessage,
    codes: errors.map((e) => e.code).filter((c): c is string => typeof c === 'string'),
    errors,
  });

const entry = fc.record({
  code: fc.constantFrom('InvalidField', 'AddressLimitReached', 'OutOfRange'),
  field: fc.string({ minLength: 1, maxLength: 30 }),
  message: fc.string({ maxLength: 30 }),
});

describe('fieldsErrorOf', () => {
  it('turns every 400 into FieldsError, one problem per named field, in order, with the server message', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 5 }), fc.string(), (errors, message) => {
        const error = fieldsErrorOf(answered(400, errors, message));
        expect(error).toBeInstanceOf(FieldsError);
        expect(error?.problems).toEqual(errors);
        expect(error?.message).toBe(message);
      }),
    );
  });

  it('reads a 403 ForbiddenProfileEdit as one problem per field it lists', () => {
    const error = fieldsErrorOf(
      answered(403, [{ code: 'ForbiddenProfileEdit', fields: ['companyName', 'businessType', 7] }]),
    );
    expect(error?.problems).toEqual([
      { field: 'companyName', code: 'ForbiddenProfileEdit', message: '' },
      { field: 'businessType', code: 'ForbiddenProfileEdit', message: '' },
    ]);
  });

  it('is null for every failure that is not about fields', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 401, max: 599 }),
        fc.array(entry, { maxLength: 3 }),
        (status, errors) => {
          expect(fieldsErrorOf(answered(status, errors))).toBeNull();
        },
      ),
    );
    expect(fieldsErrorOf(new Error('network down'))).toBeNull();
    expect(fieldsErrorOf(new ApiError('timeout', 'x'))).toBeNull();
  });

  it('finds the field a schema message names when the answer lists none', () => {
    const error = answered(400, [], 'body/email must match format "email"');
    expect(fieldProblemsOf(error)).toEqual([
      { field: 'email', code: 'InvalidField', message: 'must match format "email"' },
    ]);
    expect(fieldProblemsOf(answered(400, [], 'Bad Request'))).toEqual([]);
  });
});
