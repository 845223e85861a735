import { describe, expect, it } from 'vitest';
import type { EnsureSession } from '../../core/auth/ensure-session';
import { createContainer } from '../../adapters/di/container';
import { defaultAppConfig, TYPES } from '../../adapters/di/types';
import { FakeCheckoutGateway } from '../../adapters/fake/checkout/fake-checkout-gateway';
import { FakeOrdersGateway } from '../../adapters/fake/orders/fake-orders-gateway';
import { FakeTokenGateway } from '../../adapters/fake/fake-token-gateway';
import { HttpTokenGateway } from '../../adapters/http/auth/http-token-gateway';
import { AUTH_STORAGE_KEY } from '../../adapters/storage/local-storage-token-store';
import { MemoryStorage } from '../../adapters/storage/memory-storage';

describe('composition root', () => {
  it('wires the HTTP adapters in http mode', () => {
    const c = createContainer({
      mode: 'http',
      config: defaultAppConfig,
      storage: new MemoryStorage(),
      sessionStorage: new MemoryStorage(),
    });
    expect(c.get(TYPES.TokenGateway)).toBeInstanceOf(HttpTokenGateway);
    expect(c.get(TYPES.EnsureSession)).toBe(c.get(TYPES.EnsureSession));
  });

  it('runs the session use case on the fakes in demo mode, persisting the token', async () => {
    const storage = new MemoryStorage();
    const c = createContainer({
      mode: 'fake',
      config: defaultAppConfig,
      storage,
      sessionStorage: new MemoryStorage(),
    });
    expect(c.get(TYPES.TokenGateway)).toBeInstanceOf(FakeTokenGateway);
    const tokens = await c.get<EnsureSession>(TYPES.EnsureSession).execute();
    expect(tokens.anonymous).toBe(true);
    expect(JSON.parse(storage.getItem(AUTH_STORAGE_KEY) ?? '{}')).toMatchObject({
      accessToken: tokens.accessToken,
    });
  });

  it('gives the demo one order history that its checkout writes to', () => {
    const c = createContainer({
      mode: 'fake',
      config: defaultAppConfig,
      storage: new MemoryStorage(),
      sessionStorage: new MemoryStorage(),
    });
    expect(c.get(TYPES.CheckoutGateway)).toBeInstanceOf(FakeCheckoutGateway);
    expect(c.get(TYPES.OrdersGateway)).toBeInstanceOf(FakeOrdersGateway);
    expect(c.get(TYPES.OrdersGateway)).toBe(c.get(FakeOrdersGateway));
  });
});
