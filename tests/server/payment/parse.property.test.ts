/**
 * The payment sandbox's pure parts over their input spaces: the finance body parser accepts every
 * well-formed body and names the field of every bad one; the pages' escaping leaves no markup;
 * decisions are only the allowed ones; tokens always have PayPal's shape.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../server/http/errors';
import { escapeHtml, financePage } from '../../../server/payment/pages';
import {
  orderItemsTotalCents,
  parseDecision,
  parseFinanceApplication,
} from '../../../server/payment/parse';
import { newPaypalToken, PAYPAL_TOKEN } from '../../../server/payment/sandbox';

const item = fc.record({
  name: fc.string({ minLength: 1, maxLength: 50 }).filter((s) => s.trim() !== ''),
  quantity: fc.integer({ min: 1, max: 10_000 }),
  price: fc.integer({ min: 0, max: 100_000_000 }),
});

const validBody = fc.record({
  finance_plan_id: fc.constantFrom('plan-12', 'P12'),
  deposit_percentage: fc.integer({ min: 0, max: 100 }),
  applicants: fc.constant([
    {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.test',
      phoneNumber: '5551234567',
    },
  ]),
  order_items: fc.array(item, { minLength: 1, maxLength: 20 }),
  urls: fc.constant({
    merchant_redirect_url: 'https://shop.example/en/checkout',
    merchant_checkout_url: 'https://shop.example/en/checkout',
  }),
  metadata: fc.record({
    cartId: fc.uuid(),
    version: fc.integer({ min: 1, max: 1000 }),
    paymentSource: fc.constant('finance'),
    planOption: fc.constant('12 months'),
  }),
});

const fieldOf = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 400) {
      const field = error.errors?.[0]?.field;
      return typeof field === 'string' ? field : undefined;
    }
    throw error;
  }
  return undefined;
};

describe('parseFinanceApplication', () => {
  it('accepts every well-formed body and totals its items as unit price × quantity', () => {
    fc.assert(
      fc.property(validBody, (body) => {
        const parsed = parseFinanceApplication(body);
        expect(parsed.order_items).toEqual(body.order_items);
        expect(orderItemsTotalCents(parsed.order_items)).toBe(
          body.order_items.reduce((sum, i) => sum + i.price * i.quantity, 0),
        );
        expect(parsed.metadata.cartId).toBe(body.metadata.cartId);
      }),
    );
  });

  it('names deposit_percentage for any deposit that is not a whole percent from 0 to 100', () => {
    const badDeposit = fc.oneof(
      fc.integer({ min: 101 }),
      fc.integer({ max: -1 }),
      fc.double({ noInteger: true }),
      fc.string(),
      fc.constant(null),
    );
    fc.assert(
      fc.property(validBody, badDeposit, (body, deposit) => {
        expect(
          fieldOf(() => parseFinanceApplication({ ...body, deposit_percentage: deposit })),
        ).toBe('body.deposit_percentage');
      }),
    );
  });

  it('names the item and its field for a bad quantity or price anywhere in the list', () => {
    fc.assert(
      fc.property(
        validBody,
        fc.nat(),
        fc.constantFrom('quantity', 'price'),
        fc.oneof(fc.integer({ max: -1 }), fc.double({ noInteger: true }), fc.string()),
        (body, at, key, value) => {
          const index = at % body.order_items.length;
          const items = body.order_items.map((it, i) =>
            i === index ? { ...it, [key]: value } : it,
          );
          expect(fieldOf(() => parseFinanceApplication({ ...body, order_items: items }))).toBe(
            `body.order_items[${index}].${key}`,
          );
        },
      ),
    );
  });

  it('a body that is not an object is a 400 naming the body', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.integer(), fc.array(fc.anything()), fc.constant(null)),
        (b) => {
          expect(fieldOf(() => parseFinanceApplication(b))).toBe('body');
        },
      ),
    );
  });
});

const unescape = (html: string): string =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe('sandbox pages', () => {
  it('escapeHtml leaves no markup characters and loses nothing', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const escaped = escapeHtml(s);
        expect(escaped).not.toMatch(/[<>"']/);
        expect(unescape(escaped)).toBe(s);
      }),
    );
  });

  it('the finance page shows any item name only escaped', () => {
    fc.assert(
      fc.property(validBody, fc.string({ minLength: 1 }), (body, name) => {
        const request = parseFinanceApplication(body);
        const html = financePage({
          id: '00000000-0000-0000-0000-000000000000',
          cartId: request.metadata.cartId,
          currency: 'USD',
          totalCents: 50_000,
          request: { ...request, order_items: [{ name: `<i>${name}</i>`, quantity: 1, price: 1 }] },
          status: 'pending',
          expired: false,
        });
        expect(html).toContain(`<td>&lt;i&gt;${escapeHtml(name)}&lt;/i&gt;</td>`);
        expect(html).not.toContain('<i>');
      }),
    );
  });
});

describe('decisions and tokens', () => {
  it('only the allowed decisions with an id are accepted', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1, maxLength: 100 }), (decision, id) => {
        const parsed = parseDecision({ token: id, decision }, 'token', ['approve', 'cancel']);
        expect(parsed !== null).toBe(decision === 'approve' || decision === 'cancel');
      }),
    );
    expect(parseDecision({ decision: 'approve' }, 'token', ['approve'])).toBeNull();
  });

  it('PayPal tokens always have the EC- shape and do not repeat', () => {
    const tokens = Array.from({ length: 500 }, newPaypalToken);
    for (const t of tokens) expect(t).toMatch(PAYPAL_TOKEN);
    expect(new Set(tokens).size).toBe(tokens.length);
  });
});
