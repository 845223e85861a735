/**
 * The offline fake follows the server's order rules: find-my-orders normalises (spec §5) and
 * answers a wrong e-mail exactly as an unknown order; another shopper's order reads as missing;
 * open/past lists are the shopper's own, newest first; split children by parent and e-mail; a
 * sign-in claims the guest session's orders with the customer's e-mail; owners are keyed by
 * account id and guest session, as the server keys them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, orderStateOf } from '../../../core/orders/order';
import type { StoredTokens } from '../../../core/auth/token-lifecycle';
import {
  customerOrderOwner,
  FakeOrdersGateway,
  guestOrderOwner,
  tabOrderOwner,
} from '../../../adapters/fake/orders/fake-orders-gateway';
import { order } from './fixtures';

/** Spaces and tabs around a value, and its letters in any case. */
const disguise = (value: string) =>
  fc
    .tuple(
      fc.array(fc.constantFrom(' ', '\t'), { maxLength: 3 }),
      fc.array(fc.boolean(), { minLength: value.length, maxLength: value.length }),
      fc.array(fc.constantFrom(' ', '\t'), { maxLength: 3 }),
    )
    .map(
      ([before, upper, after]) =>
        before.join('') +
        [...value].map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join('') +
        after.join(''),
    );

describe('FakeOrdersGateway', () => {
  it('finds an order by its number and e-mail however they are cased and padded', async () => {
    const fake = new FakeOrdersGateway(() => 'someone-else');
    fake.add(order('LV-100001', { email: 'ada@example.com' }), 'ada');
    await fc.assert(
      fc.asyncProperty(disguise('lv-100001'), disguise('ada@example.com'), async (n, e) => {
        const results = await fake.findMyOrders({ orderNumber: n, email: e });
        expect(results.map((o) => o.orderNumber)).toEqual(['LV-100001']);
      }),
    );
  });

  it('answers a wrong e-mail exactly as an unknown order number: nothing', async () => {
    const fake = new FakeOrdersGateway();
    fake.add(order('LV-100001', { email: 'ada@example.com' }));
    await fc.assert(
      fc.asyncProperty(fc.emailAddress(), async (email) => {
        fc.pre(email.toLowerCase() !== 'ada@example.com');
        const wrongEmail = await fake.findMyOrders({ orderNumber: 'LV-100001', email });
        const unknownOrder = await fake.findMyOrders({ orderNumber: 'LV-999999', email });
        expect(wrongEmail).toEqual([]);
        expect(wrongEmail).toEqual(unknownOrder);
      }),
    );
  });

  it("reads another shopper's order as missing, and the shopper's own by number", async () => {
    let current = 'ada';
    const fake = new FakeOrdersGateway(() => current);
    fake.add(order('LV-100001'), 'ada');
    fake.add(order('LV-100002'), 'bob');
    expect((await fake.getOrder(' lv-100001 '))?.orderNumber).toBe('LV-100001');
    expect(await fake.getOrder('LV-100002')).toBeNull();
    current = 'bob';
    expect(await fake.getOrder('LV-100001')).toBeNull();
    expect((await fake.getOrder('LV-100002'))?.orderNumber).toBe('LV-100002');
  });

  it('lists only the shopper’s own orders in the tab their status belongs to, newest first', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            owner: fc.constantFrom('ada', 'bob'),
            status: fc.constantFrom(...ORDER_STATUSES),
            day: fc.integer({ min: 1, max: 28 }),
          }),
          { maxLength: 12 },
        ),
        async (specs) => {
          const fake = new FakeOrdersGateway(() => 'ada');
          specs.forEach((s, i) =>
            fake.add(
              order(`LV-${100_000 + i}`, {
                status: s.status,
                createdAt: `2026-03-${String(s.day).padStart(2, '0')}T00:00:00.000Z`,
              }),
              s.owner,
            ),
          );
          const open = await fake.listOrders('open');
          const past = await fake.listOrders('past');
          const mine = specs.filter((s) => s.owner === 'ada');
          expect(open.length + past.length).toBe(mine.length);
          expect(open.every((o) => orderStateOf(o.status) === 'open')).toBe(true);
          expect(past.every((o) => orderStateOf(o.status) === 'past')).toBe(true);
          for (const list of [open, past]) {
            const dates = list.map((o) => o.createdAt);
            expect(dates).toEqual([...dates].sort().reverse());
          }
        },
      ),
    );
  });

  it('gives a split order’s children for the right e-mail only', async () => {
    const fake = new FakeOrdersGateway();
    fake.add(order('LV-100010', { childOrders: ['LV-100011', 'LV-100012'] }));
    fake.add(order('LV-100012', { parentOrderNumber: 'LV-100010' }));
    fake.add(order('LV-100011', { parentOrderNumber: 'LV-100010' }));
    fake.add(order('LV-100013', { parentOrderNumber: 'LV-100099' }));
    const children = await fake.splitOrders('lv-100010', ' ADA@example.com ');
    expect(children.map((o) => o.orderNumber)).toEqual(['LV-100011', 'LV-100012']);
    expect(await fake.splitOrders('LV-100010', 'eve@example.com')).toEqual([]);
  });

  it('claims exactly the guest session’s orders placed with the customer’s e-mail', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            owner: fc.constantFrom('guest:tab', 'guest:other-tab', 'customer:bob'),
            email: fc.constantFrom('ada@example.com', ' ADA@Example.com', 'eve@example.com'),
          }),
          { maxLength: 10 },
        ),
        async (specs) => {
          let current = 'customer:ada';
          const fake = new FakeOrdersGateway(() => current);
          specs.forEach((s, i) =>
            fake.add(order(`LV-${100_000 + i}`, { email: s.email }), s.owner),
          );
          const claimable = (s: (typeof specs)[number]) =>
            s.owner === 'guest:tab' && s.email.trim().toLowerCase() === 'ada@example.com';

          const claimed = fake.claimGuestOrders('customer:ada', 'guest:tab', 'Ada@example.com ');
          expect(claimed).toBe(specs.filter(claimable).length);
          const owner = (s: (typeof specs)[number]) => (claimable(s) ? 'customer:ada' : s.owner);
          for (const [i, s] of specs.entries()) {
            for (current of ['customer:ada', 'guest:tab', 'guest:other-tab', 'customer:bob']) {
              const read = await fake.getOrder(`LV-${100_000 + i}`);
              expect(read?.email ?? null).toBe(current === owner(s) ? s.email : null);
            }
          }
        },
      ),
    );
  });

  it('keys the tab’s shopper by account id when signed in, else by guest session', () => {
    let email: string | null = null;
    let stored: StoredTokens | null = null;
    const session = { signedInEmail: () => email };
    const tokens = { load: () => stored, save: () => undefined, clear: () => undefined };
    const ids: Record<string, string> = { 'ada@example.com': 'customer-7' };
    const owner = () => tabOrderOwner(session, tokens, (e) => ids[e], 'tokenless');

    expect(owner()).toBe('tokenless');
    stored = {
      accessToken: 'a',
      refreshToken: 'r',
      tokenType: 'Bearer',
      scopes: [],
      expiresAt: 0,
      receivedAt: 0,
      anonymous: true,
      anonymousId: 'g-1',
    };
    expect(owner()).toBe(guestOrderOwner('g-1'));
    email = 'ada@example.com';
    stored = { ...stored, anonymous: false };
    expect(owner()).toBe(customerOrderOwner('customer-7'));
    // The account is gone (the e-mail may sign up again as a new id): it owns nothing.
    delete ids['ada@example.com'];
    expect(owner()).toBe(customerOrderOwner('deleted:ada@example.com'));
    ids['ada@example.com'] = 'customer-8';
    expect(owner()).not.toBe(customerOrderOwner('customer-7'));
  });
});
