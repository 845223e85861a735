import { describe, expect, it } from 'vitest';
import type { EnsureSession } from '../../../core/auth/ensure-session';
import { PasswordChangeRejectedError } from '../../../core/account/account-security';
import {
  CHANGE_PASSWORD_LOCKED,
  LOCKED_OUT_SUMMARY,
  LOCKOUT_MS,
  MAX_FAILED_SIGN_INS,
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_TTL_MS,
  RESET_CODES_PER_WINDOW,
  WRONG_CURRENT_PASSWORD,
} from '../../../core/auth/policies';
import { fromGrant } from '../../../core/auth/token-lifecycle';
import type { ClaimsReader, TokenStore } from '../../../core/auth/ports';
import type { SignIn } from '../../../core/auth/sign-in';
import type { SignOut } from '../../../core/auth/sign-out';
import { ManualClock } from '../../../core/shared/clock';
import { createContainer } from '../../../adapters/di/container';
import { defaultAppConfig, TYPES } from '../../../adapters/di/types';
import { DEMO_PASSWORD, FakeIdentity } from '../../../adapters/fake/identity/fake-identity';
import { JwtClaimsReader } from '../../../adapters/http/identity/jwt-claims-reader';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import { MemoryTokenStore } from '../../core/auth/token-doubles';

const T0 = Date.UTC(2026, 0, 1);
const setup = () => {
  const clock = new ManualClock(T0);
  const store = new MemoryTokenStore();
  const logged: string[] = [];
  const identity = new FakeIdentity(clock, store, 'KOUS', (m) => logged.push(m));
  return { clock, store, identity, logged };
};

describe('FakeIdentity (offline demo)', () => {
  it('signs the pinned demo accounts in with spec §3 claims', async () => {
    const { identity } = setup();
    const reader = new JwtClaimsReader();
    for (const [email, persona] of [
      ['homeowner@lavabo.test', 'KOUS:GST'],
      ['pro@lavabo.test', 'KOUS:TVS'],
    ] as const) {
      const result = await identity.signIn({
        username: email.toUpperCase(),
        password: DEMO_PASSWORD,
      });
      expect(result.status).toBe('SUCCESS');
      const claims = reader.read(result.tokens?.access_token ?? '');
      expect(claims?.email).toBe(email);
      expect(claims?.persona).toEqual([persona]);
      expect(await identity.validate(result.tokens?.access_token ?? '')).toBe(true);
    }
    const pro = await identity.signIn({ username: 'pro@lavabo.test', password: DEMO_PASSWORD });
    expect(reader.read(pro.tokens?.access_token ?? '')?.businessType).toBe('Plumber');
  });

  it('locks an account after repeated failures, for a period that expires', async () => {
    const { identity, clock } = setup();
    const wrong = { username: 'homeowner@lavabo.test', password: 'nope' };
    for (let i = 1; i < MAX_FAILED_SIGN_INS; i += 1) {
      expect((await identity.signIn(wrong)).status).toBe('AUTHENTICATION_FAILED');
    }
    expect((await identity.signIn(wrong)).status).toBe('LOCKED_OUT');
    const right = { username: 'homeowner@lavabo.test', password: DEMO_PASSWORD };
    expect((await identity.signIn(right)).status).toBe('LOCKED_OUT');
    clock.advance(LOCKOUT_MS);
    expect((await identity.signIn(right)).status).toBe('SUCCESS');
  });

  it('counts wrong current passwords toward the same lockout as the server, with its words', async () => {
    const { identity, clock, store } = setup();
    const right = { username: 'homeowner@lavabo.test', password: DEMO_PASSWORD };
    const grant = (await identity.signIn(right)).tokens;
    if (grant === undefined) throw new Error('no tokens');
    store.save(fromGrant(grant, clock.now(), { anonymous: false }));
    const refusal = (p: Promise<void>) =>
      p.then(
        () => null,
        (e: unknown) => (e instanceof PasswordChangeRejectedError ? e.errors[0]?.message : e),
      );
    // Four wrong sign-ins, then a wrong current password: the fifth failure locks.
    for (let i = 1; i < MAX_FAILED_SIGN_INS; i += 1) {
      expect((await identity.signIn({ ...right, password: 'nope' })).status).toBe(
        'AUTHENTICATION_FAILED',
      );
    }
    expect(await refusal(identity.changePassword('nope', 'Another-Pass-5'))).toBe(
      CHANGE_PASSWORD_LOCKED,
    );
    expect(await identity.signIn(right)).toEqual({
      status: 'LOCKED_OUT',
      errorSummary: LOCKED_OUT_SUMMARY,
    });
    // While locked even the right current password changes nothing.
    expect(await refusal(identity.changePassword(DEMO_PASSWORD, 'Another-Pass-5'))).toBe(
      CHANGE_PASSWORD_LOCKED,
    );
    clock.advance(LOCKOUT_MS);
    expect(await refusal(identity.changePassword('nope', 'Another-Pass-5'))).toBe(
      WRONG_CURRENT_PASSWORD,
    );
    expect(await refusal(identity.changePassword(DEMO_PASSWORD, 'Another-Pass-5'))).toBeNull();
  });

  it(`wears a reset code out after ${RESET_CODE_MAX_ATTEMPTS} wrong guesses, and sends at most ${RESET_CODES_PER_WINDOW} codes per window`, async () => {
    const { identity, clock } = setup();
    const email = 'pro@lavabo.test';
    await identity.requestPasswordReset(email);
    const code = identity.outbox[0]?.code ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    const password = 'Brand-New-2026!';
    for (let i = 0; i < RESET_CODE_MAX_ATTEMPTS; i += 1) {
      expect((await identity.resetPassword({ email, code: wrong, password })).kind).toBe(
        'rejected',
      );
    }
    expect((await identity.resetPassword({ email, code, password })).kind).toBe('rejected');
    for (let i = 1; i < RESET_CODES_PER_WINDOW + 3; i += 1)
      await identity.requestPasswordReset(email);
    expect(identity.outbox).toHaveLength(RESET_CODES_PER_WINDOW);
    clock.advance(RESET_CODE_TTL_MS);
    await identity.requestPasswordReset(email);
    expect(identity.outbox).toHaveLength(RESET_CODES_PER_WINDOW + 1);
  });

  it('rotates refresh tokens; reusing a rotated one revokes the whole family', async () => {
    const { identity } = setup();
    const first = await identity.signIn({ username: 'pro@lavabo.test', password: DEMO_PASSWORD });
    const r1 = first.tokens?.refresh_token ?? '';
    const second = await identity.refresh(r1);
    expect(second).not.toBeNull();
    expect(await identity.refresh(r1)).toBeNull(); // reuse
    expect(await identity.refresh(second?.refresh_token ?? '')).toBeNull(); // family gone
    expect(await identity.refresh('garbage')).toBeNull();
  });

  it('signs up once per e-mail, then the new account signs in', async () => {
    const { identity } = setup();
    const form = {
      email: 'New@Lavabo.test',
      password: 'Abcdefghij1!',
      firstName: 'Nia',
      lastName: 'New',
      accountType: 'professional' as const,
      businessType: 'Designer',
    };
    expect(await identity.userExists('new@lavabo.test')).toBe(false);
    expect(await identity.signUp(form)).toEqual({ kind: 'created', email: 'new@lavabo.test' });
    // As the server: the lookup tells nothing, a taken e-mail gets the same answer and changes
    // nothing, and its owner is e-mailed.
    expect(await identity.userExists('NEW@lavabo.test')).toBe(false);
    expect(await identity.signUp({ ...form, password: 'Another-Pass-9!' })).toEqual({
      kind: 'created',
      email: 'new@lavabo.test',
    });
    expect(identity.outbox[0]?.to).toBe('new@lavabo.test');
    const signedIn = await identity.signIn({
      username: 'new@lavabo.test',
      password: form.password,
    });
    expect(new JwtClaimsReader().read(signedIn.tokens?.access_token ?? '')?.persona).toEqual([
      'KOUS:TVS',
    ]);
  });

  it('resets a password with the e-mailed one-time code, once, within 15 minutes; clears lockout', async () => {
    const { identity, clock } = setup();
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i += 1) {
      await identity.signIn({ username: 'pro@lavabo.test', password: 'x' });
    }
    await identity.requestPasswordReset('nobody@lavabo.test');
    expect(identity.outbox).toHaveLength(0);
    await identity.requestPasswordReset('pro@lavabo.test');
    const code = identity.outbox[0]?.code ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const password = 'Brand-New-2026!';
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect(
      (await identity.resetPassword({ email: 'pro@lavabo.test', code: wrongCode, password })).kind,
    ).toBe('rejected');
    expect((await identity.resetPassword({ email: 'pro@lavabo.test', code, password })).kind).toBe(
      'reset',
    );
    expect((await identity.resetPassword({ email: 'pro@lavabo.test', code, password })).kind).toBe(
      'rejected',
    );
    expect((await identity.signIn({ username: 'pro@lavabo.test', password })).status).toBe(
      'SUCCESS',
    );

    await identity.requestPasswordReset('pro@lavabo.test');
    clock.advance(15 * 60_000);
    const late = identity.outbox[0]?.code ?? '';
    expect(
      (await identity.resetPassword({ email: 'pro@lavabo.test', code: late, password })).kind,
    ).toBe('rejected');
  });
});

describe('identity in the composition root', () => {
  it.each(['fake', 'http'] as const)(
    'wires sign-in, sign-out and the session in %s mode',
    (mode) => {
      const c = createContainer({
        mode,
        config: defaultAppConfig,
        storage: new MemoryStorage(),
        sessionStorage: new MemoryStorage(),
      });
      expect(c.get<SignIn>(TYPES.SignIn)).toBe(c.get<SignIn>(TYPES.SignIn));
      expect(c.get<SignOut>(TYPES.SignOut)).toBeDefined();
      expect(c.get<ClaimsReader>(TYPES.ClaimsReader)).toBeInstanceOf(JwtClaimsReader);
    },
  );

  it('demo mode: a demo account signs in, is kept signed in, and a token error signs it out', async () => {
    const storage = new MemoryStorage();
    const c = createContainer({
      mode: 'fake',
      config: defaultAppConfig,
      storage,
      sessionStorage: new MemoryStorage(),
    });
    const session = c.get<EnsureSession>(TYPES.EnsureSession);
    await session.execute(); // a guest first
    const outcome = await c
      .get<SignIn>(TYPES.SignIn)
      .execute({ username: 'homeowner@lavabo.test', password: DEMO_PASSWORD });
    expect(outcome.kind).toBe('success');
    const store = c.get<TokenStore>(TYPES.TokenStore);
    expect(store.load()?.anonymous).toBe(false);
    expect((await session.execute()).anonymous).toBe(false);

    // A token the fake never issued fails validation: the session ends and a guest token follows.
    const stored = store.load();
    if (stored === null) throw new Error('no tokens');
    store.save({ ...stored, accessToken: 'forged.e30.x', receivedAt: 0, revalidateIn: 1 });
    const after = await session.execute();
    expect(after.anonymous).toBe(true);
  });
});
