/**
 * Spec §5 postal code: valid if it matches the per-country pattern (configuration map.{country}),
 * or if the address lookup's first result has an equal postal code. An empty code returns no
 * location. The lookup itself is the ValidatePostalCode use case; these are its pure parts.
 *
 * Readings we chose (docs/rules.md): codes are trimmed and upper-cased before the
 * pattern is tested (so "sw1a 1aa" is a GB code); "equal" ignores case and spaces; a code longer
 * than 12 characters or with characters other than letters, digits, spaces and hyphens is refused
 * without a lookup; a configured pattern that does not compile counts as no pattern.
 */
import { compilePattern } from './field-patterns';
import type { PostalLocation } from './ports';

export const POSTAL_CODE_MAX_LENGTH = 12;

/** Default per-country patterns (configuration may override or add countries). */
export const DEFAULT_POSTAL_CODE_PATTERNS: Readonly<Record<string, string>> = {
  US: '^\\d{5}(-\\d{4})?$',
  GB: '^(GIR 0AA|[A-Z]{1,2}\\d[A-Z\\d]? ?\\d[A-Z]{2})$',
  CA: '^[ABCEGHJ-NPRSTVXY]\\d[ABCEGHJ-NPRSTV-Z] ?\\d[ABCEGHJ-NPRSTV-Z]\\d$',
};

export const normalizePostalCode = (code: string): string => code.trim().toUpperCase();

/** Could be a postal code anywhere: worth asking the lookup about. */
export const isPlausiblePostalCode = (code: string): boolean => {
  const c = normalizePostalCode(code);
  return c !== '' && c.length <= POSTAL_CODE_MAX_LENGTH && /^[A-Z0-9][A-Z0-9 -]*$/.test(c);
};

export const postalPatternFor = (
  country: string,
  patterns: Readonly<Record<string, string>> = DEFAULT_POSTAL_CODE_PATTERNS,
): RegExp | null => {
  const key = country.trim().toUpperCase();
  const source = Object.hasOwn(patterns, key) ? patterns[key] : undefined;
  return typeof source === 'string' ? compilePattern(source) : null;
};

export const matchesPostalPattern = (
  code: string,
  country: string,
  patterns: Readonly<Record<string, string>> = DEFAULT_POSTAL_CODE_PATTERNS,
): boolean => {
  const c = normalizePostalCode(code);
  return c !== '' && (postalPatternFor(country, patterns)?.test(c) ?? false);
};

const compact = (code: string): string => code.replace(/\s+/g, '').toUpperCase();

/** "Equal postal code": the same code once case and spaces are ignored. */
export const samePostalCode = (a: string, b: string): boolean =>
  compact(a) !== '' && compact(a) === compact(b);

/** The lookup's answer confirms the code when its first result carries the same code. */
export const confirmedLocation = (
  code: string,
  results: readonly PostalLocation[],
): PostalLocation | null => {
  const first = results[0];
  return first !== undefined && samePostalCode(first.postalCode, code) ? first : null;
};
