import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AccountNotDeletedError,
  changePasswordRulesOf,
  CHANGE_PASSWORD_FIELDS,
  CHANGE_PASSWORD_MESSAGES,
  isDeleteConfirmation,
  newPasswordConditions,
  PASSWORD_MAX_LENGTH,
  PasswordChangeRejectedError,
  validateChangePasswordForm,
  type ChangePasswordField,
  type ChangePasswordForm,
} from '../../../core/account/account-security';
import { ChangePassword } from '../../../core/account/change-password';
import { DEFAULT_VALIDATION_MESSAGES } from '../../../core/validation/messages';
import { DeleteAccount } from '../../../core/account/delete-account';
import type { AccountSecurityGateway } from '../../../core/account/ports';
import {
  DEFAULT_PROFILE_PASSWORD_POLICY,
  findForbiddenString,
  forbiddenPasswordStrings,
  validateProfilePassword,
  validateSignUpPassword,
} from '../../../core/validation/password';

const OWNER = { firstName: 'Harriet', lastName: 'Holm', email: 'harriet.h@example.com' } as const;
const FORBIDDEN = forbiddenPasswordStrings(DEFAULT_PROFILE_PASSWORD_POLICY, OWNER);

const letter = fc.constantFrom(...'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ');
const digit = fc.constantFrom(...'0123456789');
const filler = fc.constantFrom(...'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ0123456789-!@#');

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

/** Passwords the profile rule accepts for OWNER: a letter, a digit, 10–40 characters, no names. */
const goodNewPassword = shuffled(
  fc
    .tuple(letter, digit, fc.array(filler, { minLength: 8, maxLength: 38 }))
    .map(([l, d, rest]) => [l, d, ...rest]),
).filter((pw) => findForbiddenString(pw, FORBIDDEN) === null);

const anyPassword = fc.oneof(
  goodNewPassword,
  fc.string({ unit: 'grapheme', maxLength: 24 }),
  fc.constantFrom('', '   ', 'password123', 'Harriet-2026x', 'short1'),
);

/** A form whose fields are often equal to each other, so every branch is reached. */
const anyForm: fc.Arbitrary<ChangePasswordForm> = fc
  .tuple(anyPassword, anyPassword, anyPassword, fc.nat(3))
  .map(([currentPassword, newPassword, other, shape]) => ({
    currentPassword: shape === 0 ? newPassword : currentPassword,
    newPassword,
    confirmPassword: shape <= 1 ? newPassword : other,
  }));

const errorOf = (form: ChangePasswordForm, field: ChangePasswordField): string | undefined =>
  validateChangePasswordForm(form, OWNER).find((e) => e.field === field)?.message;

describe('change-password form (spec §5 profile rule)', () => {
  it('passes a current password, a new one meeting the profile rule, typed twice alike', () => {
    fc.assert(
      fc.property(fc.oneof(goodNewPassword, anyPassword), goodNewPassword, (current, next) => {
        fc.pre(current.trim() !== '' && current !== next);
        const form = { currentPassword: current, newPassword: next, confirmPassword: next };
        expect(validateChangePasswordForm(form, OWNER)).toEqual([]);
      }),
    );
  });

  it('names each failing field at most once, in form order', () => {
    fc.assert(
      fc.property(anyForm, (form) => {
        const fields = validateChangePasswordForm(form, OWNER).map((e) => e.field);
        expect(new Set(fields).size).toBe(fields.length);
        const order = fields.map((f) => CHANGE_PASSWORD_FIELDS.indexOf(f));
        expect(order).toEqual([...order].sort((a, b) => a - b));
        for (const e of validateChangePasswordForm(form, OWNER)) expect(e.message).not.toBe('');
      }),
    );
  });

  it('refuses the new password exactly when the profile rule does, it is blank or equals the current one', () => {
    fc.assert(
      fc.property(anyForm, (form) => {
        const next = form.newPassword;
        const rule = validateProfilePassword(next, { owner: OWNER });
        const expected =
          next.trim() === '' ||
          [...next].length > PASSWORD_MAX_LENGTH ||
          !rule.valid ||
          next === form.currentPassword;
        expect(errorOf(form, 'newPassword') !== undefined).toBe(expected);
      }),
    );
  });

  it('refuses a confirmation that is empty or differs from the new password', () => {
    fc.assert(
      fc.property(anyForm, (form) => {
        const error = errorOf(form, 'confirmPassword');
        expect(error !== undefined).toBe(
          form.confirmPassword === '' || form.confirmPassword !== form.newPassword,
        );
        if (form.confirmPassword !== '' && form.confirmPassword !== form.newPassword) {
          expect(error).toBe(CHANGE_PASSWORD_MESSAGES.mismatch);
        }
      }),
    );
  });

  it('asks for the current password when it is blank, whatever the rest', () => {
    fc.assert(
      fc.property(anyForm, fc.constantFrom('', ' ', '\t  '), (form, blank) => {
        expect(errorOf({ ...form, currentPassword: blank }, 'currentPassword')).toBe(
          CHANGE_PASSWORD_MESSAGES.currentRequired,
        );
      }),
    );
  });

  it('never trims: a password differing from the current one only by spaces is a change', () => {
    fc.assert(
      fc.property(goodNewPassword, (current) => {
        const next = ` ${current} `;
        const form = { currentPassword: current, newPassword: next, confirmPassword: next };
        expect(errorOf(form, 'newPassword')).toBeUndefined();
        expect(errorOf({ ...form, confirmPassword: current }, 'confirmPassword')).toBe(
          CHANGE_PASSWORD_MESSAGES.mismatch,
        );
      }),
    );
  });

  it('applies the 10-character profile minimum, not the 11 of sign-up', () => {
    const lettersAndDigits = (length: number) =>
      shuffled(
        fc
          .tuple(letter, digit, fc.array(filler, { minLength: length - 2, maxLength: length - 2 }))
          .map(([l, d, rest]) => [l, d, ...rest]),
      ).filter((pw) => findForbiddenString(pw, FORBIDDEN) === null);
    fc.assert(
      fc.property(lettersAndDigits(10), lettersAndDigits(9), (ten, nine) => {
        const form = (pw: string) => ({
          currentPassword: 'Old-Pass-2025',
          newPassword: pw,
          confirmPassword: pw,
        });
        expect(validateChangePasswordForm(form(ten), OWNER)).toEqual([]);
        expect(validateSignUpPassword(ten).valid).toBe(false);
        expect(errorOf(form(nine), 'newPassword')).toBe('Password must be at least 10 characters');
      }),
    );
  });

  it("refuses a new password holding the customer's name, in any case", () => {
    fc.assert(
      fc.property(
        goodNewPassword,
        fc.constantFrom('Harriet', 'HOLM', 'holm', 'harriet.h'),
        fc.nat(),
        (pw, name, at) => {
          const i = at % (pw.length + 1);
          const next = `${pw.slice(0, i)}${name}${pw.slice(i)}`;
          const form = {
            currentPassword: 'Old-Pass-2025',
            newPassword: next,
            confirmPassword: next,
          };
          expect(errorOf(form, 'newPassword')).toMatch(/must not contain your name/);
        },
      ),
    );
  });

  it('lists the three profile conditions for the live checklist', () => {
    expect(newPasswordConditions('', OWNER).map((c) => [c.id, c.met])).toEqual([
      ['minLength', false],
      ['pattern', false],
      ['forbidden', false], // nothing typed meets no rule, not even one that only forbids
    ]);
    expect(newPasswordConditions('Sturdy-Tap-2026', OWNER).every((c) => c.met)).toBe(true);
    expect(newPasswordConditions('holm-2026-abc', OWNER).find((c) => !c.met)?.id).toBe('forbidden');
  });
});

describe('delete confirmation', () => {
  const spaces = fc.stringMatching(/^[ \t\n]{0,3}$/);

  it('accepts DELETE in capitals, with any spaces around it', () => {
    fc.assert(
      fc.property(spaces, spaces, (before, after) => {
        expect(isDeleteConfirmation(`${before}DELETE${after}`)).toBe(true);
      }),
    );
  });

  it('refuses anything else: other case, other words, extra characters', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 12 }),
          fc.constantFrom('delete', 'Delete', 'DELETED', 'DEL ETE', 'DELETE!', ''),
          fc
            .string({ minLength: 1, maxLength: 3 })
            .map((s) => `DELETE${s.trim() === '' ? 'x' : s}`),
        ),
        (typed) => {
          fc.pre(!/^\s*DELETE\s*$/u.test(typed));
          expect(isDeleteConfirmation(typed)).toBe(false);
        },
      ),
    );
  });
});

/** Records what the use cases ask of the port; answers with `outcome`. */
class RecordingGateway implements AccountSecurityGateway {
  readonly changes: [string, string][] = [];
  deletes = 0;
  constructor(private readonly outcome: () => Promise<void> = async () => undefined) {}

  changePassword(current: string, next: string): Promise<void> {
    this.changes.push([current, next]);
    return this.outcome();
  }

  deleteAccount(): Promise<void> {
    this.deletes += 1;
    return this.outcome();
  }
}

describe('ChangePassword use case', () => {
  it('sends a form only when it passes, and then exactly the current and new password', async () => {
    await fc.assert(
      fc.asyncProperty(anyForm, async (form) => {
        const gateway = new RecordingGateway();
        const result = await new ChangePassword(gateway).execute(form, OWNER);
        const valid = validateChangePasswordForm(form, OWNER).length === 0;
        expect(result.kind).toBe(valid ? 'changed' : 'invalid');
        expect(gateway.changes).toEqual(valid ? [[form.currentPassword, form.newPassword]] : []);
      }),
    );
  });

  it("reports the server's refusal as its field errors, or its summary when it names none", async () => {
    const form = {
      currentPassword: 'Wrong-Guess-1',
      newPassword: 'Sturdy-Tap-2026',
      confirmPassword: 'Sturdy-Tap-2026',
    };
    const named = [
      { field: 'currentPassword' as const, message: 'The current password is wrong.' },
    ];
    const refused = new ChangePassword(
      new RecordingGateway(() => Promise.reject(new PasswordChangeRejectedError(named, 'x'))),
    );
    expect(await refused.execute(form, OWNER)).toEqual({
      kind: 'invalid',
      errors: named,
      message: null,
    });
    const unnamed = new ChangePassword(
      new RecordingGateway(() =>
        Promise.reject(new PasswordChangeRejectedError([], 'body: must be a JSON object')),
      ),
    );
    expect(await unnamed.execute(form, OWNER)).toEqual({
      kind: 'invalid',
      errors: [],
      message: 'body: must be a JSON object',
    });
  });

  it('lets any other failure through, for the screen to report', async () => {
    const broken = new ChangePassword(
      new RecordingGateway(() => Promise.reject(new Error('network down'))),
    );
    await expect(
      broken.execute(
        {
          currentPassword: 'a',
          newPassword: 'Sturdy-Tap-2026',
          confirmPassword: 'Sturdy-Tap-2026',
        },
        OWNER,
      ),
    ).rejects.toThrow('network down');
  });
});

describe('DeleteAccount use case', () => {
  it('never calls the server without the confirmation word', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 10 }), async (typed) => {
        fc.pre(!isDeleteConfirmation(typed));
        const gateway = new RecordingGateway();
        expect(await new DeleteAccount(gateway).execute(typed)).toEqual({ kind: 'unconfirmed' });
        expect(gateway.deletes).toBe(0);
      }),
    );
  });

  it('deletes once when confirmed, and lets a failure through', async () => {
    const gateway = new RecordingGateway();
    expect(await new DeleteAccount(gateway).execute(' DELETE ')).toEqual({ kind: 'deleted' });
    expect(gateway.deletes).toBe(1);
    const refusing = new DeleteAccount(
      new RecordingGateway(() => Promise.reject(new AccountNotDeletedError())),
    );
    await expect(refusing.execute('DELETE')).rejects.toBeInstanceOf(AccountNotDeletedError);
  });
});

describe('the profile rule as configured (changePasswordRulesOf)', () => {
  it('refuses any password holding a configured forbidden string, with the configured message', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z]{4,8}$/),
        fc.stringMatching(/^[A-Za-z0-9]{0,6}$/),
        fc.stringMatching(/^[A-Za-z0-9]{0,6}$/),
        (word, before, after) => {
          const rules = changePasswordRulesOf({
            profilePasswordPolicy: { pattern: '^(?=.*\\d)', forbiddenStrings: [word] },
            validationMessages: { profilePassword: { forbidden: 'Not "{value}"' } },
          });
          const password = `${before}${word.toUpperCase()}${after}42`;
          const forbidden = newPasswordConditions(password, {}, rules).find(
            (c) => c.id === 'forbidden',
          );
          expect(forbidden).toEqual({ id: 'forbidden', met: false, message: `Not "${word}"` });
        },
      ),
    );
  });

  it('takes the configured pattern and messages, and core defaults when none are configured', () => {
    const rules = changePasswordRulesOf({
      profilePasswordPolicy: { pattern: '[!@#]', forbiddenStrings: [] },
      validationMessages: { profilePassword: { pattern: 'One of ! @ #' } },
    });
    const pattern = newPasswordConditions('abcdefghij12', {}, rules).find(
      (c) => c.id === 'pattern',
    );
    expect(pattern).toEqual({ id: 'pattern', met: false, message: 'One of ! @ #' });
    expect(changePasswordRulesOf({})).toEqual({
      policy: DEFAULT_PROFILE_PASSWORD_POLICY,
      messages: DEFAULT_VALIDATION_MESSAGES,
    });
  });
});
