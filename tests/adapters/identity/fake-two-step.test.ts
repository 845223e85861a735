/**
 * The offline demo's two-step sign-in (adapters/fake/identity/fake-two-step.ts) keeps the server's
 * rules (docs/api.md "Two-step sign-in"): the associate enrols at sign-in, codes work ±1 step and
 * once, recovery codes once, settings need a code. Codes are computed here with otpauth at the
 * fake's clock, as an authenticator app would show them.
 */
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { TwoStepRejectedError } from '../../../core/account/two-step-settings';
import { CompleteSignIn } from '../../../core/auth/second-step';
import { SignIn } from '../../../core/auth/sign-in';
import { ManualClock } from '../../../core/shared/clock';
import { DEMO_PASSWORD, FakeIdentity } from '../../../adapters/fake/identity/fake-identity';
import { JwtClaimsReader } from '../../../adapters/http/identity/jwt-claims-reader';
import { MemoryTokenStore } from '../../core/auth/token-doubles';

const T0 = Date.UTC(2026, 0, 1, 12, 0, 10);
const setup = () => {
  const clock = new ManualClock(T0);
  const store = new MemoryTokenStore();
  const identity = new FakeIdentity(clock, store, 'KOUS', () => undefined);
  const signIn = new SignIn(identity, store, clock);
  const second = new CompleteSignIn(identity.twoStep, store, clock);
  const codeAt = (secret: string, steps = 0) =>
    TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock.now() + steps * 30_000 });
  return { clock, store, identity, signIn, second, codeAt };
};

describe('FakeTwoStep', () => {
  it('leads the sales associate through enrolment before any token, then asks for a code', async () => {
    const { identity, signIn, second, store, codeAt, clock } = setup();
    const first = await signIn.execute({
      username: 'associate@lavabo.test',
      password: DEMO_PASSWORD,
    });
    expect(first).toMatchObject({ kind: 'secondStep', enrol: true });
    expect(store.load()).toBeNull();
    if (first.kind !== 'secondStep') return;
    const enrolment = await second.startEnrolment(first.challenge);
    expect(enrolment.uri).toContain('otpauth://totp/Lavabo:associate%40lavabo.test');
    expect(enrolment.qrSvg).toMatch(/^<svg/);
    const done = await second.execute(first.challenge, 'code', codeAt(enrolment.secret));
    expect(done).toMatchObject({ kind: 'success' });
    if (done.kind === 'success') expect(done.recoveryCodes).toHaveLength(10);
    expect(new JwtClaimsReader().read(store.load()?.accessToken ?? '')?.persona).toEqual([
      'KOUS:KEMP',
    ]);

    store.clear();
    clock.advance(30_000);
    const again = await signIn.execute({
      username: 'associate@lavabo.test',
      password: DEMO_PASSWORD,
    });
    expect(again).toMatchObject({ kind: 'secondStep', enrol: false });
    if (again.kind !== 'secondStep') return;
    // The code used to enrol (now one step old) is a replay.
    expect(
      await second.execute(again.challenge, 'code', codeAt(enrolment.secret, -1)),
    ).toMatchObject({
      kind: 'invalid',
    });
    expect(await second.execute(again.challenge, 'code', codeAt(enrolment.secret))).toEqual({
      kind: 'success',
      recoveryCodes: [],
    });
    expect(await identity.twoStep.status()).toEqual({
      enabled: true,
      required: true,
      recoveryCodesLeft: 10,
    });
    await expect(
      identity.twoStep.disable('code', codeAt(enrolment.secret, 1)),
    ).rejects.toMatchObject({
      details: { status: 403 },
    });
  });

  it('enrols a homeowner in settings; a recovery code works once; turning off needs a proof', async () => {
    const { identity, signIn, second, store, codeAt } = setup();
    expect(
      await signIn.execute({ username: 'homeowner@lavabo.test', password: DEMO_PASSWORD }),
    ).toMatchObject({
      kind: 'success',
    });
    const { secret } = await identity.twoStep.startEnrolment();
    await expect(identity.twoStep.confirmEnrolment(codeAt(secret, 2))).rejects.toBeInstanceOf(
      TwoStepRejectedError,
    );
    const codes = await identity.twoStep.confirmEnrolment(codeAt(secret));
    expect(codes).toHaveLength(10);
    await expect(identity.twoStep.disable('recoveryCode', 'ABCDE-23456')).rejects.toMatchObject({
      field: 'recoveryCode',
    });

    store.clear();
    const challenge = await signIn.execute({
      username: 'homeowner@lavabo.test',
      password: DEMO_PASSWORD,
    });
    if (challenge.kind !== 'secondStep') throw new Error('expected a second step');
    expect(await second.execute(challenge.challenge, 'recovery', codes[0] ?? '')).toMatchObject({
      kind: 'success',
    });
    store.clear();
    const next = await signIn.execute({
      username: 'homeowner@lavabo.test',
      password: DEMO_PASSWORD,
    });
    if (next.kind !== 'secondStep') throw new Error('expected a second step');
    expect(await second.execute(next.challenge, 'recovery', codes[0] ?? '')).toMatchObject({
      kind: 'invalid',
    });
    expect(await second.execute(next.challenge, 'recovery', codes[1] ?? '')).toMatchObject({
      kind: 'success',
    });
    await identity.twoStep.disable('recoveryCode', codes[2] ?? '');
    expect((await identity.twoStep.status()).enabled).toBe(false);
  });
});
