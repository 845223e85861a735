/**
 * The AccountSecurityGateway adapters: the HTTP one against the real server through the container
 * the storefront uses (change password's refusals and success, delete account and what follows),
 * its reading of a falsy delete answer against a small mock, and the offline demo's FakeIdentity
 * holding to the same contract.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { Container } from 'inversify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountNotDeletedError,
  PasswordChangeRejectedError,
} from '../../../core/account/account-security';
import type { AccountSecurityGateway, AddressBookGateway } from '../../../core/account/ports';
import type { EnsureSession } from '../../../core/auth/ensure-session';
import type { CustomerAccounts, TokenStore } from '../../../core/auth/ports';
import type { SignIn } from '../../../core/auth/sign-in';
import type { StoredTokens } from '../../../core/auth/token-lifecycle';
import { createContainer, type AdapterMode } from '../../../adapters/di/container';
import { defaultAppConfig, TYPES } from '../../../adapters/di/types';
import { HttpAccountSecurityGateway } from '../../../adapters/http/account/http-account-security-gateway';
import { ApiClient } from '../../../adapters/http/api-client';
import { ApiError } from '../../../adapters/http/api-error';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import { startTestServer, type TestServer } from '../../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.dispose());

const PASSWORD = 'Sturdy-Tap-2026!';
const NEW_PASSWORD = 'Brass-Valve-2027';

/** A fresh browser tab: its own storage and container, with the real or the fake adapters. */
const tab = (mode: AdapterMode): Container =>
  createContainer({
    mode,
    config: { ...defaultAppConfig, apiBaseUrl: server.api },
    storage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
  });

const signUp = async (c: Container, email: string) => {
  await c.get<EnsureSession>(TYPES.EnsureSession).execute();
  const created = await c.get<CustomerAccounts>(TYPES.CustomerAccounts).signUp({
    email,
    password: PASSWORD,
    firstName: 'Lee',
    lastName: 'Vera',
    accountType: 'homeowner',
  });
  expect(created.kind).toBe('created');
};

const signIn = async (c: Container, email: string, password: string) => {
  await c.get<EnsureSession>(TYPES.EnsureSession).execute();
  return (await c.get<SignIn>(TYPES.SignIn).execute({ username: email, password })).kind;
};

const rejectionOf = async (work: Promise<unknown>): Promise<PasswordChangeRejectedError> => {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PasswordChangeRejectedError)) {
    throw new Error(`expected a rejection, got ${String(error)}`);
  }
  return error;
};

/** The same contract, run on both adapter families. */
describe.each<AdapterMode>(['http', 'fake'])('AccountSecurityGateway (%s)', (mode) => {
  it('refuses a wrong current password and a weak new one, naming the field; then changes it', async () => {
    const c = tab(mode);
    const email = `secure-${randomUUID()}@example.com`;
    await signUp(c, email);
    expect(await signIn(c, email, PASSWORD)).toBe('success');
    const gateway = c.get<AccountSecurityGateway>(TYPES.AccountSecurityGateway);

    const wrong = await rejectionOf(gateway.changePassword('Not-It-2026!', NEW_PASSWORD));
    expect(wrong.errors).toEqual([
      { field: 'currentPassword', message: 'That is not your current password.' },
    ]);
    const weak = await rejectionOf(gateway.changePassword(PASSWORD, 'short1'));
    expect(weak.errors).toEqual([
      { field: 'newPassword', message: 'Password must be at least 10 characters' },
    ]);
    const named = await rejectionOf(gateway.changePassword(PASSWORD, 'Vera-Tap-2026'));
    expect(named.errors.map((e) => e.field)).toEqual(['newPassword']);
    // The profile rule (10+), not the sign-up rule (11+, upper case, special character).
    await gateway.changePassword(PASSWORD, 'brassvalve7');

    if (mode === 'http') {
      const other = tab('http');
      expect(await signIn(other, email, PASSWORD)).toBe('error');
      expect(await signIn(other, email, 'brassvalve7')).toBe('success');
    } else {
      expect(await signIn(c, email, PASSWORD)).toBe('error');
      expect(await signIn(c, email, 'brassvalve7')).toBe('success');
    }
  });

  it('deletes the signed-in account: it cannot sign in again, its e-mail can sign up again', async () => {
    const c = tab(mode);
    const email = `leaver-${randomUUID()}@example.com`;
    await signUp(c, email);
    expect(await signIn(c, email, PASSWORD)).toBe('success');
    const book = c.get<AddressBookGateway>(TYPES.AddressBookGateway);
    const profile = await book.profile();
    await book.apply(profile.version, [
      {
        action: 'addAddress',
        address: {
          streetName: '1 Main Street',
          city: 'New York',
          state: 'NY',
          postalCode: '10001',
          country: 'US',
          custom: { type: { key: 'custom-address' }, fields: {} },
        },
      },
    ]);
    expect((await book.profile()).addresses).toHaveLength(1);

    await c.get<AccountSecurityGateway>(TYPES.AccountSecurityGateway).deleteAccount();

    // The token that deleted it is refused on customer calls.
    await expect(book.profile()).rejects.toMatchObject({ kind: 'authentication' });
    const fresh = mode === 'http' ? tab('http') : c;
    c.get<TokenStore>(TYPES.TokenStore).clear();
    expect(await signIn(fresh, email, PASSWORD)).toBe('error');
    expect(await fresh.get<CustomerAccounts>(TYPES.CustomerAccounts).userExists(email)).toBe(false);
    await signUp(fresh, email);
    expect(await signIn(fresh, email, PASSWORD)).toBe('success');
    expect(
      (await fresh.get<AddressBookGateway>(TYPES.AddressBookGateway).profile()).addresses,
    ).toEqual([]);
  });

  it('refuses a guest: an authentication error, nothing changed', async () => {
    const c = tab(mode);
    await c.get<EnsureSession>(TYPES.EnsureSession).execute();
    const gateway = c.get<AccountSecurityGateway>(TYPES.AccountSecurityGateway);
    for (const call of [() => gateway.deleteAccount(), () => gateway.changePassword('a', 'b')]) {
      const error = await call().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ kind: 'authentication', details: { status: 403 } });
    }
  });
});

describe('HttpAccountSecurityGateway reading the delete answer (spec §7: truthy data)', () => {
  let mock: Server;
  let answer: unknown = { data: true };
  let base = '';

  beforeAll(async () => {
    mock = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer));
    });
    await new Promise<void>((resolve) => mock.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(mock.address() as AddressInfo).port}/api`;
  });
  afterAll(() => new Promise<void>((resolve) => mock.close(() => resolve())));

  const customer: StoredTokens = {
    accessToken: 'customer-access',
    refreshToken: 'customer-refresh',
    tokenType: 'Bearer',
    scopes: [],
    expiresAt: Date.now() + 3_600_000,
    receivedAt: Date.now(),
    anonymous: false,
  };
  const gateway = () =>
    new HttpAccountSecurityGateway(
      new ApiClient(
        { ...defaultAppConfig, apiBaseUrl: base },
        { execute: async () => customer, replaceWithGuestToken: async () => customer },
      ),
    );

  it('resolves for any truthy data and refuses a falsy one', async () => {
    for (const data of [true, 1, 'yes', {}]) {
      answer = { data };
      await expect(gateway().deleteAccount()).resolves.toBeUndefined();
    }
    for (const data of [false, 0, '', null]) {
      answer = { data };
      await expect(gateway().deleteAccount()).rejects.toBeInstanceOf(AccountNotDeletedError);
    }
    // No data at all is no truthy data; an answer that is not an object is off the contract.
    answer = { deleted: true };
    await expect(gateway().deleteAccount()).rejects.toBeInstanceOf(AccountNotDeletedError);
    answer = 'ok';
    await expect(gateway().deleteAccount()).rejects.toMatchObject({ kind: 'decode' });
  });
});
