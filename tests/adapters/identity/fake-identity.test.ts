import { describe, expect, it } from 'vitest';
import type { EnsureSession } from '../../../core/auth/ensure-session';
import type { ClaimsReader, TokenStore } from '../../../core/auth/ports';
import type { SignIn } from '../../../core/auth/sign-in';
import type { SignOut } from '../../../core/auth/sign-out';
import { ManualClock } from '../../../core/shared/clock';
import { createContainer } from '../../../adapters/di/container';
import { defaultAppConfig, TYPES } from '../../../adapters/di/types';
import {
  DEMO_PASSWORD,
  FakeIdentity,
  LOCKOUT_MS,
  MAX_FAILED_SIGN_INS,
} from '../../../adapters/fake/identity/fake-identity';
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
      ['associate@lavabo.test', 'KOUS:KEMP'],
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
    expect((await identity.signUp(form)).kind).toBe('created');
    expect(await identity.userExists('NEW@lavabo.test')).toBe(true);
    expect((await identity.signUp(form)).kind).toBe('duplicate');
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
