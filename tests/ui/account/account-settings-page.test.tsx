/**
 * /en/account/settings as a shopper meets it, over the offline demo's fakes: a guest is sent to
 * sign in; a professional edits the business fields, a homeowner only the names; saved addresses
 * are listed default first and added, checked, set as default and removed; the empty, full, loading
 * and failed states say so.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Container } from 'inversify';
import { afterEach, describe, expect, it } from 'vitest';
import { TYPES } from '../../../adapters/di/types';
import { ApiError } from '../../../adapters/http/api-error';
import { MAX_SAVED_ADDRESSES } from '../../../core/account/address-book';
import { toWireAddress } from '../../../core/account/addresses';
import type { AddressBookGateway } from '../../../core/account/ports';
import { accountContainer, renderSettings, signInAs, SETTINGS } from './harness';

afterEach(cleanup);

const location = () => screen.getByTestId('location').textContent ?? '';

const section = (name: string) => screen.getByRole('region', { name });

const signedIn = async (email: string): Promise<Container> => {
  const container = accountContainer();
  await signInAs(container, email);
  return container;
};

const gatewayOf = (container: Container) =>
  container.get<AddressBookGateway>(TYPES.AddressBookGateway);

const type = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

const valueOf = (scope: HTMLElement, label: string) =>
  (within(scope).getByLabelText(label) as HTMLInputElement).value;

/** The address cards, in the order shown. */
const cards = () => within(section('Saved addresses')).queryAllByRole('listitem');

const showProfile = async () => {
  await screen.findByRole('heading', { level: 1, name: 'Account settings' });
  const profile = section('Profile');
  await within(profile).findByLabelText('First name');
  return profile;
};

describe('the account settings page', () => {
  it('sends a guest to sign in and back', async () => {
    renderSettings(accountContainer());
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(location()).toBe(`/en/login?redirect=${encodeURIComponent(SETTINGS)}`);
  });

  it('has one h1, the page title, and a section with an h2 for each part, in order', async () => {
    renderSettings(await signedIn('pro@lavabo.test'));
    await showProfile();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('Account settings — Lavabo');
    expect(screen.getByRole('main').id).toBe('main');
    const h2s = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(h2s).toEqual([
      'Profile',
      'Saved addresses',
      'Change password',
      'Two-step sign-in',
      'Delete account',
    ]);
  });

  it('lets a professional (TVS) change the company name, and says it saved', async () => {
    const container = await signedIn('pro@lavabo.test');
    renderSettings(container);
    const profile = await showProfile();
    expect(valueOf(profile, 'First name')).toBe('Pablo');
    await waitFor(() =>
      expect((within(profile).getByLabelText('Business type') as HTMLSelectElement).value).toBe(
        'Plumber',
      ),
    );
    type(profile, 'Company name', 'Reyes Plumbing Co');
    fireEvent.click(within(profile).getByRole('button', { name: 'Save profile' }));
    await within(profile).findByText('Your profile was saved.');
    expect(within(profile).getByRole('status').textContent).toBe('Your profile was saved.');
    expect((await gatewayOf(container).profile()).companyName).toBe('Reyes Plumbing Co');
  });

  it('names a bad profile field inline and in a summary that links to it', async () => {
    renderSettings(await signedIn('pro@lavabo.test'));
    const profile = await showProfile();
    type(profile, 'Last name', '');
    fireEvent.click(within(profile).getByRole('button', { name: 'Save profile' }));
    const alert = await within(profile).findByRole('alert');
    expect(alert.textContent).toContain('Please check the highlighted fields.');
    const link = within(alert).getByRole('link', { name: 'Last name: This field is required' });
    const input = within(profile).getByLabelText('Last name');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'This field is required',
    );
    fireEvent.click(link);
    expect(document.activeElement).toBe(input);
  });

  it('lets a homeowner change only the names', async () => {
    renderSettings(await signedIn('homeowner@lavabo.test'));
    const profile = await showProfile();
    expect(valueOf(profile, 'Last name')).toBe('Holm');
    expect(within(profile).queryByLabelText('Company name')).toBeNull();
    expect(within(profile).queryByLabelText('Business type')).toBeNull();
  });

  it('lists the default address first, marked "Default"', async () => {
    const container = await signedIn('pro@lavabo.test');
    const gateway = gatewayOf(container);
    const before = await gateway.profile();
    // A second address, made the default in the same request.
    await gateway.apply(before.version, [
      {
        action: 'addAddress',
        address: toWireAddress(
          {
            streetName: '9 Elm Street',
            city: 'Evanston',
            state: 'IL',
            postalCode: '60201',
            country: 'US',
          },
          'elm',
        ),
      },
      { action: 'setDefaultShippingAddress', addressKey: 'elm' },
    ]);
    renderSettings(container);
    await showProfile();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const [first, second] = cards();
    expect(first?.textContent).toContain('9 Elm Street');
    expect(within(first as HTMLElement).getByText('Default')).toBeTruthy();
    expect(within(second as HTMLElement).queryByText('Default')).toBeNull();
    expect(second?.textContent).toContain('233 South Wacker Drive');
    expect(within(second as HTMLElement).getByText('Profile')).toBeTruthy();
    expect(screen.getByText(`2 of ${MAX_SAVED_ADDRESSES} addresses saved`)).toBeTruthy();
  });

  it('adds an address: a bad postal code is named with the typed values kept; fixed, it is listed; then it becomes the default and the old one goes', async () => {
    renderSettings(await signedIn('pro@lavabo.test'));
    await showProfile();
    const addresses = section('Saved addresses');
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(within(addresses).getByRole('button', { name: 'Add address' }));
    const form = await within(addresses).findByRole('form', { name: 'Add an address' });
    expect(document.activeElement).toBe(within(form).getByLabelText('First name'));
    expect(valueOf(form, 'First name')).toBe('Pablo');
    type(form, 'Mobile phone', '312-555-0199');
    type(form, 'Street address', '1 Lakeshore Drive');
    type(form, 'City', 'Chicago');
    await waitFor(() =>
      expect(within(form).getByRole('option', { name: 'Illinois' })).toBeTruthy(),
    );
    type(form, 'State or province', 'IL');
    type(form, 'Postal code', 'ABCDE');
    fireEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    const alert = await within(form).findByRole('alert');
    expect(within(alert).getByRole('link').textContent).toBe(
      'Postal code: Please enter a valid postal code',
    );
    expect(within(form).getByLabelText('Postal code').getAttribute('aria-invalid')).toBe('true');
    expect(valueOf(form, 'Street address')).toBe('1 Lakeshore Drive');
    expect(valueOf(form, 'Postal code')).toBe('ABCDE');

    type(form, 'Postal code', '60601');
    fireEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    await within(addresses).findByText('Address added.');
    expect(within(addresses).queryByRole('form')).toBeNull();
    expect(cards().map((c) => c.textContent?.includes('1 Lakeshore Drive'))).toEqual([false, true]);
    // Focus goes back to the control that opened the form.
    expect(document.activeElement).toBe(
      within(addresses).getByRole('button', { name: 'Add address' }),
    );

    fireEvent.click(
      within(addresses).getByRole('button', { name: 'Set as default: 1 Lakeshore Drive, Chicago' }),
    );
    await within(addresses).findByText('Default address changed.');
    expect(cards()[0]?.textContent).toContain('1 Lakeshore Drive');
    expect(within(cards()[0] as HTMLElement).getByText('Default')).toBeTruthy();

    fireEvent.click(
      within(addresses).getByRole('button', { name: 'Remove 233 South Wacker Drive, Chicago' }),
    );
    const question = within(addresses).getByRole('group', { name: 'Remove this address?' });
    expect(document.activeElement).toBe(
      within(question).getByRole('button', { name: 'Keep address' }),
    );
    fireEvent.click(within(question).getByRole('button', { name: /^Yes, remove/ }));
    await within(addresses).findByText('Address removed.');
    expect(cards()).toHaveLength(1);
    expect(cards()[0]?.textContent).toContain('1 Lakeshore Drive');
  });

  it('shows the empty state with a way to add one', async () => {
    const container = await signedIn('homeowner@lavabo.test');
    const gateway = gatewayOf(container);
    const profile = await gateway.profile();
    await gateway.apply(profile.version, [
      { action: 'removeAddress', addressId: profile.addresses[0]?.id ?? '' },
    ]);
    renderSettings(container);
    await showProfile();
    const addresses = section('Saved addresses');
    await within(addresses).findByRole('heading', { level: 3, name: 'No saved addresses yet' });
    fireEvent.click(within(addresses).getByRole('button', { name: 'Add address' }));
    await within(addresses).findByRole('form', { name: 'Add an address' });
    // The first address becomes the default anyway: no choice to offer.
    expect(within(addresses).queryByLabelText('Make this my default address')).toBeNull();
  });

  it('explains why no address can be added when the book is full', async () => {
    const container = await signedIn('pro@lavabo.test');
    const gateway = gatewayOf(container);
    const profile = await gateway.profile();
    await gateway.apply(
      profile.version,
      Array.from({ length: MAX_SAVED_ADDRESSES - 1 }, (_, i) => ({
        action: 'addAddress' as const,
        address: toWireAddress({
          streetName: `${i + 1} Elm Street`,
          city: 'Evanston',
          state: 'IL',
          postalCode: '60201',
          country: 'US',
        }),
      })),
    );
    renderSettings(container);
    await showProfile();
    const addresses = section('Saved addresses');
    await waitFor(() => expect(cards()).toHaveLength(MAX_SAVED_ADDRESSES));
    const add = within(addresses).getByRole('button', { name: 'Add address' });
    expect(add.getAttribute('aria-disabled')).toBe('true');
    const why = document.getElementById(add.getAttribute('aria-describedby') ?? '');
    expect(why?.textContent).toBe(
      `You can keep up to ${MAX_SAVED_ADDRESSES} addresses. Remove one to add another.`,
    );
    fireEvent.click(add);
    expect(within(addresses).queryByRole('form')).toBeNull();
  });

  it('shows skeletons while loading, then "Failed to get profile" with a retry that works', async () => {
    const container = await signedIn('pro@lavabo.test');
    const real = gatewayOf(container);
    let release: () => void = () => {};
    let fail = true;
    container.rebind(TYPES.AddressBookGateway).toConstantValue({
      profile: async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        if (fail) throw new ApiError('server', 'Server Error');
        return real.profile();
      },
      apply: (v: number, a: Parameters<AddressBookGateway['apply']>[1]) => real.apply(v, a),
      editProfile: (v: number, a: Parameters<AddressBookGateway['editProfile']>[1]) =>
        real.editProfile(v, a),
    } satisfies AddressBookGateway);
    renderSettings(container);
    await screen.findByRole('heading', { level: 1, name: 'Account settings' });
    expect(screen.getByText('Loading your profile…')).toBeTruthy();
    expect(screen.getByText('Loading your addresses…')).toBeTruthy();
    await act(async () => release());
    const failures = await screen.findAllByRole('heading', { name: 'Failed to get profile' });
    expect(failures).toHaveLength(2);
    fail = false;
    fireEvent.click(within(section('Saved addresses')).getByRole('button', { name: 'Try again' }));
    await act(async () => release());
    await within(section('Profile')).findByLabelText('First name');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Failed to get profile' })).toBeNull();
  });
});
