import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CustomerAccounts, PasswordReset, SignUpForm } from '../../../core/auth/ports';
import { RequestPasswordReset, ResetPassword } from '../../../core/auth/reset-password';
import { SignUp, signUpPayload, validateSignUpForm } from '../../../core/auth/sign-up';
import { fieldRulesOf } from '../../../core/validation/field-patterns';

class RecordingAccounts implements CustomerAccounts {
  readonly signUps: SignUpForm[] = [];
  readonly requests: string[] = [];
  readonly resets: PasswordReset[] = [];
  async signUp(form: SignUpForm) {
    this.signUps.push(form);
    return { kind: 'created', email: form.email } as const;
  }
  async userExists() {
    return false;
  }
  async requestPasswordReset(email: string) {
    this.requests.push(email);
  }
  async resetPassword(reset: PasswordReset) {
    this.resets.push(reset);
    return { kind: 'reset' } as const;
  }
}

const valid: SignUpForm = {
  email: '  Jane.Doe@Example.com ',
  password: 'Abcdefghij1!',
  firstName: ' Jane ',
  lastName: 'Doe',
  accountType: 'homeowner',
};

const strongPassword = fc
  .tuple(
    fc.stringMatching(/^[a-z]{3,8}$/),
    fc.stringMatching(/^[A-Z]{3,8}$/),
    fc.stringMatching(/^[0-9]{2,4}$/),
    fc.constantFrom(...'!@#$%^&*'),
  )
  .map(([a, b, c, d]) => `${a}${b}${c}${d}`)
  .filter((p) => p.length >= 11);

describe('sign-up form rules', () => {
  it('property: a form with names, a valid e-mail and a sign-up password passes and is sent normalised', async () => {
    await fc.assert(
      fc.asyncProperty(
        strongPassword,
        fc.stringMatching(/^[a-z][a-z0-9]{0,10}$/),
        fc.constantFrom('homeowner', 'professional' as const),
        async (password, local, accountType) => {
          const accounts = new RecordingAccounts();
          const form: SignUpForm = {
            ...valid,
            email: ` ${local.toUpperCase()}@Example.COM`,
            password,
            accountType,
            businessType: 'Plumber',
          };
          expect(validateSignUpForm(form)).toEqual([]);
          const result = await new SignUp(accounts).execute(form);
          expect(result.kind).toBe('created');
          const sent = accounts.signUps[0];
          expect(sent?.email).toBe(`${local}@example.com`);
          expect(sent?.firstName).toBe('Jane');
          expect(sent?.businessType).toBe(accountType === 'professional' ? 'Plumber' : undefined);
        },
      ),
    );
  });

  it('property: a password missing any one of the sign-up conditions is refused before any call', async () => {
    const weakened = strongPassword.chain((p) =>
      fc.constantFrom(
        p.replace(/[a-z]/g, 'x').toUpperCase(), // no lowercase
        p.toLowerCase(), // no uppercase
        p.replace(/[0-9]/g, 'q'), // no digit
        p.replace(/[!@#$%^&*]/g, 'Z'), // no special
        p.slice(0, 10), // too short
      ),
    );
    await fc.assert(
      fc.asyncProperty(weakened, async (password) => {
        const accounts = new RecordingAccounts();
        const result = await new SignUp(accounts).execute({ ...valid, password });
        expect(result.kind).toBe('invalid');
        if (result.kind === 'invalid')
          expect(result.errors.map((e) => e.field)).toEqual(['password']);
        expect(accounts.signUps).toEqual([]);
      }),
    );
  });

  it('names every bad field once, in form order; a pro needs a business type', () => {
    const errors = validateSignUpForm({
      email: 'not-an-email',
      password: 'short',
      firstName: ' ',
      lastName: '<script>',
      accountType: 'professional',
      phone: '12',
      zipCode: 'ABCDE',
    });
    expect(errors.map((e) => e.field)).toEqual([
      'firstName',
      'lastName',
      'email',
      'password',
      'businessType',
      'phone',
      'zipCode',
    ]);
    expect(errors.every((e) => e.message !== '')).toBe(true);
  });

  it('drops pro-only fields and blanks from a homeowner payload', () => {
    const payload = signUpPayload({
      ...valid,
      businessType: 'Plumber',
      businessSubtype: 'x',
      phone: ' ',
      zipCode: '',
    });
    expect(payload).toEqual({
      email: 'jane.doe@example.com',
      password: valid.password,
      firstName: 'Jane',
      lastName: 'Doe',
      accountType: 'homeowner',
    });
  });
});

describe('forgot password', () => {
  it('asks for a code with the normalised e-mail, and refuses a bad e-mail without a call', async () => {
    const accounts = new RecordingAccounts();
    expect(await new RequestPasswordReset(accounts).execute(' Pro@Lavabo.TEST ')).toEqual({
      kind: 'sent',
    });
    expect(accounts.requests).toEqual(['pro@lavabo.test']);
    const bad = await new RequestPasswordReset(accounts).execute('nope');
    expect(bad.kind).toBe('invalid');
    expect(accounts.requests).toHaveLength(1);
  });

  it('property: a reset is sent only with a 6-digit code and a sign-up-rule password', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 8 }), strongPassword, async (code, password) => {
        const accounts = new RecordingAccounts();
        const result = await new ResetPassword(accounts).execute({
          email: 'pro@lavabo.test',
          code,
          password,
        });
        const wellFormed = /^\d{6}$/.test(code.trim());
        expect(result.kind).toBe(wellFormed ? 'reset' : 'invalid');
        expect(accounts.resets).toHaveLength(wellFormed ? 1 : 0);
      }),
    );
  });
});

describe('sign-up names and the configured pattern map', () => {
  const rules = fieldRulesOf({
    patterns: { lastName: '[A-Za-z]' },
    validationMessages: { fieldPatterns: { lastName: 'Last name must contain a letter' } },
  });
  const base = {
    email: 'ada@example.test',
    password: 'Sturdy-Signup-2026!',
    firstName: 'Ada',
    accountType: 'homeowner' as const,
  };

  it('refuses a safe name the pattern refuses, in the configured words, and nothing else', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('a', 'Q', '7', ' ', '-', "'", ','),
          minLength: 1,
          maxLength: 20,
        }),
        (lastName) => {
          const errors = validateSignUpForm({ ...base, lastName }, rules);
          const plain = validateSignUpForm({ ...base, lastName });
          const refusedByPattern = lastName.trim() !== '' && !/[A-Za-z]/.test(lastName);
          const shapeError = plain.find((e) => e.field === 'lastName');
          const error = errors.find((e) => e.field === 'lastName');
          if (shapeError !== undefined) expect(error).toEqual(shapeError);
          else if (refusedByPattern) expect(error?.message).toBe('Last name must contain a letter');
          else expect(error).toBeUndefined();
        },
      ),
    );
  });
});
