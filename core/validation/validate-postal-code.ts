/**
 * Use case: check a postal code for a country and find where it is (spec §5, §7 zip lookup).
 * Valid when it matches the country's pattern or the lookup's first result has the same code;
 * the location is the lookup's first result when that result confirms the code. An empty code
 * returns no location and makes no call; a failed lookup counts as no results (spec §8: address
 * lookup failures are only logged, with an empty fallback).
 */
import { failed, passed, type FieldValidation } from './field-validation';
import { DEFAULT_VALIDATION_MESSAGES, type ValidationMessages } from './messages';
import type { PostalCodeLookup, PostalLocation } from './ports';
import {
  confirmedLocation,
  DEFAULT_POSTAL_CODE_PATTERNS,
  isPlausiblePostalCode,
  matchesPostalPattern,
  normalizePostalCode,
} from './postal-code';

export interface PostalCodeValidation extends FieldValidation {
  readonly location: PostalLocation | null;
}

export interface PostalCodeInput {
  readonly postalCode: string;
  readonly country: string;
  readonly field?: string;
}

export class ValidatePostalCode {
  constructor(
    private readonly lookup: PostalCodeLookup,
    private readonly patterns: Readonly<Record<string, string>> = DEFAULT_POSTAL_CODE_PATTERNS,
    private readonly messages: ValidationMessages = DEFAULT_VALIDATION_MESSAGES,
    private readonly onLookupError: (error: unknown) => void = () => {},
  ) {}

  async execute(input: PostalCodeInput): Promise<PostalCodeValidation> {
    const field = input.field ?? 'postalCode';
    const code = normalizePostalCode(input.postalCode);
    if (code === '') return { ...failed(field, this.messages.required), location: null };
    if (!isPlausiblePostalCode(code)) {
      return { ...failed(field, this.messages.postalCode), location: null };
    }
    const results = await this.lookup.lookup(code, input.country).catch((error: unknown) => {
      this.onLookupError(error);
      return [] as const;
    });
    const location = confirmedLocation(code, results);
    const valid = matchesPostalPattern(code, input.country, this.patterns) || location !== null;
    return { ...(valid ? passed(field) : failed(field, this.messages.postalCode)), location };
  }
}
