/**
 * What the server said when it refused an account call. The address-book port leaves bad fields
 * and forbidden edits as the HTTP adapter's ApiError (core/account/ports.ts), whose `errors`
 * entries name each field by its place in the request (`actions[0].address.postalCode`); the
 * sections turn those places back into their own fields. Message fragments such as "is required"
 * read as sentences once the field's label goes in front.
 */
import { ApiError } from '../../adapters/http/api-error';

export interface Refusal {
  readonly code: string;
  /** Where in the request, e.g. `actions[1].address.postalCode`; '' when not given. */
  readonly field: string;
  readonly message: string;
  /** ForbiddenProfileEdit: the profile fields the persona may not change. */
  readonly fields: readonly string[];
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The entries of a refused request; [] for a failure that is not the server's answer. */
export const refusalsOf = (error: unknown): readonly Refusal[] => {
  if (!(error instanceof ApiError)) return [];
  return (error.details.errors ?? []).map((e) => ({
    code: text(e.code),
    field: text(e.field),
    message: text(e.message),
    fields: Array.isArray(e.fields) ? e.fields.filter((f) => typeof f === 'string') : [],
  }));
};

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
