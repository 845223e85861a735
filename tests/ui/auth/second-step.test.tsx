/**
 * The second step of signing in on the login page and in the auth modal, over the demo container
 * (the fake keeps the server's rules): the "Verification code" field takes focus, a refused code is
 * named on it, "Use a recovery code" swaps the field, a right code signs in and leaves the page; a
 * sales associate enrols on the way (QR code, key as text, recovery codes, "Continue"). The view
 * model on its own: a used-up challenge leaves only "Start again". Codes are computed with otpauth.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Secret, TOTP } from 'otpauth';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompleteSignIn } from '../../../core/auth/second-step';
import type { SignIn } from '../../../core/auth/sign-in';
import type { TokenStore } from '../../../core/auth/ports';
import { TYPES } from '../../../adapters/di/types';
import { DEMO_PASSWORD, FakeIdentity } from '../../../adapters/fake/identity/fake-identity';
import { SecondStepModel } from '../../../ui/auth/second-step-model';
import { demoContainer, renderAuth } from './harness';

afterEach(cleanup);

const codeAt = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

const location = () => screen.getByTestId('location').textContent;

/** The demo homeowner with two-step sign-in on (enrolled at the step before now), signed out. */
const enrolledHomeowner = async () => {
  const container = demoContainer();
  await container
    .get<SignIn>(TYPES.SignIn)
    .execute({ username: 'homeowner@lavabo.test', password: DEMO_PASSWORD });
  const twoStep = container.get(FakeIdentity).twoStep;
  const { secret } = await twoStep.startEnrolment();
  const recoveryCodes = await twoStep.confirmEnrolment(codeAt(secret, -1));
  container.get<TokenStore>(TYPES.TokenStore).clear();
  return { container, secret, recoveryCodes };
};

const signInWithPassword = async (email: string) => {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: DEMO_PASSWORD } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  });
};

describe('the second step on the login page', () => {
  it('asks for the verification code, names a wrong one, and signs in with a right one', async () => {
    const { container, secret } = await enrolledHomeowner();
    renderAuth({
      url: `/en/login?redirect=${encodeURIComponent('/en/account/orders')}`,
      container,
    });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await signInWithPassword('homeowner@lavabo.test');

    const field = await screen.findByLabelText('Verification code');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.queryByLabelText('Password')).toBeNull();

    fireEvent.change(field, { target: { value: '12' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('The verification code is 6 digits.');

    fireEvent.change(field, { target: { value: codeAt(secret, 3) } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });
    expect(
      document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toMatch(/not right or has expired/);

    fireEvent.change(field, { target: { value: codeAt(secret, 1) } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });
    await screen.findByRole('heading', { level: 1, name: 'My orders' });
    expect(location()).toBe('/en/account/orders');
  });

  it('"Use a recovery code" swaps the field, and a recovery code signs in', async () => {
    const { container, recoveryCodes } = await enrolledHomeowner();
    renderAuth({ url: '/en/login', container });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await signInWithPassword('homeowner@lavabo.test');
    await screen.findByLabelText('Verification code');
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const field = screen.getByLabelText('Recovery code');
    await waitFor(() => expect(document.activeElement).toBe(field));
    fireEvent.change(field, { target: { value: (recoveryCodes[0] ?? '').toLowerCase() } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });
    await waitFor(() => expect(location()).toBe('/en'));
  });
  it('"Start again" goes back to the password, with the e-mail kept and focus on the password', async () => {
    const { container } = await enrolledHomeowner();
    renderAuth({ url: '/en/login', container });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await signInWithPassword('homeowner@lavabo.test');
    await screen.findByLabelText('Verification code');
    fireEvent.click(screen.getByRole('button', { name: 'Start again' }));
    const password = await screen.findByLabelText('Password');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(
      'homeowner@lavabo.test',
    );
    expect((password as HTMLInputElement).value).toBe('');
  });
});

describe('the second step in the auth modal', () => {
  it('the sales associate sets two-step sign-in up on the way in', async () => {
    renderAuth({ url: '/en' });
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toBeTruthy();
    await signInWithPassword('associate@lavabo.test');

    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const secret = document.querySelector('[data-secret]')?.getAttribute('data-secret') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // The key is also readable as text, in groups of four.
    expect(screen.getByText(secret.replace(/(.{4})(?=.)/g, '$1 '))).toBeTruthy();
    // No recovery codes exist yet: the switch is not offered.
    expect(screen.queryByRole('button', { name: 'Use a recovery code' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Verification code'), {
      target: { value: codeAt(secret) },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Copy codes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download codes' })).toBeTruthy();
    const proceed = screen.getByRole('button', { name: 'Continue' });
    await waitFor(() => expect(document.activeElement).toBe(proceed));
    await act(async () => {
      fireEvent.click(proceed);
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Ada')).toBeTruthy();
  });
});

describe('SecondStepModel', () => {
  it('a used-up challenge is said above the form and leaves only "Start again"', async () => {
    const useCase: Pick<CompleteSignIn, 'execute' | 'startEnrolment'> = {
      execute: async () => ({ kind: 'expired', message: 'Your sign-in took too long.' }),
      startEnrolment: async () => {
        throw new Error('not used');
      },
    };
    let signedIn = 0;
    const step = new SecondStepModel(useCase, 'c', false, async () => {
      signedIn += 1;
    });
    step.setCode('123456');
    expect(await step.submit()).toBe(false);
    expect(step).toMatchObject({ alert: 'Your sign-in took too long.', ended: true, error: null });
    expect(await step.submit()).toBe(false);
    expect(signedIn).toBe(0);
  });
});
