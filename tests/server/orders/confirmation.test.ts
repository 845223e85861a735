/**
 * The order-confirmation e-mail (server/orders/confirmation.ts): written to the outbox in the
 * caller's transaction — with the order, or not at all — and saying what was ordered.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../../server/identity/outbox';
import { confirmationMessage, sendOrderConfirmation } from '../../../server/orders/confirmation';
import { startTestServer, type TestServer } from '../../support/test-server';
import { insertOrder, lineItem } from './fixture';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.dispose());

const email = () => `buyer-${randomUUID()}@example.com`;

describe('sendOrderConfirmation', () => {
  it('writes one message to the buyer with the number, lines and totals', async () => {
    const to = email();
    const order = await server.db.transaction(async (tx) => {
      const o = await insertOrder(tx, {
        ownerKey: `guest:${randomUUID()}`,
        email: to.toUpperCase(),
        lineItems: [lineItem('K-1-CP', 2, 12_345), lineItem('K-2-BN', 1, 99_999)],
      });
      await sendOrderConfirmation(tx, o);
      return o;
    });
    const messages = await listOutbox(server.db, { to });
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message?.subject).toContain(order.orderNumber);
    expect(message?.text).toContain(order.orderNumber);
    expect(message?.text).toContain('2 × Faucet K-1-CP (K-1-CP): $246.90');
    expect(message?.text).toContain('1 × Faucet K-2-BN (K-2-BN): $999.99');
    // 2 × 123.45 + 999.99 + 15.00 shipping + 10.00 tax
    expect(message?.text).toContain('Total: $1,271.89');
    expect(message?.text).toContain('Springfield, IL, 62701');
  });

  it('writes nothing when the transaction that placed the order rolls back', async () => {
    const to = email();
    await expect(
      server.db.transaction(async (tx) => {
        const o = await insertOrder(tx, { ownerKey: `guest:${randomUUID()}`, email: to });
        await sendOrderConfirmation(tx, o);
        throw new Error('stock ran out');
      }),
    ).rejects.toThrow('stock ran out');
    expect(await listOutbox(server.db, { to })).toEqual([]);
    const stored = await server.db.query('SELECT 1 FROM orders WHERE email = $1', [to]);
    expect(stored.rows).toHaveLength(0);
  });

  it('shows discounts, CAD for Canada, and the parts of a split order', () => {
    const base = {
      orderNumber: 'LV-100042',
      childOrders: ['LV-100042-1', 'LV-100042-2'],
      status: 'Open' as const,
      orderType: 'WEB' as const,
      createdAt: '2026-01-01T00:00:00.000Z',
      email: ' Someone@Example.CA ',
      shippingAddress: {
        firstName: 'Jean',
        lastName: 'Tremblay',
        email: 'someone@example.ca',
        mobile: '5145550000',
        city: 'Montréal',
        state: 'QC',
        postalCode: 'H2X 1Y4',
        country: 'CA',
      },
      lineItems: [lineItem('K-9-CP', 1, 50_000)],
      totals: { subtotal: 50_000, discount: 5_000, shipping: 0, tax: 6_750, total: 51_750 },
      payment: { method: 'paypal' as const },
    };
    const message = confirmationMessage(base);
    expect(message.to).toBe('someone@example.ca');
    expect(message.text).toContain('Discount: -CA$50.00');
    expect(message.text).toContain('Total: CA$517.50');
    expect(message.text).toContain('LV-100042-1, LV-100042-2');
    const noDiscount = confirmationMessage({
      ...base,
      totals: { ...base.totals, discount: 0 },
    });
    expect(noDiscount.text).not.toContain('Discount');
  });
});
