/**
 * What the server said when it refused an account call's fields. The address-book port reports
 * them as core's FieldsError (core/account/ports.ts), whose problems name each field by its place
 * in the request (`actions[0].address.postalCode`) with a code and a message; the sections turn
 * those places back into their own fields. Message fragments such as "is required" read as
 * sentences once the field's label goes in front.
 */
import { FieldsError, type FieldProblem } from '../../core/shared/errors';

export type Refusal = FieldProblem;

/** The refused fields of a failure; [] for a failure that names none (network, server error). */
export const refusalsOf = (error: unknown): readonly Refusal[] =>
  error instanceof FieldsError ? error.problems : [];

/** `actions[2].address.postalCode` → { index: 2, rest: 'address.postalCode' }. */
export const actionPlace = (field: string): { index: number; rest: string } | null => {
  const match = /^actions\[(\d+)\](?:\.(.*))?$/.exec(field);
  if (match === null) return null;
  return { index: Number(match[1]), rest: match[2] ?? '' };
};

/** "is required" → "First name is required"; a whole sentence stays as it is. */
export const messageFor = (label: string, message: string): string => {
  const trimmed = message.trim();
  if (trimmed === '') return `${label} is not valid`;
  return /^[a-z]/.test(trimmed) ? `${label} ${trimmed}` : trimmed;
};
