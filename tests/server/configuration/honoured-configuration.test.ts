/**
 * Issue 18 "Configuration that is honoured", on the real server: the configuration it serves
 * carries the pattern map, condition messages and profile password policy, and its own checks
 * (saved addresses, profile edits, change password) refuse exactly what core refuses with that
 * served configuration, in the same words — so the screens and the API agree.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSavedAddress } from '../../../core/account/address-book';
import {
  changePasswordRulesOf,
  validateChangePasswordForm,
} from '../../../core/account/account-security';
import { validateSignUpForm } from '../../../core/auth/sign-up';
import { fieldRulesOf } from '../../../core/validation/field-patterns';
import type { StorefrontConfiguration } from '../../../core/content/configuration';
import { insertCustomer } from '../../../server/identity/customer-repository';
import { hashPassword } from '../../../server/identity/password-hash';
import { startTestServer, type TestServer } from '../../support/test-server';
import { client, customerToken, guestToken, type Client } from '../cart/support';

let server: TestServer;
let served: StorefrontConfiguration;

interface ErrorBody {
  readonly errors?: readonly { readonly field?: string; readonly message?: string }[];
}

beforeAll(async () => {
  server = await startTestServer();
  const guest = client(server, (await guestToken(server)).token);
  served = (await guest.get<StorefrontConfiguration>('/config/global')).body;
});
afterAll(() => server.dispose());

const PASSWORD = 'Current-Pass-2026';

const newCustomer = async (): Promise<Client> => {
  const id = randomUUID();
  const email = `${id}@example.test`;
  await insertCustomer(server.db, {
    id,
    uid: randomUUID(),
    email,
    passwordHash: await hashPassword(PASSWORD),
    firstName: 'Robin',
    lastName: 'Tester',
    accountType: 'homeowner',
    persona: 'GST',
    businessType: null,
    businessSubtype: null,
    phone: null,
    zipCode: null,
    newsletter: false,
    passwordChangedAt: new Date(),
    passwordExpiresAt: null,
  });
  const { token } = await customerToken(server, { customerId: id, email });
  return client(server, token);
};

const address = (city: string) => ({
  firstName: 'Robin',
  lastName: 'Tester',
  mobile: '(212) 555-0100',
  streetName: '1 Main Street',
  city,
  state: 'NY',
  postalCode: '10001',
  country: 'US',
  custom: { type: { key: 'custom-address' }, fields: {} },
});

describe('the served configuration', () => {
  it('carries the pattern map, messages, password policy, compare expiry, menus and finance text', () => {
    expect(Object.keys(served.patterns)).toEqual(expect.arrayContaining(['firstName', 'city']));
    expect(fieldRulesOf(served).messages.fieldPatterns['city']).toBe('City must contain a letter');
    expect(served.profilePasswordPolicy?.forbiddenStrings).toContain('qwerty');
    expect(served.expireTime).toBeGreaterThan(0);
    expect(served.menuFragments?.user.length).toBeGreaterThan(0);
    expect(served.menuFragments?.guest.length).toBeGreaterThan(0);
    expect(served.financeErrorMessage).toMatch(/finance/i);
  });
});

describe('the server checks with the configuration it serves', () => {
  it('refuses a saved address core refuses, with the configured message on the field', async () => {
    const c = await newCustomer();
    for (const city of ['123', 'New York', '--', "St. John's"]) {
      const { custom: _custom, ...fields } = address(city);
      const core = checkSavedAddress(fields, fieldRulesOf(served).messages, served.patterns);
      const { version } = (await c.get<{ version: number }>('/customer/profile')).body;
      const answer = await c.post<ErrorBody>('/customer/address', {
        version,
        actions: [{ action: 'addAddress', address: address(city) }],
      });
      const coreCity = core.ok ? undefined : core.error.find((f) => f.field === 'city');
      if (coreCity === undefined) expect(answer.status, city).toBe(200);
      else {
        expect(answer.status, city).toBe(400);
        expect(answer.body.errors).toContainEqual(
          expect.objectContaining({
            field: 'actions[0].address.city',
            message: 'City must contain a letter',
          }),
        );
      }
    }
  });

  it('refuses a first name without a letter with the configured message', async () => {
    const c = await newCustomer();
    const { version } = (await c.get<{ version: number }>('/customer/profile')).body;
    const answer = await c.post<ErrorBody>('/customer/profile', {
      version,
      actions: [{ action: 'setFirstName', firstName: "'--'" }],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toContainEqual(
      expect.objectContaining({ message: 'First name must contain a letter' }),
    );
  });

  it('signs up only names core accepts with the served rules, naming the field in its words', async () => {
    const guest = client(server, (await guestToken(server)).token);
    for (const firstName of ["'--'", '42', 'Ada', "D'Arcy"]) {
      const form = {
        email: `${randomUUID()}@example.test`,
        password: 'Sturdy-Signup-2026!',
        firstName,
        lastName: 'Moss',
        accountType: 'homeowner' as const,
      };
      const core = validateSignUpForm(form, fieldRulesOf(served)).find(
        (e) => e.field === 'firstName',
      );
      const answer = await guest.post<ErrorBody>('/customer/signup', form);
      if (core === undefined) expect(answer.status, firstName).toBe(202);
      else {
        expect(answer.status, firstName).toBe(400);
        expect(answer.body.errors).toContainEqual(
          expect.objectContaining({ field: 'firstName', message: core.message }),
        );
      }
    }
  });

  it('refuses a new password with a configured forbidden string, as the form does', async () => {
    const c = await newCustomer();
    const rules = changePasswordRulesOf(served);
    for (const newPassword of ['Qwerty-2026-tap', 'Sturdy-Tap-2026', 'short1']) {
      const form = { currentPassword: PASSWORD, newPassword, confirmPassword: newPassword };
      const formErrors = validateChangePasswordForm(form, { firstName: 'Robin' }, rules);
      const answer = await c.post<ErrorBody>('/customer/change_password', {
        currentPassword: PASSWORD,
        newPassword,
      });
      const formSays = formErrors.find((e) => e.field === 'newPassword');
      if (formSays === undefined) {
        expect(answer.status, newPassword).toBe(204);
        break; // changed: the current password is now another one
      }
      expect(answer.status, newPassword).toBe(400);
      expect(answer.body.errors, newPassword).toContainEqual(
        expect.objectContaining({ field: 'newPassword', message: formSays.message }),
      );
    }
  });
});
