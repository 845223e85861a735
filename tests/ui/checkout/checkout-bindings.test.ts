/** The composition root binds the checkout gateways in both modes. */
import { describe, expect, it } from 'vitest';
import { createContainer } from '../../../adapters/di/container';
import { defaultAppConfig, TYPES } from '../../../adapters/di/types';
import { FakeCheckoutGateway } from '../../../adapters/fake/checkout/fake-checkout-gateway';
import {
  HttpCheckoutGateway,
  HttpFinanceGateway,
} from '../../../adapters/http/checkout/http-checkout-gateway';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';

const containerIn = (mode: 'http' | 'fake') =>
  createContainer({
    mode,
    config: defaultAppConfig,
    storage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
  });

describe('checkout bindings', () => {
  it('uses the HTTP gateways over the API in http mode', () => {
    const c = containerIn('http');
    expect(c.get(TYPES.CheckoutGateway)).toBeInstanceOf(HttpCheckoutGateway);
    expect(c.get(TYPES.FinanceGateway)).toBeInstanceOf(HttpFinanceGateway);
  });

  it('uses one in-tab sandbox for checkout and finance in demo mode', () => {
    const c = containerIn('fake');
    const checkout = c.get(TYPES.CheckoutGateway);
    expect(checkout).toBeInstanceOf(FakeCheckoutGateway);
    expect(c.get(TYPES.FinanceGateway)).toBe(checkout);
  });
});
