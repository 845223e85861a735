import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveValidationMessages } from '../../../core/validation/messages';
import {
  DEFAULT_PROFILE_PASSWORD_POLICY,
  validateProfilePassword,
  validateSignUpPassword,
} from '../../../core/validation/password';

// An independent oracle for the sign-up rule: `u` makes [\s\S] count code points.
const SIGN_UP_ORACLE =
  /^(?=[\s\S]*[a-z])(?=[\s\S]*[A-Z])(?=[\s\S]*\d)(?=[\s\S]*[!@#$%^&*])[\s\S]{11,}$/u;

const lower = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz');
const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const digit = fc.constantFrom(...'0123456789');
const special = fc.constantFrom(...'!@#$%^&*');
const anyChar = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 });

/** Shuffles a list of characters with generated sort keys. */
const shuffled = (parts: fc.Arbitrary<string[]>): fc.Arbitrary<string> =>
  parts.chain((chars) =>
    fc
      .array(fc.double({ noNaN: true }), { minLength: chars.length, maxLength: chars.length })
      .map((keys) =>
        chars
          .map((c, i) => ({ c, k: keys[i] ?? 0 }))
          .sort((a, b) => a.k - b.k)
          .map((x) => x.c)
          .join(''),
      ),
  );

const validSignUp = shuffled(
  fc
    .tuple(lower, upper, digit, special, fc.array(anyChar, { minLength: 7, maxLength: 30 }))
    .map(([l, u, d, s, rest]) => [l, u, d, s, ...rest]),
);

describe('sign-up password (spec §5: ≥ 11 with lower, upper, digit and one of !@#$%^&*)', () => {
  it('accepts exactly the passwords the spec pattern describes', () => {
    fc.assert(
      fc.property(fc.oneof(validSignUp, fc.string({ unit: 'grapheme', maxLength: 20 })), (pw) => {
        const result = validateSignUpPassword(pw);
        expect(result.valid).toBe(SIGN_UP_ORACLE.test(pw));
        expect(result.message === null).toBe(result.valid);
      }),
    );
  });

  it('accepts every password built from the four kinds and enough characters', () => {
    fc.assert(
      fc.property(validSignUp, (pw) => {
        expect(validateSignUpPassword(pw).valid).toBe(true);
      }),
    );
  });

  it('names the first unmet condition when one kind is missing', () => {
    const kinds = [
      { id: 'lowercase', strip: /[a-z]/g },
      { id: 'uppercase', strip: /[A-Z]/g },
      { id: 'digit', strip: /[0-9]/g },
      { id: 'special', strip: /[!@#$%^&*]/g },
    ] as const;
    fc.assert(
      fc.property(validSignUp, fc.constantFrom(...kinds), (pw, kind) => {
        // Pad so that only the removed kind is missing.
        const stripped = pw.replace(kind.strip, '') + 'ñññññññññññ';
        const result = validateSignUpPassword(stripped);
        expect(result.valid).toBe(false);
        const unmet = result.conditions.filter((c) => !c.met).map((c) => c.id);
        expect(unmet).toContain(kind.id);
        expect(result.message).toBe(result.conditions.find((c) => !c.met)?.message);
      }),
    );
  });

  it('counts characters, not UTF-16 units, and says the minimum in its message', () => {
    expect(validateSignUpPassword('Ab1!😀😀😀😀😀😀').valid).toBe(false); // 10 characters
    expect(validateSignUpPassword('Ab1!😀😀😀😀😀😀😀').valid).toBe(true); // 11 characters
    expect(validateSignUpPassword('Ab1!short').message).toBe(
      'Password must be at least 11 characters',
    );
  });

  it('takes its condition messages from configuration', () => {
    const messages = resolveValidationMessages({
      signUpPassword: { minLength: 'Au moins {min} caractères' },
    });
    expect(validateSignUpPassword('Ab1!', messages).message).toBe('Au moins 11 caractères');
  });
});

const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ');
/** Passwords of ≥ 10 characters with a letter and a digit, free of the default forbidden words. */
const validProfile = shuffled(
  fc
    .tuple(
      letter,
      digit,
      fc.array(fc.oneof(letter, digit, special), { minLength: 8, maxLength: 24 }),
    )
    .map(([l, d, rest]) => [l, d, ...rest]),
).filter((pw) => !/password|lavabo/i.test(pw));

describe('profile password (spec §5: ≥ 10, configured pattern, no forbidden strings)', () => {
  it('accepts passwords of at least 10 characters with a letter and a digit', () => {
    fc.assert(
      fc.property(validProfile, (pw) => {
        expect(validateProfilePassword(pw).valid).toBe(true);
      }),
    );
  });

  it('refuses passwords shorter than 10 characters', () => {
    fc.assert(
      fc.property(validProfile, fc.integer({ min: 0, max: 9 }), (pw, n) => {
        const result = validateProfilePassword(pw.slice(0, n));
        expect(result.valid).toBe(false);
        expect(result.conditions.find((c) => c.id === 'minLength')?.met).toBe(false);
      }),
    );
  });

  it('refuses a forbidden string in any mix of case, with or without an uppercase letter', () => {
    fc.assert(
      fc.property(
        validProfile,
        fc.mixedCase(fc.constantFrom('password', 'lavabo')),
        fc.nat(),
        (pw, word, at) => {
          const i = at % (pw.length + 1);
          const result = validateProfilePassword(pw.slice(0, i) + word + pw.slice(i));
          expect(result.valid).toBe(false);
          expect(result.conditions.find((c) => c.id === 'forbidden')?.met).toBe(false);
        },
      ),
    );
  });

  it('does not reproduce the lenient check: Password123 is refused', () => {
    for (const pw of ['Password123', 'PASSWORD1234', 'myLavabo2026', 'password1234']) {
      expect(validateProfilePassword(pw).valid).toBe(false);
    }
  });

  it("forbids the owner's names and e-mail name, ignoring names under 3 characters", () => {
    fc.assert(
      fc.property(validProfile, fc.stringMatching(/^[a-z]{3,10}$/), (pw, name) => {
        const owner = { firstName: `${name.charAt(0).toUpperCase()}${name.slice(1)}` };
        const result = validateProfilePassword(`${pw}${name.toUpperCase()}`, { owner });
        expect(result.valid).toBe(false);
      }),
    );
    expect(validateProfilePassword('Jo12345678', { owner: { firstName: 'Jo' } }).valid).toBe(true);
    expect(
      validateProfilePassword('xx1maria2026', { owner: { email: 'Maria@example.com' } }).valid,
    ).toBe(false);
  });

  it('uses the configured pattern, and the default when the configured one does not compile', () => {
    const policy = { ...DEFAULT_PROFILE_PASSWORD_POLICY, pattern: '^(?=.*[!@#$%^&*])' };
    expect(validateProfilePassword('abcdefgh12', { policy }).valid).toBe(false);
    expect(validateProfilePassword('abcdefgh1!', { policy }).valid).toBe(true);
    const broken = { ...DEFAULT_PROFILE_PASSWORD_POLICY, pattern: '([' };
    expect(validateProfilePassword('abcdefghij', { policy: broken }).valid).toBe(false);
    expect(validateProfilePassword('abcdefghi1', { policy: broken }).valid).toBe(true);
  });

  it('ignores blank forbidden strings (which every password would contain)', () => {
    const policy = { ...DEFAULT_PROFILE_PASSWORD_POLICY, forbiddenStrings: ['', '  '] };
    fc.assert(
      fc.property(validProfile, (pw) => {
        expect(validateProfilePassword(pw, { policy }).valid).toBe(true);
      }),
    );
  });
});

describe('an empty password meets no rule (a checklist shows nothing done before typing)', () => {
  const owner = fc.record(
    {
      firstName: fc.string({ maxLength: 12 }),
      lastName: fc.string({ maxLength: 12 }),
      email: fc.emailAddress(),
    },
    { requiredKeys: [] },
  );
  const policy = fc.record({
    // Patterns that an empty string matches too, as well as the default.
    pattern: fc.constantFrom(DEFAULT_PROFILE_PASSWORD_POLICY.pattern, '', '.*', '^', '(['),
    forbiddenStrings: fc.array(fc.string({ maxLength: 8 }), { maxLength: 4 }),
  });

  it('profile rule: no condition is met, "must not contain your name" included', () => {
    fc.assert(
      fc.property(policy, owner, (p, o) => {
        const result = validateProfilePassword('', { policy: p, owner: o });
        expect(result.valid).toBe(false);
        expect(result.conditions.filter((c) => c.met)).toEqual([]);
      }),
    );
  });

  it('sign-up rule: no condition is met', () => {
    const result = validateSignUpPassword('');
    expect(result.valid).toBe(false);
    expect(result.conditions.filter((c) => c.met)).toEqual([]);
  });

  it('the name rule is met again as soon as a character without the name is typed', () => {
    fc.assert(
      fc.property(fc.constantFrom(...'0123456789!#'), (ch) => {
        const result = validateProfilePassword(ch, { owner: { firstName: 'Harriet' } });
        expect(result.conditions.find((c) => c.id === 'forbidden')?.met).toBe(true);
      }),
    );
  });
});
