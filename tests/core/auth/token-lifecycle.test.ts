import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fromGrant,
  isExpired,
  isRenewalDue,
  isRevalidationDue,
  isSessionValid,
  markValidated,
  nextTokenAction,
  renewalDueAt,
  revalidationDueAt,
  type TokenGrant,
} from '../../../core/auth/token-lifecycle';

const epoch = fc.integer({ min: 0, max: 4_000_000_000_000 });
const grant: fc.Arbitrary<TokenGrant> = fc.record(
  {
    access_token: fc.string({ minLength: 1 }),
    refresh_token: fc.string(),
    expires_in: fc.integer({ min: 0, max: 30 * 24 * 3600 }),
    scopes: fc.array(fc.string()),
    token_type: fc.constant('Bearer'),
    revalidate_in: fc.integer({ min: 0, max: 24 * 3600 }),
  },
  {
    requiredKeys: ['access_token', 'refresh_token', 'expires_in', 'scopes', 'token_type'],
    noNullPrototype: true,
  },
);
const identity = fc.record(
  { anonymous: fc.boolean(), anonymousId: fc.uuid() },
  { requiredKeys: ['anonymous'], noNullPrototype: true },
);
const tokens = fc.tuple(grant, epoch, identity).map(([g, at, id]) => fromGrant(g, at, id));
const offset = fc.integer({ min: -3 * 24 * 3600_000, max: 3 * 24 * 3600_000 });

describe('token lifecycle rules (spec §4 Revalidation, §9)', () => {
  it('stores the grant with expiry expires_in seconds after receipt', () => {
    fc.assert(
      fc.property(grant, epoch, identity, (g, at, id) => {
        const t = fromGrant(g, at, id);
        expect(t.expiresAt - t.receivedAt).toBe(g.expires_in * 1000);
        expect(t.accessToken).toBe(g.access_token);
        expect(t.revalidateIn).toBe(g.revalidate_in);
        expect(t.anonymous).toBe(id.anonymous);
        expect(t.anonymousId).toBe(id.anonymousId);
        expect('lastValidatedAt' in t).toBe(false);
      }),
    );
  });

  it('counts the session valid exactly until 120 s before expiry', () => {
    fc.assert(
      fc.property(tokens, offset, (t, d) => {
        const now = t.expiresAt - 120_000 + d;
        expect(isSessionValid(t, now)).toBe(d < 0);
      }),
    );
  });

  it('is due for renewal from 120 s before expiry on, which is when the session stops being valid', () => {
    fc.assert(
      fc.property(tokens, offset, (t, d) => {
        const now = t.expiresAt + d;
        expect(renewalDueAt(t)).toBe(t.expiresAt - 120_000);
        expect(isRenewalDue(t, now)).toBe(now >= t.expiresAt - 120_000);
        expect(isRenewalDue(t, now)).toBe(!isSessionValid(t, now));
        // An expired token is always due for renewal and never valid.
        if (isExpired(t, now)) expect(isSessionValid(t, now)).toBe(false);
      }),
    );
  });

  it('revalidates first revalidate_in (else 30 min) after receipt, then 30 min after each validation', () => {
    fc.assert(
      fc.property(tokens, fc.integer({ min: 0, max: 10 * 24 * 3600_000 }), (t, later) => {
        const first = t.receivedAt + (t.revalidateIn ?? 1800) * 1000;
        expect(revalidationDueAt(t)).toBe(first);
        const validatedAt = t.receivedAt + later;
        expect(revalidationDueAt(markValidated(t, validatedAt))).toBe(validatedAt + 1_800_000);
      }),
    );
  });

  it('revalidates only a valid token whose check is due', () => {
    fc.assert(
      fc.property(tokens, offset, (t, d) => {
        const now = t.receivedAt + d;
        expect(isRevalidationDue(t, now)).toBe(
          isSessionValid(t, now) && now >= revalidationDueAt(t),
        );
      }),
    );
  });

  it('decides use, revalidate or renew, in that order of precedence', () => {
    fc.assert(
      fc.property(tokens, offset, (t, d) => {
        const now = t.receivedAt + d;
        const action = nextTokenAction(t, now);
        if (!isSessionValid(t, now)) expect(action).toBe('renew');
        else if (now >= revalidationDueAt(t)) expect(action).toBe('revalidate');
        else expect(action).toBe('use');
      }),
    );
  });

  it('uses a token it has just validated, unless it is about to expire', () => {
    fc.assert(
      fc.property(tokens, offset, (t, d) => {
        const now = t.receivedAt + d;
        const action = nextTokenAction(markValidated(t, now), now);
        expect(action).toBe(isSessionValid(t, now) ? 'use' : 'renew');
      }),
    );
  });
});
