/**
 * Renaming yourself reaches the header: the header shows the first name from the token's claims,
 * so a profile save has the token issued again; the new name shows at once, and after a reload
 * (a new app over the same stored token) too. Over the offline demo's fakes, whose identity follows
 * the profile as the server's one customer row does.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TYPES } from '../../../adapters/di/types';
import type { TokenStore } from '../../../core/auth/ports';
import { ACCOUNT_MENU_NAME } from '../../../ui/auth/account-menu';
import { accountContainer, renderSettings, signInAs } from './harness';

afterEach(cleanup);

const menuButton = (firstName: string) =>
  screen.findByRole('button', { name: `${ACCOUNT_MENU_NAME} ${firstName}` });

describe('renaming yourself in account settings', () => {
  it('shows the new first name in the header at once and after a reload', async () => {
    const container = accountContainer();
    await signInAs(container, 'homeowner@lavabo.test');
    const tokenBefore = container.get<TokenStore>(TYPES.TokenStore).load()?.accessToken;
    renderSettings(container, undefined, { header: true });
    await menuButton('Harriet');
    const profile = screen.getByRole('region', { name: 'Profile' });
    const first = await within(profile).findByLabelText('First name');
    fireEvent.change(first, { target: { value: 'Henrietta' } });
    fireEvent.click(within(profile).getByRole('button', { name: 'Save profile' }));
    await within(profile).findByText('Your profile was saved.');

    // By the time "saved" is said, the header says the new name.
    expect(screen.getByRole('button', { name: `${ACCOUNT_MENU_NAME} Henrietta` })).toBeTruthy();
    expect(screen.queryByText('Harriet')).toBeNull();
    // The stored token is a new one, so a reload reads the new name from it.
    const tokenAfter = container.get<TokenStore>(TYPES.TokenStore).load()?.accessToken;
    expect(tokenAfter).not.toBe(tokenBefore);

    cleanup();
    renderSettings(container, undefined, { header: true });
    await menuButton('Henrietta');
  });

  it('a save that changes nothing keeps the token', async () => {
    const container = accountContainer();
    await signInAs(container, 'homeowner@lavabo.test');
    const store = container.get<TokenStore>(TYPES.TokenStore);
    const before = store.load()?.accessToken;
    renderSettings(container, undefined, { header: true });
    const profile = await waitFor(() => screen.getByRole('region', { name: 'Profile' }));
    await within(profile).findByLabelText('First name');
    fireEvent.click(within(profile).getByRole('button', { name: 'Save profile' }));
    await within(profile).findByText('There are no changes to save.');
    expect(store.load()?.accessToken).toBe(before);
    await menuButton('Harriet');
  });
});
