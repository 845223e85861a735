/**
 * Two-step sign-in's adapters hold one contract (docs/api.md "Two-step sign-in"), run through the
 * container the storefront uses on both families: the HTTP ones against the real server (answers
 * decoded with io-ts, a refused code named on its field) and the offline demo's fake. Enrol in
 * settings, sign in again with the second step, turn it off with a recovery code. Codes are
 * computed with otpauth at the real time, as both the server and the demo's clock read it.
 */
import { randomUUID } from 'node:crypto';
import type { Container } from 'inversify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TwoStepSettings } from '../../../core/account/two-step-settings';
import type { EnsureSession } from '../../../core/auth/ensure-session';
import type { CustomerAccounts, TokenStore } from '../../../core/auth/ports';
import type { CompleteSignIn } from '../../../core/auth/second-step';
import type { SignIn } from '../../../core/auth/sign-in';
import { createContainer, type AdapterMode } from '../../../adapters/di/container';
import { defaultAppConfig, TYPES } from '../../../adapters/di/types';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import { startTestServer, type TestServer } from '../../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.dispose());

const PASSWORD = 'Sturdy-Tap-2026!';
const STEP_MS = 30_000;

const tab = (mode: AdapterMode): Container =>
  createContainer({
    mode,
    config: { ...defaultAppConfig, apiBaseUrl: server.api },
    storage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
  });

const codeAt = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * STEP_MS });

/** At least 3 s left in this step, so "this step" is the same one for the server. */
const awayFromStepEdge = async () => {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < 3000) await new Promise((resolve) => setTimeout(resolve, left + 50));
};

describe.each<AdapterMode>(['http', 'fake'])('two-step sign-in adapters (%s)', (mode) => {
  it('enrol, sign in with a code, turn off with a recovery code', async () => {
    const c = tab(mode);
    const email = `two-step-${randomUUID()}@example.com`;
    await c.get<EnsureSession>(TYPES.EnsureSession).execute();
    const created = await c.get<CustomerAccounts>(TYPES.CustomerAccounts).signUp({
      email,
      password: PASSWORD,
      firstName: 'Lee',
      lastName: 'Vera',
      accountType: 'homeowner',
    });
    expect(created.kind).toBe('created');
    const signIn = c.get<SignIn>(TYPES.SignIn);
    expect((await signIn.execute({ username: email, password: PASSWORD })).kind).toBe('success');

    const settings = c.get<TwoStepSettings>(TYPES.TwoStepSettings);
    expect(await settings.status()).toEqual({
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
    });
    const { secret, uri, qrSvg } = await settings.startEnrolment();
    expect(uri).toContain(`secret=${secret}`);
    expect(qrSvg).toMatch(/^<svg/);
    await awayFromStepEdge();
    expect(await settings.confirmEnrolment(codeAt(secret, 3))).toEqual({
      kind: 'invalid',
      field: 'code',
      message: 'That code is not right or has expired. Enter the newest code from your app.',
    });
    const confirmed = await settings.confirmEnrolment(codeAt(secret));
    if (confirmed.kind !== 'done') throw new Error(`not confirmed: ${confirmed.message}`);
    expect(confirmed.value).toHaveLength(10);

    // Signing in again (a new tab on the server; the fake's accounts live in its container, so
    // there the same one, signed out): the password step answers a second step, the code ends it.
    const again = mode === 'http' ? tab('http') : c;
    if (mode === 'fake') again.get<TokenStore>(TYPES.TokenStore).clear();
    await again.get<EnsureSession>(TYPES.EnsureSession).execute();
    const first = await again
      .get<SignIn>(TYPES.SignIn)
      .execute({ username: email, password: PASSWORD });
    if (first.kind !== 'secondStep') throw new Error(`expected a second step, got ${first.kind}`);
    expect(first.enrol).toBe(false);
    const second = again.get<CompleteSignIn>(TYPES.CompleteSignIn);
    expect(await second.execute(first.challenge, 'code', codeAt(secret, 1))).toEqual({
      kind: 'success',
      recoveryCodes: [],
    });
    expect(again.get<TokenStore>(TYPES.TokenStore).load()?.anonymous).toBe(false);

    const off = again.get<TwoStepSettings>(TYPES.TwoStepSettings);
    expect(await off.disable('recoveryCode', 'ABCDE-23456')).toMatchObject({
      kind: 'invalid',
      field: 'recoveryCode',
    });
    expect(await off.disable('recoveryCode', confirmed.value[0] ?? '')).toEqual({
      kind: 'done',
      value: null,
    });
    expect((await off.status()).enabled).toBe(false);
  });
});
