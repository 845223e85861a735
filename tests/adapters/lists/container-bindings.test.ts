import { describe, expect, it } from 'vitest';
import { createContainer } from '../../../adapters/di/container';
import { defaultAppConfig, TYPES } from '../../../adapters/di/types';
import { FakeShoppingListGateway } from '../../../adapters/fake/lists/fake-shopping-list-gateway';
import { HttpShoppingListGateway } from '../../../adapters/http/lists/http-shopping-list-gateway';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import type { ShoppingListGateway } from '../../../core/lists/ports';

const container = (mode: 'http' | 'fake') =>
  createContainer({
    mode,
    config: defaultAppConfig,
    storage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
  });

describe('TYPES.ShoppingListGateway', () => {
  it('is the HTTP gateway in the shop and the in-memory fake in the demo, one per app', () => {
    const http = container('http');
    const gateway = http.get<ShoppingListGateway>(TYPES.ShoppingListGateway);
    expect(gateway).toBeInstanceOf(HttpShoppingListGateway);
    expect(http.get(TYPES.ShoppingListGateway)).toBe(gateway);
    expect(container('fake').get(TYPES.ShoppingListGateway)).toBeInstanceOf(
      FakeShoppingListGateway,
    );
  });
});
