import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUTH_MODAL_VIEWS,
  authModalFlags,
  authModalReducer,
  initialAuthModal,
  type AuthModalEvent,
} from '../../../core/auth/auth-modal';
import { needsGuestToken, type RenewalOutcome } from '../../../core/auth/guest-token';
import { IDLE_TIMEOUT_DEFAULT_SECONDS, isIdle } from '../../../core/auth/idle';
import { isAuth, userState } from '../../../core/auth/session';
import {
  mapSignInFailure,
  mapSignInResult,
  type ProviderSignInResult,
} from '../../../core/auth/sign-in-result';
import { storedTokens } from './arbitraries';

describe('idle timeout (spec §9)', () => {
  it('defaults to 172800 s', () => {
    expect(IDLE_TIMEOUT_DEFAULT_SECONDS).toBe(172_800);
    expect(isIdle(0, 172_800_000)).toBe(true);
    expect(isIdle(0, 172_799_999)).toBe(false);
  });

  it('is idle exactly once the timeout has passed since the last activity', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.integer({ min: -10_000_000, max: 500_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (last, elapsed, timeout) => {
          expect(isIdle(last, last + elapsed, timeout)).toBe(elapsed >= timeout * 1000);
        },
      ),
    );
  });
});

describe('guest token (spec §4)', () => {
  it('is fetched when no token exists or a renewal failed, and only then', () => {
    fc.assert(
      fc.property(
        fc.option(fc.oneof(storedTokens(true), storedTokens(false)), { nil: null }),
        fc.constantFrom<RenewalOutcome>('notAttempted', 'succeeded', 'failed'),
        (stored, renewal) => {
          expect(needsGuestToken(stored, renewal)).toBe(stored === null || renewal === 'failed');
        },
      ),
    );
  });
});

describe('user state (spec §3)', () => {
  it('is logged only with a customer token', () => {
    expect(userState(null)).toBe('anonymous');
    fc.assert(
      fc.property(
        fc.boolean().chain((a) => storedTokens(a)),
        (t) => {
          expect(userState(t)).toBe(t.anonymous ? 'anonymous' : 'logged');
          expect(isAuth(t)).toBe(!t.anonymous);
        },
      ),
    );
  });
});

describe('sign-in results (spec §4 Session, §8)', () => {
  const grant = {
    access_token: 'a',
    refresh_token: 'r',
    expires_in: 3600,
    scopes: ['openid'],
    token_type: 'Bearer',
  };
  const summaries = fc.option(
    fc.oneof(fc.string(), fc.constantFrom('', '  ', 'Authentication failed')),
    {
      nil: undefined,
    },
  );

  it('maps LOCKED_OUT, PASSWORD_EXPIRED and SUCCESS, and anything else to the summary or "error"', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom('SUCCESS', 'LOCKED_OUT', 'PASSWORD_EXPIRED', 'MFA_REQUIRED'),
          fc.string(),
        ),
        summaries,
        fc.boolean(),
        (status, errorSummary, withTokens) => {
          const result: ProviderSignInResult = {
            status,
            ...(errorSummary === undefined ? {} : { errorSummary }),
            ...(withTokens ? { tokens: grant } : {}),
          };
          const outcome = mapSignInResult(result);
          const fallback =
            errorSummary !== undefined && errorSummary.trim() !== '' ? errorSummary : 'error';
          if (status === 'LOCKED_OUT') expect(outcome).toEqual({ kind: 'lockedOut' });
          else if (status === 'PASSWORD_EXPIRED')
            expect(outcome).toEqual({ kind: 'passwordExpired' });
          else if (status === 'SUCCESS' && withTokens)
            expect(outcome).toEqual({ kind: 'success', grant });
          else expect(outcome).toEqual({ kind: 'error', message: fallback });
        },
      ),
    );
  });

  it('maps a thrown provider error to its error summary or "error"', () => {
    expect(mapSignInFailure({ errorSummary: 'Authentication failed' })).toEqual({
      kind: 'error',
      message: 'Authentication failed',
    });
    fc.assert(
      fc.property(fc.anything(), (thrown) => {
        const outcome = mapSignInFailure(thrown);
        expect(outcome.kind).toBe('error');
        const summary =
          typeof thrown === 'object' && thrown !== null
            ? (thrown as { errorSummary?: unknown }).errorSummary
            : undefined;
        if (typeof summary !== 'string' || summary.trim() === '') {
          expect(outcome).toEqual({ kind: 'error', message: 'error' });
        }
      }),
    );
  });
});

describe('auth modal (spec §2, §4)', () => {
  const events: fc.Arbitrary<AuthModalEvent> = fc.oneof(
    fc.constantFrom(...AUTH_MODAL_VIEWS).map((view) => ({ type: 'open' as const, view })),
    fc.constant({ type: 'close' as const }),
  );

  it('keeps the views mutually exclusive, and every open shows the asked view', () => {
    fc.assert(
      fc.property(fc.array(events, { maxLength: 30 }), (evs) => {
        let state = initialAuthModal;
        for (const e of evs) {
          state = authModalReducer(state, e);
          const flags = Object.values(authModalFlags(state)).filter(Boolean);
          expect(flags.length).toBeLessThanOrEqual(1);
          if (flags.length === 1) expect(state.show).toBe(true);
          if (e.type === 'open') expect(state).toEqual({ show: true, view: e.view });
          else expect(state).toEqual(initialAuthModal);
        }
      }),
    );
  });

  it('raises the flag of the open signup and forgot-password views', () => {
    const open = (view: (typeof AUTH_MODAL_VIEWS)[number]) =>
      authModalFlags(authModalReducer(initialAuthModal, { type: 'open', view }));
    expect(open('customerSignup')).toEqual({
      showCustomerSignup: true,
      showProSignup: false,
      showForgotPassword: false,
    });
    expect(open('proSignup').showProSignup).toBe(true);
    expect(open('forgotPassword').showForgotPassword).toBe(true);
    expect(Object.values(open('signIn')).some(Boolean)).toBe(false);
  });
});
