import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PostalCodeLookup, PostalLocation } from '../../../core/validation/ports';
import {
  confirmedLocation,
  matchesPostalPattern,
  samePostalCode,
} from '../../../core/validation/postal-code';
import { ValidatePostalCode } from '../../../core/validation/validate-postal-code';

const usZip = fc.stringMatching(/^\d{5}(-\d{4})?$/);
const gbPostcode = fc
  .tuple(
    fc.stringMatching(/^[A-Z]{1,2}\d[A-Z\d]?$/),
    fc.constantFrom(' ', ''),
    fc.stringMatching(/^\d[A-Z]{2}$/),
  )
  .map(([outward, gap, inward]) => `${outward}${gap}${inward}`);
const caPostcode = fc
  .tuple(
    fc.constantFrom(...'ABCEGHJKLMNPRSTVXY'),
    fc.constantFrom(...'0123456789'),
    fc.constantFrom(...'ABCEGHJKLMNPRSTVWXYZ'),
    fc.constantFrom(' ', ''),
    fc.constantFrom(...'0123456789'),
    fc.constantFrom(...'ABCEGHJKLMNPRSTVWXYZ'),
    fc.constantFrom(...'0123456789'),
  )
  .map((parts) => parts.join(''));

/** A lookup that answers from a fixed list and records its calls. */
class RecordingLookup implements PostalCodeLookup {
  calls: string[] = [];
  constructor(private readonly answer: readonly PostalLocation[] | Error) {}
  lookup(postalCode: string): Promise<readonly PostalLocation[]> {
    this.calls.push(postalCode);
    return this.answer instanceof Error
      ? Promise.reject(this.answer)
      : Promise.resolve(this.answer);
  }
}

describe('postal code patterns (spec §5: map.{country})', () => {
  it('matches the default US, GB and CA patterns, in any case and with stray spaces', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          usZip.map((c) => ['US', c] as const),
          fc.mixedCase(gbPostcode).map((c) => ['GB', c] as const),
          fc.mixedCase(caPostcode).map((c) => ['ca', c] as const),
        ),
        fc.constantFrom('', ' ', '  '),
        ([country, code], pad) => {
          expect(matchesPostalPattern(`${pad}${code}${pad}`, country)).toBe(true);
        },
      ),
    );
  });

  it('refuses US codes of the wrong shape and countries without a pattern', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 12 }).filter((s) => !/^\d{5}(-\d{4})?$/.test(s.trim())),
        (s) => {
          expect(matchesPostalPattern(s, 'US')).toBe(false);
        },
      ),
    );
    fc.assert(
      fc.property(usZip, (zip) => {
        expect(matchesPostalPattern(zip, 'FR')).toBe(false);
        expect(matchesPostalPattern(zip, 'US', { US: '([' })).toBe(false);
      }),
    );
  });

  it('treats codes as equal regardless of case and spaces, and never equal when empty', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), (a, b) => {
        expect(samePostalCode(a, b)).toBe(samePostalCode(b, a));
        if (a.replace(/\s/g, '') !== '') {
          expect(samePostalCode(a, ` ${a.toLowerCase()} `)).toBe(samePostalCode(a, a));
        }
      }),
    );
    expect(samePostalCode('SW1A 1AA', 'sw1a1aa')).toBe(true);
    expect(samePostalCode('', '')).toBe(false);
    expect(confirmedLocation('53044', [])).toBeNull();
  });
});

describe('ValidatePostalCode (spec §5: pattern, or the lookup’s first result is equal)', () => {
  it('returns no location and makes no call for an empty code', async () => {
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[ \t]{0,4}$/), async (blank) => {
        const lookup = new RecordingLookup([{ postalCode: '53044' }]);
        const result = await new ValidatePostalCode(lookup).execute({
          postalCode: blank,
          country: 'US',
        });
        expect(result).toMatchObject({ valid: false, location: null });
        expect(lookup.calls).toEqual([]);
      }),
    );
  });

  it('is valid when the pattern matches or the first result carries the same code', async () => {
    const code = fc.oneof(usZip, fc.stringMatching(/^[A-Z0-9]{3,8}$/));
    const firstResult = fc.option(
      fc
        .oneof(code, fc.constant('SAME'))
        .map((c): PostalLocation => ({ postalCode: c, city: 'X' })),
    );
    await fc.assert(
      fc.asyncProperty(code, firstResult, async (c, first) => {
        const answer =
          first === null
            ? []
            : [
                {
                  ...first,
                  postalCode: first.postalCode === 'SAME' ? c.toLowerCase() : first.postalCode,
                },
              ];
        const lookup = new RecordingLookup(answer);
        const result = await new ValidatePostalCode(lookup).execute({
          postalCode: ` ${c} `,
          country: 'US',
        });
        const confirmed = answer[0] !== undefined && samePostalCode(answer[0].postalCode, c);
        expect(result.valid).toBe(/^\d{5}(-\d{4})?$/.test(c) || confirmed);
        expect(result.location).toEqual(confirmed ? answer[0] : null);
        expect(result.message === null).toBe(result.valid);
        expect(lookup.calls).toEqual([c.toUpperCase()]);
      }),
    );
  });

  it('falls back to the pattern when the lookup fails, and refuses junk without a call', async () => {
    const failing = new RecordingLookup(new Error('offline'));
    const errors: unknown[] = [];
    const useCase = new ValidatePostalCode(failing, undefined, undefined, (e) => errors.push(e));
    expect(await useCase.execute({ postalCode: '53044', country: 'US' })).toMatchObject({
      valid: true,
      location: null,
    });
    expect(await useCase.execute({ postalCode: 'ABC', country: 'US' })).toMatchObject({
      valid: false,
      message: 'Please enter a valid postal code',
    });
    expect(errors).toHaveLength(2);
    const junk = await useCase.execute({ postalCode: '<script>', country: 'US' });
    expect(junk.valid).toBe(false);
    expect(failing.calls).toEqual(['53044', 'ABC']);
  });
});
