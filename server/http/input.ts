/**
 * Reading a request's input by hand, the one way every route does it (docs/api.md "Errors"): a
 * bad value is a 400 `{statusCode, error, message, errors: [{code: 'InvalidField', field,
 * message}]}` whose message names each field. Routes that report every bad field collect them in
 * FieldProblems; routes that stop at the first throw `invalidField`. Either way the body is the
 * same shape, so a client reads one kind of 400.
 */
import { ApiError } from './errors';

export type Json = Readonly<Record<string, unknown>>;

export interface FieldError {
  readonly code: 'InvalidField';
  /** Where in the request: `cartId`, `actions[1].address.postalCode`, `querystring.email`. */
  readonly field: string;
  /** A fragment ("is required") or a configured sentence ("Please enter a valid email address"). */
  readonly message: string;
}

/** Server-issued ids (UUIDs) and the ids clients choose for them: anything else is none of ours. */
export const SERVER_ID = /^[A-Za-z0-9-]{1,100}$/;
/** A version counter (carts, lists, profiles): a PostgreSQL integer from 1. */
export const MAX_VERSION = 2_147_483_647;

export const fieldError = (field: string, message: string): FieldError => ({
  code: 'InvalidField',
  field,
  message,
});

/** "cartId is required", "address.email: Please enter a valid email address". */
export const describeFieldError = ({ field, message }: FieldError): string =>
  /^[a-z]/.test(message) ? `${field} ${message}` : `${field}: ${message}`;

export const invalidFields = (errors: readonly FieldError[]): ApiError =>
  new ApiError(
    400,
    errors.map(describeFieldError).join('; '),
    errors.map((e) => ({ code: e.code, field: e.field, message: e.message })),
  );

export const invalidField = (field: string, message: string): ApiError =>
  invalidFields([fieldError(field, message)]);

export const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The body (or a member) as an object, or a 400 naming it. */
export const objectBody = (body: unknown, field = 'body'): Json => {
  if (!isRecord(body)) throw invalidField(field, 'must be a JSON object');
  return body;
};

export const isServerId = (value: unknown): value is string =>
  typeof value === 'string' && SERVER_ID.test(value);

/** A query parameter given at most once, as text; undefined when absent. */
export const queryText = (query: unknown, key: string): string | undefined => {
  const value = isRecord(query) ? query[key] : undefined;
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidField(`querystring.${key}`, 'must be given once');
  return value;
};

export interface TextRule {
  /** Most characters (code points) once trimmed; default 200. */
  readonly max?: number;
  /** Absent, null or blank is a problem ('is required'); default true. */
  readonly required?: boolean;
  /** Tested on the trimmed value. */
  readonly pattern?: RegExp;
  /** The problem when `pattern` does not match; default 'is not valid'. */
  readonly what?: string;
  /** Return the value as sent rather than trimmed (ids, tokens, SKUs). */
  readonly untrimmed?: boolean;
}

const DEFAULT_TEXT_MAX = 200;

/** Every bad field of one request, reported together (`check`). */
export class FieldProblems {
  private readonly problems: FieldError[] = [];

  add(field: string, message: string): void {
    this.problems.push(fieldError(field, message));
  }

  get empty(): boolean {
    return this.problems.length === 0;
  }

  get list(): readonly FieldError[] {
    return this.problems;
  }

  /** Throws the 400 naming every field that is wrong, if any is. */
  check(): void {
    if (this.problems.length > 0) throw invalidFields(this.problems);
  }

  /**
   * A text value: undefined (with a problem if required) when absent, null or blank; a problem
   * when it is not a string, too long or not of the pattern.
   */
  text(value: unknown, field: string, rule: TextRule = {}): string | undefined {
    if (
      value === undefined ||
      value === null ||
      (typeof value === 'string' && value.trim() === '')
    ) {
      if (rule.required !== false) this.add(field, 'is required');
      return undefined;
    }
    if (typeof value !== 'string') {
      this.add(field, 'must be text');
      return undefined;
    }
    const trimmed = value.trim();
    const max = rule.max ?? DEFAULT_TEXT_MAX;
    if ([...trimmed].length > max) {
      this.add(field, `must be at most ${max} characters`);
      return undefined;
    }
    if (
      rule.pattern !== undefined &&
      !rule.pattern.test(rule.untrimmed === true ? value : trimmed)
    ) {
      this.add(field, rule.what ?? 'is not valid');
      return undefined;
    }
    return rule.untrimmed === true ? value : trimmed;
  }

  /** A whole number from `min` to `max`; absent or null is 'is required'. */
  wholeNumber(value: unknown, field: string, min: number, max: number): number | undefined {
    if (value === undefined || value === null) {
      this.add(field, 'is required');
      return undefined;
    }
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      this.add(field, `must be a whole number from ${min} to ${max}`);
      return undefined;
    }
    return value;
  }

  /** An object member; absent or null is 'is required'. */
  object(value: unknown, field: string): Json | undefined {
    if (isRecord(value)) return value;
    this.add(field, value === undefined || value === null ? 'is required' : 'must be an object');
    return undefined;
  }

  /** A version (`{version}` of an update): a whole number from 1. */
  version(value: unknown, field = 'version'): number | undefined {
    return this.wholeNumber(value, field, 1, MAX_VERSION);
  }
}

/** Reads one value the stop-at-first way: its value, or the 400 naming its field. */
export const readOrThrow = <T>(read: (problems: FieldProblems) => T | undefined): T => {
  const problems = new FieldProblems();
  const value = read(problems);
  problems.check();
  // No problem means the reader gave a value.
  return value as T;
};

/** `text` that throws at the first problem. */
export const text = (value: unknown, field: string, rule: TextRule = {}): string =>
  readOrThrow((p) => p.text(value, field, rule));

/** Optional `text` that throws at the first problem; undefined when absent or blank. */
export const optionalText = (
  value: unknown,
  field: string,
  rule: Omit<TextRule, 'required'> = {},
): string | undefined => {
  const problems = new FieldProblems();
  const result = problems.text(value, field, { ...rule, required: false });
  problems.check();
  return result;
};

/** `wholeNumber` that throws at the first problem. */
export const wholeNumber = (value: unknown, field: string, min: number, max: number): number =>
  readOrThrow((p) => p.wholeNumber(value, field, min, max));

/** `object` that throws at the first problem. */
export const object = (value: unknown, field: string): Json =>
  readOrThrow((p) => p.object(value, field));

/** `version` that throws at the first problem. */
export const version = (value: unknown, field = 'version'): number =>
  readOrThrow((p) => p.version(value, field));

/** A list of `min` to `max` entries; absent or null is 'is required'. */
export const list = (
  value: unknown,
  field: string,
  min: number,
  max: number,
): readonly unknown[] => {
  if (value === undefined || value === null) throw invalidField(field, 'is required');
  if (!Array.isArray(value)) throw invalidField(field, 'must be a list');
  if (value.length < min || value.length > max) {
    throw invalidField(
      field,
      min === max ? `must hold ${min} entries` : `must hold ${min} to ${max} entries`,
    );
  }
  return value;
};
