/**
 * The identity adapters against the real server (docs/api.md, Identity), through the same
 * container the storefront uses: sign-in outcomes, sign-up, lookup, refresh rotation through the
 * session, forgot/reset by the outbox code, sign-out revoking the refresh token, and lockout.
 */
import axios from 'axios';
import type { Container } from 'inversify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnsureSession } from '../../../core/auth/ensure-session';
import type {
  ClaimsReader,
  CustomerAccounts,
  CustomerTokenGateway,
  TokenStore,
} from '../../../core/auth/ports';
import type { SignIn } from '../../../core/auth/sign-in';
import type { SignOut } from '../../../core/auth/sign-out';
import { createContainer } from '../../../adapters/di/container';
import { defaultAppConfig, TYPES } from '../../../adapters/di/types';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import { startTestServer, type TestServer } from '../../support/test-server';
import { DEMO_PASSWORD } from '../../../server/identity/demo-accounts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.dispose());

/** A fresh browser tab: its own storage and container. */
const tab = (): Container =>
  createContainer({
    mode: 'http',
    config: { ...defaultAppConfig, apiBaseUrl: server.api },
    storage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
  });

const get = <T>(c: Container, id: symbol) => c.get<T>(id);

const outboxCode = async (to: string): Promise<string> => {
  const { data } = await axios.get<{ messages: { to: string; text: string }[] }>(
    `${server.api}/dev/outbox`,
  );
  const message = data.messages.find((m) => m.to === to);
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  if (code === undefined) throw new Error(`no code for ${to}`);
  return code;
};

describe('identity adapters against the real server', () => {
  it('signs a demo account in with the guest token, keeping its anonymousId for the cart merge', async () => {
    const c = tab();
    const guest = await get<EnsureSession>(c, TYPES.EnsureSession).execute();
    const outcome = await get<SignIn>(c, TYPES.SignIn).execute({
      username: 'Pro@Lavabo.test',
      password: DEMO_PASSWORD,
    });
    expect(outcome.kind).toBe('success');
    const stored = get<TokenStore>(c, TYPES.TokenStore).load();
    expect(stored?.anonymous).toBe(false);
    expect(stored?.anonymousId).toBe(guest.anonymousId);
    const claims = get<ClaimsReader>(c, TYPES.ClaimsReader).read(stored?.accessToken ?? '');
    expect(claims).toMatchObject({
      email: 'pro@lavabo.test',
      persona: ['KOUS:TVS'],
      businessType: 'Plumber',
    });
    expect(claims?.firstName).not.toBe('');
  });

  it('maps a wrong password to an error with the server’s summary, leaving the guest token', async () => {
    const c = tab();
    await get<EnsureSession>(c, TYPES.EnsureSession).execute();
    const outcome = await get<SignIn>(c, TYPES.SignIn).execute({
      username: 'homeowner@lavabo.test',
      password: 'Not-The-Password-1!',
    });
    expect(outcome.kind).toBe('error');
    if (outcome.kind === 'error') expect(outcome.message).not.toBe('');
    expect(get<TokenStore>(c, TYPES.TokenStore).load()?.anonymous).toBe(true);
  });

  it('signs up, answers a taken e-mail alike, tells nothing by lookup and names bad fields', async () => {
    const c = tab();
    const accounts = get<CustomerAccounts>(c, TYPES.CustomerAccounts);
    const email = `new-${Date.now()}@lavabo.test`;
    expect(await accounts.userExists(email)).toBe(false);
    const form = {
      email,
      password: 'Abcdefghij1!',
      firstName: 'Nia',
      lastName: 'New',
      accountType: 'professional' as const,
      businessType: 'Designer',
    };
    const created = await accounts.signUp(form);
    expect(created).toEqual({ kind: 'created', email });
    expect(await accounts.userExists(email)).toBe(false);
    expect(await accounts.userExists('homeowner@lavabo.test')).toBe(false);
    expect(await accounts.signUp({ ...form, password: 'Another-Pass-9!' })).toEqual(created);

    const invalid = await accounts.signUp({
      ...form,
      email: `other-${Date.now()}@lavabo.test`,
      password: 'weak',
      businessType: undefined as unknown as string,
    });
    expect(invalid.kind).toBe('invalid');
    if (invalid.kind === 'invalid') {
      expect(invalid.errors.map((e) => e.field)).toEqual(
        expect.arrayContaining(['password', 'businessType']),
      );
    }
  });

  it('renews a customer token with its refresh token through the session; the old refresh token is revoked', async () => {
    const c = tab();
    await get<SignIn>(c, TYPES.SignIn).execute({
      username: 'homeowner@lavabo.test',
      password: DEMO_PASSWORD,
    });
    const store = get<TokenStore>(c, TYPES.TokenStore);
    const before = store.load();
    if (before === null) throw new Error('not signed in');
    // Inside the last 120 s: the next call renews.
    store.save({ ...before, expiresAt: Date.now() + 60_000 });
    const renewed = await get<EnsureSession>(c, TYPES.EnsureSession).execute();
    expect(renewed.anonymous).toBe(false);
    expect(renewed.refreshToken).not.toBe(before.refreshToken);
    expect(renewed.expiresAt).toBeGreaterThan(Date.now() + 10 * 60_000);

    const tokens = get<CustomerTokenGateway>(c, TYPES.CustomerTokenGateway);
    expect(await tokens.refresh(before.refreshToken)).toBeNull(); // reuse of a rotated token
    expect(await tokens.refresh(renewed.refreshToken)).toBeNull(); // …revoked the family
  });

  it('resets a forgotten password with the outbox code; the new password signs in', async () => {
    const c = tab();
    const accounts = get<CustomerAccounts>(c, TYPES.CustomerAccounts);
    const email = `reset-${Date.now()}@lavabo.test`;
    await accounts.signUp({
      email,
      password: 'Abcdefghij1!',
      firstName: 'Rita',
      lastName: 'Reset',
      accountType: 'homeowner',
    });
    await accounts.requestPasswordReset(email);
    await accounts.requestPasswordReset(`nobody-${Date.now()}@lavabo.test`); // same answer
    const code = await outboxCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      (await accounts.resetPassword({ email, code: wrong, password: 'Brand-New-2026!' })).kind,
    ).toBe('rejected');
    expect(await accounts.resetPassword({ email, code, password: 'Brand-New-2026!' })).toEqual({
      kind: 'reset',
    });
    const outcome = await get<SignIn>(c, TYPES.SignIn).execute({
      username: email,
      password: 'Brand-New-2026!',
    });
    expect(outcome.kind).toBe('success');
  });

  it('signs out: the refresh token is revoked and the tab is a guest again', async () => {
    const c = tab();
    await get<SignIn>(c, TYPES.SignIn).execute({
      username: 'homeowner@lavabo.test',
      password: DEMO_PASSWORD,
    });
    const refresh = get<TokenStore>(c, TYPES.TokenStore).load()?.refreshToken ?? '';
    const report = await get<SignOut>(c, TYPES.SignOut).execute();
    expect(report.sessionClosed).toBe(true);
    expect(get<TokenStore>(c, TYPES.TokenStore).load()).toBeNull();
    expect(
      await get<CustomerTokenGateway>(c, TYPES.CustomerTokenGateway).refresh(refresh),
    ).toBeNull();
    expect((await get<EnsureSession>(c, TYPES.EnsureSession).execute()).anonymous).toBe(true);
  });

  it('locks an account out after repeated failures', async () => {
    const c = tab();
    const email = `lock-${Date.now()}@lavabo.test`;
    await get<CustomerAccounts>(c, TYPES.CustomerAccounts).signUp({
      email,
      password: 'Abcdefghij1!',
      firstName: 'Lou',
      lastName: 'Locked',
      accountType: 'homeowner',
    });
    const signIn = get<SignIn>(c, TYPES.SignIn);
    const kinds: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      kinds.push((await signIn.execute({ username: email, password: 'Wrong-Password-1!' })).kind);
    }
    expect(kinds.at(-1)).toBe('lockedOut');
    expect((await signIn.execute({ username: email, password: 'Abcdefghij1!' })).kind).toBe(
      'lockedOut',
    );
  });
});
