/**
 * The outcome of checking one form field: which field, whether it passed, and the message to show
 * (the first unmet condition's, taken from configuration). Forms render `message` next to `field`.
 */
import { err, ok, type Result } from '../shared/result';

export interface FieldValidation {
  readonly field: string;
  readonly valid: boolean;
  /** The message to show; null exactly when the field is valid. */
  readonly message: string | null;
}

export const passed = (field: string): FieldValidation => ({ field, valid: true, message: null });

export const failed = (field: string, message: string): FieldValidation => ({
  field,
  valid: false,
  message,
});

/** The first failing check, or null when all pass (checks are ordered by importance). */
export const firstFailure = (checks: readonly FieldValidation[]): FieldValidation | null =>
  checks.find((c) => !c.valid) ?? null;

/** A value when every check passed, otherwise the failing checks (one per field). */
export const collect = <T>(
  value: T,
  checks: readonly FieldValidation[],
): Result<T, readonly FieldValidation[]> => {
  const failures = checks.filter((c) => !c.valid);
  return failures.length === 0 ? ok(value) : err(failures);
};
