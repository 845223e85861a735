/**
 * Contract: whose orders a tab reads, through the storefront's own container — the HTTP gateway
 * against the real server and the offline demo's fake — signed in the way a shopper signs in. A
 * guest's order becomes the customer's when they sign up or sign in with its e-mail from that
 * session (so the confirmation page, which reads by number, still shows it after a reload); an
 * order with another e-mail does not; and an e-mail signed up again after its account was deleted
 * starts with no orders.
 */
import { randomUUID } from 'node:crypto';
import type { Container } from 'inversify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSecurityGateway } from '../../../core/account/ports';
import type { EnsureSession } from '../../../core/auth/ensure-session';
import type { CustomerAccounts, TokenStore } from '../../../core/auth/ports';
import type { SignIn } from '../../../core/auth/sign-in';
import type { SignOut } from '../../../core/auth/sign-out';
import type { OrdersGateway } from '../../../core/orders/ports';
import { createContainer, type AdapterMode } from '../../../adapters/di/container';
import { defaultAppConfig, TYPES } from '../../../adapters/di/types';
import { FakeOrdersGateway } from '../../../adapters/fake/orders/fake-orders-gateway';
import { jwtClaims } from '../../../adapters/http/identity/jwt-payload';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import { startTestServer, type TestServer } from '../../support/test-server';
import { freshOrderNumber, insertOrder } from '../../server/orders/fixture';
import { order } from '../../ui/orders/fixtures';

const PASSWORD = 'Sturdy-Tap-2026!';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.dispose());

/** A fresh browser tab: its own storage and container, holding a guest token. */
const tab = async (mode: AdapterMode): Promise<Container> => {
  const c = createContainer({
    mode,
    config: { ...defaultAppConfig, apiBaseUrl: server.api },
    storage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
  });
  await c.get<EnsureSession>(TYPES.EnsureSession).execute();
  return c;
};

const ordersOf = (c: Container) => c.get<OrdersGateway>(TYPES.OrdersGateway);

/** Places an order with `email` as the tab's current shopper, as checkout would record it. */
const place = async (c: Container, mode: AdapterMode, email: string): Promise<string> => {
  const orderNumber = freshOrderNumber();
  if (mode === 'fake') {
    c.get(FakeOrdersGateway).add(order(orderNumber, { email }));
    return orderNumber;
  }
  const stored = c.get<TokenStore>(TYPES.TokenStore).load();
  if (stored === null) throw new Error('the tab has no token');
  const customerId = jwtClaims(stored.accessToken)?.customerId;
  const ownerKey = stored.anonymous
    ? `guest:${String(stored.anonymousId)}`
    : `customer:${String(customerId)}`;
  await insertOrder(server.db, { ownerKey, email, orderNumber });
  return orderNumber;
};

const signUp = async (c: Container, email: string) => {
  const created = await c.get<CustomerAccounts>(TYPES.CustomerAccounts).signUp({
    email,
    password: PASSWORD,
    firstName: 'Lee',
    lastName: 'Vera',
    accountType: 'homeowner',
  });
  expect(created.kind).toBe('created');
};

const signIn = async (c: Container, email: string) => {
  const outcome = await c
    .get<SignIn>(TYPES.SignIn)
    .execute({ username: email, password: PASSWORD });
  expect(outcome.kind).toBe('success');
};

/** A tab where an account with `email` was signed up, and which is a guest again. */
const tabWithAccount = async (mode: AdapterMode, email: string): Promise<Container> => {
  const c = await tab(mode);
  await signUp(c, email);
  await signIn(c, email);
  await c.get<SignOut>(TYPES.SignOut).execute();
  await c.get<EnsureSession>(TYPES.EnsureSession).execute();
  expect(c.get<TokenStore>(TYPES.TokenStore).load()?.anonymous).toBe(true);
  return c;
};

const newEmail = () => `orders-${randomUUID()}@example.com`;

describe.each<AdapterMode>(['http', 'fake'])('whose orders (%s)', (mode) => {
  it('lets a guest who signs in with the order’s e-mail read its confirmation again', async () => {
    const email = newEmail();
    const c = await tabWithAccount(mode, email);
    const placed = await place(c, mode, email);
    expect((await ordersOf(c).getOrder(placed))?.orderNumber).toBe(placed);

    await signIn(c, email);
    expect((await ordersOf(c).getOrder(placed))?.orderNumber).toBe(placed);
    expect((await ordersOf(c).listOrders('open')).map((o) => o.orderNumber)).toEqual([placed]);
  });

  it('gives a new account the orders its guest session placed with its e-mail', async () => {
    const email = newEmail();
    const c = await tab(mode);
    const placed = await place(c, mode, email);
    await signUp(c, email);
    await signIn(c, email);
    expect((await ordersOf(c).getOrder(placed))?.orderNumber).toBe(placed);
  });

  it('does not give a customer the guest order placed with another e-mail', async () => {
    const email = newEmail();
    const other = newEmail();
    const c = await tabWithAccount(mode, email);
    const placed = await place(c, mode, other);
    await signIn(c, email);
    expect(await ordersOf(c).getOrder(placed)).toBeNull();
    expect(await ordersOf(c).listOrders('open')).toEqual([]);
    // Still found by its number and the e-mail it was placed with.
    const found = await ordersOf(c).findMyOrders({ orderNumber: placed, email: other });
    expect(found.map((o) => o.orderNumber)).toEqual([placed]);
  });

  it('starts an e-mail signed up again after its account was deleted with no orders', async () => {
    const email = newEmail();
    const c = await tab(mode);
    await signUp(c, email);
    await signIn(c, email);
    const placed = await place(c, mode, email);
    expect((await ordersOf(c).getOrder(placed))?.orderNumber).toBe(placed);

    await c.get<AccountSecurityGateway>(TYPES.AccountSecurityGateway).deleteAccount();
    c.get<TokenStore>(TYPES.TokenStore).clear();
    await c.get<EnsureSession>(TYPES.EnsureSession).execute();
    await signUp(c, email);
    await signIn(c, email);
    expect(await ordersOf(c).getOrder(placed)).toBeNull();
    expect(await ordersOf(c).listOrders('open')).toEqual([]);
  });
});
