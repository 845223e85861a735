import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ApplyForFinance,
  DEFAULT_FINANCE_ERROR_MESSAGE,
  financeErrorMessageOf,
} from '../../../core/checkout/apply-for-finance';
import type {
  FinanceApplicationInput,
  FinanceApplicationRequest,
} from '../../../core/checkout/finance';
import type { FinanceApplicationResponse, FinanceGateway } from '../../../core/checkout/ports';

class FakeFinanceGateway implements FinanceGateway {
  requests: FinanceApplicationRequest[] = [];
  constructor(private readonly answer: FinanceApplicationResponse | Error) {}
  createApplication(request: FinanceApplicationRequest): Promise<FinanceApplicationResponse> {
    this.requests.push(request);
    return this.answer instanceof Error
      ? Promise.reject(this.answer)
      : Promise.resolve(this.answer);
  }
}

const input: FinanceApplicationInput = {
  cart: {
    cartId: 'cart-1',
    version: 7,
    lines: [
      { name: 'Freestanding Bath', quantity: 1, unitPriceCents: 249_900 },
      { name: 'Bath Filler', quantity: 2, unitPriceCents: 45_050 },
    ],
    taxCents: 21_000,
  },
  applicant: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@lavabo.test',
    phone: '555 123 4567',
  },
  financePlanId: 'plan-12m',
  depositPercentage: 10,
  urls: {
    merchantRedirectUrl: 'https://shop.test/en/checkout',
    merchantCheckoutUrl: 'https://shop.test/en/checkout',
  },
  paymentSource: 'finance',
};

describe('ApplyForFinance (spec §4 Finance, §8: configured message unless 201)', () => {
  it('hands back the application address on 201', async () => {
    const gateway = new FakeFinanceGateway({
      status: 201,
      applicationUrl: 'https://finance.test/app/9',
    });
    const result = await new ApplyForFinance(gateway).execute(input);
    expect(result).toEqual({ ok: true, value: { applicationUrl: 'https://finance.test/app/9' } });
    expect(gateway.requests).toHaveLength(1);
    expect(gateway.requests[0]?.order_items.at(-1)).toEqual({
      name: 'Tax',
      quantity: 1,
      price: 21_000,
    });
  });

  it('gives the configured message for any other status', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 100, max: 599 }).filter((s) => s !== 201),
        fc.string({ minLength: 1 }),
        async (status, message) => {
          const gateway = new FakeFinanceGateway({
            status,
            applicationUrl: 'https://finance.test/a',
          });
          const result = await new ApplyForFinance(gateway, message).execute(input);
          expect(result).toEqual({ ok: false, error: { kind: 'provider', message, status } });
        },
      ),
    );
  });

  it('gives the configured message on an exception or an unusable address', async () => {
    const thrown = await new ApplyForFinance(new FakeFinanceGateway(new Error('timeout'))).execute(
      input,
    );
    expect(thrown).toEqual({
      ok: false,
      error: { kind: 'provider', message: DEFAULT_FINANCE_ERROR_MESSAGE },
    });
    for (const applicationUrl of [
      undefined,
      '',
      'javascript:alert(1)',
      '/relative',
      'data:text/html,x',
    ]) {
      const gateway = new FakeFinanceGateway(
        applicationUrl === undefined ? { status: 201 } : { status: 201, applicationUrl },
      );
      const result = await new ApplyForFinance(gateway).execute(input);
      expect(result.ok).toBe(false);
    }
  });

  it('makes no call when the request cannot be built', async () => {
    const gateway = new FakeFinanceGateway({
      status: 201,
      applicationUrl: 'https://finance.test/a',
    });
    const result = await new ApplyForFinance(gateway).execute({
      ...input,
      cart: { ...input.cart, lines: [{ name: 'Towel Ring', quantity: 1, unitPriceCents: 2_500 }] },
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.kind).toBe('ineligible-amount');
    expect(gateway.requests).toEqual([]);
  });
});

describe('the configured finance error message (spec §3, §8)', () => {
  it('financeErrorMessageOf: the configured text, or the default when none or blank', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        expect(financeErrorMessageOf({ financeErrorMessage: text })).toBe(
          text.trim() === '' ? DEFAULT_FINANCE_ERROR_MESSAGE : text.trim(),
        );
      }),
    );
    expect(financeErrorMessageOf({})).toBe(DEFAULT_FINANCE_ERROR_MESSAGE);
  });

  it('is read at each application, so a configuration that arrives later is the one shown', async () => {
    let configured = 'First text';
    const apply = new ApplyForFinance(new FakeFinanceGateway({ status: 500 }), () => configured);
    expect(await apply.execute(input)).toEqual({
      ok: false,
      error: { kind: 'provider', message: 'First text', status: 500 },
    });
    configured = 'Finance is resting; pay by card';
    expect(await apply.execute(input)).toEqual({
      ok: false,
      error: { kind: 'provider', message: 'Finance is resting; pay by card', status: 500 },
    });
  });
});
