/**
 * Account settings' "Two-step sign-in" over the demo's fake (server rules): set up with the QR code
 * and the key as text, a wrong "Verification code" named on the field with focus back on it, the
 * recovery codes shown once, and turning it off with a recovery code. The view model on its own:
 * a call that fails says so and changes nothing. Codes are computed with otpauth.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Secret, TOTP } from 'otpauth';
import { afterEach, describe, expect, it } from 'vitest';
import type { TwoStepSettings } from '../../../core/account/two-step-settings';
import { TwoStepSection } from '../../../ui/account/two-step-section';
import {
  TWO_STEP_FAILED_MESSAGE,
  TWO_STEP_LOAD_FAILED,
  TwoStepViewModel,
} from '../../../ui/account/two-step-view-model';
import { renderSection, signedInContainer } from './account-security-harness';

afterEach(cleanup);

const codeAt = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

const click = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};

describe('Two-step sign-in section', () => {
  it('enrols with the QR code and the key, shows the recovery codes once, and turns off with one', async () => {
    renderSection(TwoStepSection, await signedInContainer());
    await screen.findByRole('heading', { level: 2, name: 'Two-step sign-in' });
    await screen.findByText(/Two-step sign-in is off/);
    await click('Set up two-step sign-in');

    expect(screen.getByRole('img', { name: /QR code/ }).getAttribute('src')).toMatch(
      /^data:image\/svg\+xml/,
    );
    const secret = document.querySelector('[data-secret]')?.getAttribute('data-secret') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const field = screen.getByLabelText('Verification code');
    await waitFor(() => expect(document.activeElement).toBe(field));

    fireEvent.change(field, { target: { value: codeAt(secret, 3) } });
    await click('Turn on two-step sign-in');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(
      document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toMatch(/not right or has expired/);
    expect(document.activeElement).toBe(field);

    fireEvent.change(field, { target: { value: codeAt(secret) } });
    await click('Turn on two-step sign-in');
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    const codes = [...list.querySelectorAll('li')].map((li) => li.textContent ?? '');
    expect(codes).toHaveLength(10);
    expect(screen.getByText('Two-step sign-in is on.')).toBeTruthy();
    await click('I have saved my recovery codes');
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(screen.getByText(/You have 10 recovery codes left/)).toBeTruthy();

    await click('Turn off two-step sign-in');
    await click('Use a recovery code');
    const recovery = screen.getByLabelText('Recovery code');
    await waitFor(() => expect(document.activeElement).toBe(recovery));
    fireEvent.change(recovery, { target: { value: codes[0] } });
    await click('Turn off two-step sign-in');
    await screen.findByText(/Two-step sign-in is off\. Turn it on/);
    expect(screen.getByText('Two-step sign-in is off.')).toBeTruthy();
  });
});

describe('TwoStepViewModel', () => {
  it('says plainly when a call fails, and stays where it was', async () => {
    const settings: Pick<
      TwoStepSettings,
      'status' | 'startEnrolment' | 'confirmEnrolment' | 'disable' | 'regenerateRecoveryCodes'
    > = {
      status: async () => ({ enabled: true, required: false, recoveryCodesLeft: 4 }),
      startEnrolment: async () => ({ secret: 'S', uri: 'u', qrSvg: '' }),
      confirmEnrolment: async () => ({ kind: 'done', value: [] }),
      disable: async () => {
        throw new Error('network');
      },
      regenerateRecoveryCodes: async () => ({ kind: 'invalid', field: 'code', message: 'Wrong.' }),
    };
    const vm = new TwoStepViewModel(settings);
    await vm.load();
    expect(vm.screen).toBe('on');
    vm.begin('disabling');
    vm.setCode('123456');
    expect(await vm.submit()).toBe(false);
    expect(vm).toMatchObject({ screen: 'disabling', formError: TWO_STEP_FAILED_MESSAGE });
    vm.begin('regenerating');
    vm.setCode('123456');
    expect(await vm.submit()).toBe(false);
    expect(vm).toMatchObject({ screen: 'regenerating', error: 'Wrong.', formError: null });
    expect(vm.statusValue).toEqual({ enabled: true, required: false, recoveryCodesLeft: 4 });
  });

  it('offers to try again when the settings could not be loaded, and loads them then', async () => {
    let calls = 0;
    const settings: ConstructorParameters<typeof TwoStepViewModel>[0] = {
      status: async () => {
        calls += 1;
        if (calls === 1) throw new Error('network');
        return { enabled: false, required: false, recoveryCodesLeft: 0 };
      },
      startEnrolment: async () => ({ secret: 'S', uri: 'u', qrSvg: '' }),
      confirmEnrolment: async () => ({ kind: 'done', value: [] }),
      disable: async () => ({ kind: 'done', value: null }),
      regenerateRecoveryCodes: async () => ({ kind: 'done', value: [] }),
    };
    const vm = new TwoStepViewModel(settings);
    await vm.load();
    expect(vm).toMatchObject({ screen: 'failed', formError: TWO_STEP_LOAD_FAILED });
    await vm.load();
    expect(vm).toMatchObject({ screen: 'off', formError: null });
  });
});
