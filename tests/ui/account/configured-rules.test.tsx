/**
 * Issue 18: the account settings forms check with the configuration they are served (spec §3
 * pattern map, §5 condition messages and profile password rule) — a configured pattern's message
 * on the address form, and the configured password rule as the change-password checklist.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDemoData } from '../../../adapters/fake/demo-data';
import type { StorefrontConfiguration } from '../../../core/content/configuration';
import { DEFAULT_CONFIGURATION } from '../../../core/content/default-configuration';
import { testContainer } from '../support/test-container';
import { LISTS } from './fixtures';
import { renderSettings, signInAs } from './harness';

afterEach(cleanup);

const CONFIGURATION: StorefrontConfiguration = {
  ...DEFAULT_CONFIGURATION,
  lists: { ...DEFAULT_CONFIGURATION.lists, ...LISTS, businessTypes: ['Plumber'] },
  patterns: { city: '[A-Za-z]', companyName: '^[A-Z]' },
  validationMessages: {
    fieldPatterns: { city: 'City needs a letter', companyName: 'Start with a capital' },
    profilePassword: { forbidden: 'No shop words, please' },
  },
  profilePasswordPolicy: { pattern: '\\d', forbiddenStrings: ['faucet'] },
};

const signedIn = async () => {
  const container = testContainer({ demoData: emptyDemoData(CONFIGURATION) });
  await signInAs(container, 'pro@lavabo.test');
  renderSettings(container);
  await screen.findByRole('heading', { level: 1, name: 'Account settings' });
};

const type = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

describe('configured field rules on the account settings page', () => {
  it('refuses a city the configured pattern refuses, with the configured message, until fixed', async () => {
    await signedIn();
    const addresses = screen.getByRole('region', { name: 'Saved addresses' });
    fireEvent.click(await within(addresses).findByRole('button', { name: 'Add address' }));
    const form = await within(addresses).findByRole('form', { name: 'Add an address' });
    type(form, 'Mobile phone', '312-555-0199');
    type(form, 'Street address', '1 Lakeshore Drive');
    type(form, 'City', '12345');
    await waitFor(() =>
      expect(within(form).getByRole('option', { name: 'Illinois' })).toBeTruthy(),
    );
    type(form, 'State or province', 'IL');
    type(form, 'Postal code', '60601');
    fireEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    const alert = await within(form).findByRole('alert');
    expect(within(alert).getByRole('link').textContent).toBe('City: City needs a letter');
    expect(within(form).getByLabelText('City').getAttribute('aria-invalid')).toBe('true');
    type(form, 'City', 'Chicago');
    fireEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    await within(addresses).findByText('Address added.');
  });

  it('lists the configured password rule as the checklist and refuses a forbidden word', async () => {
    await signedIn();
    const rules = await screen.findByRole('list', { name: 'New password rules' });
    expect(rules.textContent).toContain('No shop words, please');
    fireEvent.change(screen.getByLabelText('New password'), {
      target: { value: 'brass-faucet-2026' },
    });
    const unmet = [...rules.querySelectorAll('li')].filter(
      (li) => !li.classList.contains('is-met'),
    );
    expect(unmet.map((li) => li.textContent)).toEqual([
      expect.stringContaining('No shop words, please'),
    ]);
    fireEvent.change(screen.getByLabelText('New password'), {
      target: { value: 'brass-tap-2026' },
    });
    expect(rules.querySelectorAll('.is-met')).toHaveLength(3);
  });
});
