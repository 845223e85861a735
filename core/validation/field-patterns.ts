/**
 * Spec §3 and §5: other field patterns come from a configured pattern map keyed by field. A field
 * with no entry is not constrained here; an entry that does not compile is ignored rather than
 * blocking the shopper (the configuration is at fault, not the input). Patterns are RegExp
 * sources tested without flags, so the configuration decides anchoring.
 */
import { failed, passed, type FieldValidation } from './field-validation';
import { DEFAULT_VALIDATION_MESSAGES, type ValidationMessages } from './messages';

export type FieldPatternMap = Readonly<Record<string, string>>;

const cache = new Map<string, RegExp | null>();

/** Compiles a configured source once; null when it is not a valid regular expression. */
export const compilePattern = (source: string): RegExp | null => {
  if (cache.has(source)) return cache.get(source) ?? null;
  let compiled: RegExp | null;
  try {
    compiled = new RegExp(source);
  } catch {
    compiled = null;
  }
  if (cache.size > 500) cache.clear();
  cache.set(source, compiled);
  return compiled;
};

/** The usable pattern for a field, or null when the map has none (or only a broken one). */
export const patternFor = (field: string, map: FieldPatternMap): RegExp | null => {
  const source = Object.hasOwn(map, field) ? map[field] : undefined;
  return typeof source === 'string' ? compilePattern(source) : null;
};

export const matchesFieldPattern = (field: string, value: string, map: FieldPatternMap): boolean =>
  patternFor(field, map)?.test(value) ?? true;

export const validateFieldPattern = (
  field: string,
  value: string,
  map: FieldPatternMap,
  messages: ValidationMessages = DEFAULT_VALIDATION_MESSAGES,
): FieldValidation =>
  matchesFieldPattern(field, value, map)
    ? passed(field)
    : failed(field, messages.fieldPatterns[field] ?? messages.fieldPattern);
