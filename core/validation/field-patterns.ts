/**
 * Spec §3 and §5: other field patterns come from a configured pattern map keyed by field. A field
 * with no entry is not constrained here; an entry that does not compile is ignored rather than
 * blocking the shopper (the configuration is at fault, not the input). Patterns are RegExp
 * sources tested without flags, so the configuration decides anchoring.
 */
import { failed, passed, type FieldValidation } from './field-validation';
import {
  DEFAULT_VALIDATION_MESSAGES,
  resolveValidationMessages,
  type ValidationMessages,
} from './messages';

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

/**
 * What a form's field checks read from configuration (spec §3 pattern map, §5 condition messages):
 * the screens and the server build it from the same configuration, so they judge alike.
 */
export interface FieldRules {
  readonly patterns: FieldPatternMap;
  readonly messages: ValidationMessages;
}

export const DEFAULT_FIELD_RULES: FieldRules = {
  patterns: {},
  messages: DEFAULT_VALIDATION_MESSAGES,
};

/** The field rules of a configuration: its pattern map and its messages over the defaults. */
export const fieldRulesOf = (configuration: {
  readonly patterns?: FieldPatternMap;
  readonly validationMessages?: unknown;
}): FieldRules => ({
  patterns: configuration.patterns ?? {},
  messages: resolveValidationMessages(configuration.validationMessages ?? {}),
});

/**
 * The configured pattern's verdict on a value as it will be kept (trimmed). A blank value passes:
 * whether a field may be empty is the required rule's business, not the pattern's.
 */
export const checkFieldPattern = (
  field: string,
  value: string,
  rules: FieldRules = DEFAULT_FIELD_RULES,
): FieldValidation => {
  const trimmed = value.trim();
  return trimmed === ''
    ? passed(field)
    : validateFieldPattern(field, trimmed, rules.patterns, rules.messages);
};
