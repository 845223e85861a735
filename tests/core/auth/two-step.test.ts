/**
 * Two-step sign-in's rules (core/auth/two-step.ts): a code is accepted one 30-second step either
 * side of now and never twice; typed codes and recovery codes are read the way people type them.
 * Expectations come from docs/api.md's words (six digits, ±1 step, ten codes like ABCDE-23456).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CompleteSignIn, type SecondStepProvider } from '../../../core/auth/second-step';
import {
  acceptedStep,
  checkRecoveryCode,
  checkVerificationCode,
  recoveryCodeFrom,
  timeStepAt,
  twoStepRequiredFor,
} from '../../../core/auth/two-step';
import { TwoStepRejectedError, TwoStepSettings } from '../../../core/account/two-step-settings';
import { ManualClock } from '../../../core/shared/clock';
import type { StoredTokens } from '../../../core/auth/token-lifecycle';

const step = fc.integer({ min: 1, max: 100_000_000 });

describe('time steps', () => {
  it('are 30 seconds long', () => {
    expect(timeStepAt(0)).toBe(0);
    expect(timeStepAt(29_999)).toBe(0);
    expect(timeStepAt(30_000)).toBe(1);
    expect(timeStepAt(59_000)).toBe(1);
  });
});

describe('acceptedStep', () => {
  it('accepts a code of this step, the one before and the one after, the first time', () => {
    fc.assert(
      fc.property(step, fc.constantFrom(-1, 0, 1), (now, delta) => {
        expect(acceptedStep(delta, now, null)).toBe(now + delta);
        expect(acceptedStep(delta, now, now - 2)).toBe(now + delta);
      }),
    );
  });

  it('refuses a code two or more steps away, and no match at all', () => {
    fc.assert(
      fc.property(step, fc.integer({ min: 2, max: 50 }), fc.boolean(), (now, away, before) => {
        expect(acceptedStep(before ? -away : away, now, null)).toBeNull();
      }),
    );
    expect(acceptedStep(null, 100, null)).toBeNull();
  });

  it('never accepts a step at or before the last one used (no replay)', () => {
    fc.assert(
      fc.property(
        step,
        fc.constantFrom(-1, 0, 1),
        fc.integer({ min: 0, max: 3 }),
        (now, delta, later) => {
          const used = now + delta + later;
          expect(acceptedStep(delta, now, used)).toBeNull();
        },
      ),
    );
  });

  it('a code once accepted is refused when presented again in its window', () => {
    fc.assert(
      fc.property(step, fc.constantFrom(-1, 0, 1), fc.constantFrom(0, 1), (now, delta, wait) => {
        const first = acceptedStep(delta, now, null);
        expect(first).not.toBeNull();
        // The same code seen `wait` steps later matches at delta - wait.
        expect(acceptedStep(delta - wait, now + wait, first)).toBeNull();
      }),
    );
  });
});

describe('typed codes', () => {
  it('a verification code is six digits; spaces and dashes between groups are forgiven', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{6}$/),
        fc.constantFrom('', ' ', '-', '  '),
        (code, sep) => {
          const typed = `${sep}${code.slice(0, 3)}${sep}${code.slice(3)}${sep}`;
          expect(checkVerificationCode(typed)).toEqual({ valid: true, code });
        },
      ),
    );
    expect(checkVerificationCode('')).toEqual({
      valid: false,
      message: 'Enter the 6-digit code from your authenticator app.',
    });
    for (const wrong of ['12345', '1234567', '12a456', '１２３４５６']) {
      expect(checkVerificationCode(wrong)).toEqual({
        valid: false,
        message: 'The verification code is 6 digits.',
      });
    }
  });

  it('a recovery code reads in any case, with or without its dash', () => {
    expect(checkRecoveryCode(' abcde 23456 ')).toEqual({ valid: true, code: 'ABCDE-23456' });
    expect(checkRecoveryCode('ABCDE-23456')).toEqual({ valid: true, code: 'ABCDE-23456' });
    expect(checkRecoveryCode('')).toMatchObject({
      valid: false,
      message: 'Enter one of your recovery codes.',
    });
    // 0, O, 1, I and L are never part of one: look-alikes.
    expect(checkRecoveryCode('ABCDE-2345O')).toMatchObject({ valid: false });
    expect(checkRecoveryCode('123456')).toMatchObject({ valid: false });
  });

  it('every generated recovery code is read back as itself', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 64, maxLength: 64 }),
        (bytes) => {
          let i = 0;
          const code = recoveryCodeFrom(() => bytes[i++ % bytes.length] ?? 0);
          expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
          expect(checkRecoveryCode(code)).toEqual({ valid: true, code });
        },
      ),
    );
  });
});

describe('who must use two-step sign-in', () => {
  it('sales associates (persona KEMP) must; homeowners and pros may', () => {
    expect(twoStepRequiredFor('KEMP')).toBe(true);
    expect(twoStepRequiredFor('KOUS:KEMP')).toBe(true);
    expect(twoStepRequiredFor('GST')).toBe(false);
    expect(twoStepRequiredFor('TVS')).toBe(false);
  });
});

const grant = {
  access_token: 'a',
  refresh_token: 'r',
  expires_in: 3600,
  scopes: ['openid'],
  token_type: 'Bearer',
};

const memoryStore = (initial: StoredTokens | null) => {
  let stored = initial;
  return {
    load: () => stored,
    save: (t: StoredTokens) => {
      stored = t;
    },
    clear: () => {
      stored = null;
    },
  };
};

describe('CompleteSignIn', () => {
  const provider = (answer: Awaited<ReturnType<SecondStepProvider['verify']>>) => {
    const calls: unknown[] = [];
    const p: SecondStepProvider = {
      verify: async (challenge, proof) => {
        calls.push({ challenge, proof });
        return answer;
      },
      startEnrolment: async () => ({ secret: 'S', uri: 'otpauth://x', qrSvg: '<svg/>' }),
    };
    return { p, calls };
  };

  it('sends nothing for a code that is not six digits', async () => {
    const { p, calls } = provider({ status: 'SUCCESS', tokens: grant });
    const store = memoryStore(null);
    const outcome = await new CompleteSignIn(p, store, new ManualClock(0)).execute(
      'c',
      'code',
      '12a',
    );
    expect(outcome).toEqual({ kind: 'invalid', message: 'The verification code is 6 digits.' });
    expect(calls).toEqual([]);
    expect(store.load()).toBeNull();
  });

  it('stores the customer tokens, keeping the guest id, on success', async () => {
    const { p, calls } = provider({
      status: 'SUCCESS',
      tokens: grant,
      recoveryCodes: ['ABCDE-23456'],
    });
    const store = memoryStore({
      accessToken: 'g',
      refreshToken: 'gr',
      expiresAt: 1,
      anonymous: true,
      anonymousId: 'guest-1',
    } as StoredTokens);
    const outcome = await new CompleteSignIn(p, store, new ManualClock(0)).execute(
      'c',
      'recovery',
      'abcde23456',
    );
    expect(calls).toEqual([{ challenge: 'c', proof: { kind: 'recovery', code: 'ABCDE-23456' } }]);
    expect(outcome).toEqual({ kind: 'success', recoveryCodes: ['ABCDE-23456'] });
    expect(store.load()).toMatchObject({
      accessToken: 'a',
      anonymous: false,
      anonymousId: 'guest-1',
    });
  });

  it('maps a wrong code, a dead challenge and a lock to their outcomes, storing nothing', async () => {
    for (const [status, kind] of [
      ['CODE_WRONG', 'invalid'],
      ['CHALLENGE_EXPIRED', 'expired'],
      ['LOCKED_OUT', 'lockedOut'],
    ] as const) {
      const store = memoryStore(null);
      const { p } = provider({ status, errorSummary: 'why' });
      const outcome = await new CompleteSignIn(p, store, new ManualClock(0)).execute(
        'c',
        'code',
        '123456',
      );
      expect(outcome).toEqual({ kind, message: 'why' });
      expect(store.load()).toBeNull();
    }
  });
});

describe('TwoStepSettings', () => {
  it('checks the typed code first and names the field of a refusal', async () => {
    const sent: string[] = [];
    const settings = new TwoStepSettings({
      status: async () => ({ enabled: true, required: false, recoveryCodesLeft: 10 }),
      startEnrolment: async () => ({ secret: 'S', uri: 'u', qrSvg: '' }),
      confirmEnrolment: async (code) => {
        sent.push(code);
        return ['ABCDE-23456'];
      },
      disable: async (field, code) => {
        sent.push(`${field}:${code}`);
        throw new TwoStepRejectedError(field, 'That recovery code is not right or has been used.');
      },
      regenerateRecoveryCodes: async () => [],
    });
    expect(await settings.confirmEnrolment('12')).toEqual({
      kind: 'invalid',
      field: 'code',
      message: 'The verification code is 6 digits.',
    });
    expect(await settings.confirmEnrolment('123 456')).toEqual({
      kind: 'done',
      value: ['ABCDE-23456'],
    });
    expect(await settings.disable('recoveryCode', 'abcde-23456')).toEqual({
      kind: 'invalid',
      field: 'recoveryCode',
      message: 'That recovery code is not right or has been used.',
    });
    expect(sent).toEqual(['123456', 'recoveryCode:ABCDE-23456']);
  });
});
