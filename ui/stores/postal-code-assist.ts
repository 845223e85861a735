/**
 * Postal codes in the address forms (checkout and the address book; spec §5 with the zip lookup's
 * fallback): when the shopper leaves the postal code field, ValidatePostalCode checks it; a code
 * the lookup places fills the city and state that are empty (or that it filled itself before), and
 * a code neither the country's pattern nor the lookup accepts is named on the field. A lookup that
 * cannot judge (down, a country it does not know) changes nothing: the address is never blocked by
 * it, and saving still goes by the forms' own rules.
 */
import type { Container } from 'inversify';
import type { LoadAreas } from '../../adapters/di/areas';
import { TYPES } from '../../adapters/di/types';
import { matchesPostalPattern, normalizePostalCode } from '../../core/validation/postal-code';
import type {
  PostalCodeValidation,
  ValidatePostalCode,
} from '../../core/validation/validate-postal-code';

/** The check's answer, or null when the lookup was not asked because it cannot judge the code. */
export type CheckPostalCode = (
  postalCode: string,
  country: string,
) => Promise<PostalCodeValidation | null>;

/** The countries whose codes the maps service's zip lookup knows (docs/stores.md). */
export const LOOKUP_COUNTRIES: readonly string[] = ['US', 'CA'];

/**
 * Whether the zip lookup can judge this code: a US ZIP or Canadian postal code in its country's
 * shape. Any other the service refuses as malformed or of an unknown country (a 400): it is left to
 * the form's own rules when the address is saved, not asked about.
 */
export const lookupCanJudge = (postalCode: string, country: string): boolean => {
  const where = country.trim().toUpperCase();
  return (
    LOOKUP_COUNTRIES.includes(where) && matchesPostalPattern(normalizePostalCode(postalCode), where)
  );
};

/** The check through the container's `stores` area, loaded on first use. */
export const checkPostalCodeOf =
  (c: Container): CheckPostalCode =>
  async (postalCode, country) => {
    if (!lookupCanJudge(postalCode, country)) return null;
    await c.get<LoadAreas>(TYPES.LoadAreas)(['stores']);
    return c
      .get<ValidatePostalCode>(TYPES.ValidatePostalCode)
      .execute({ postalCode, country, field: 'postalCode' });
  };

export interface CityAndState {
  readonly city: string;
  readonly state: string;
}

export type PostalCodeAdvice =
  /** The code is placed: these are the city and state to show (null: leave that one). */
  | { readonly kind: 'fill'; readonly city: string | null; readonly state: string | null }
  | { readonly kind: 'invalid'; readonly message: string }
  | { readonly kind: 'none' };

export const FILLED_FROM_POSTAL_CODE = 'City and state filled in from the postal code.';

/**
 * What the form should do with a check's answer, given what it shows now and what it filled in
 * last time (so a corrected code can correct its own filling, never the shopper's typing).
 */
export const adviseOnPostalCode = (
  check: PostalCodeValidation | null,
  shown: CityAndState,
  filled: CityAndState | null,
): PostalCodeAdvice => {
  if (check === null) return { kind: 'none' };
  if (!check.valid)
    return { kind: 'invalid', message: check.message ?? 'Enter a valid postal code.' };
  const location = check.location;
  if (location === null) return { kind: 'none' };
  const replaceable = (field: keyof CityAndState) =>
    shown[field].trim() === '' || (filled !== null && shown[field] === filled[field]);
  const city = location.city !== undefined && replaceable('city') ? location.city : null;
  const state = location.state !== undefined && replaceable('state') ? location.state : null;
  return city === null && state === null ? { kind: 'none' } : { kind: 'fill', city, state };
};

/** An address form's state that the postal-code step reads and changes. */
export interface AssistedForm<F, E> {
  readonly form: F;
  readonly errors: E;
  readonly filled: CityAndState | null;
}

export interface AssistedResult<F, E> extends AssistedForm<F, E> {
  /** The hint under the postal code: the fill note, or none. */
  readonly hint: string | null;
}

type AddressForm = CityAndState & { readonly postalCode: string; readonly country: string };

/**
 * The shopper left the postal code: asks the check about it and, when the answer is for the code
 * the form still shows, says what the form becomes — the city and state it names filled in (their
 * errors cleared), or the code's error. Null when nothing changes: no check, a blank or changed
 * code, or a lookup that cannot judge (it failed, or was not asked): the address stands as typed.
 * The checkout's and the address book's forms both take this step.
 */
export const assistPostalCode = async <F extends AddressForm, E extends object>(
  check: CheckPostalCode | undefined,
  current: () => AssistedForm<F, E>,
): Promise<AssistedResult<F, E> | null> => {
  const { postalCode, country } = current().form;
  if (check === undefined || postalCode.trim() === '') return null;
  let answer;
  try {
    answer = await check(postalCode, country);
  } catch {
    return null;
  }
  const now = current();
  if (now.form.postalCode !== postalCode || now.form.country !== country) return null;
  const advice = adviseOnPostalCode(answer, now.form, now.filled);
  if (advice.kind === 'invalid') {
    return { ...now, errors: { ...now.errors, postalCode: advice.message }, hint: null };
  }
  if (advice.kind === 'none') return null;
  const form = {
    ...now.form,
    city: advice.city ?? now.form.city,
    state: advice.state ?? now.form.state,
  };
  const { city: _city, state: _state, ...errors } = now.errors as Record<string, unknown>;
  return {
    form,
    errors: errors as E,
    filled: { city: form.city, state: form.state },
    hint: FILLED_FROM_POSTAL_CODE,
  };
};
