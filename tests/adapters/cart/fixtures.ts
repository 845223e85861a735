/** Catalogue facts (core's cart engine ItemFacts) and a token store for the fake cart in tests. */
import type { TokenStore } from '../../../core/auth/ports';
import type { StoredTokens } from '../../../core/auth/token-lifecycle';
import type { ItemFacts } from '../../../core/cart/engine/model';
import { itemFacts } from '../../core/cart/engine/item-facts';

/** A kitchen faucet's facts, each one overridable; `isService` makes it a design service. */
export const item = (
  sku: string,
  overrides: Partial<ItemFacts> & { readonly isService?: boolean } = {},
): ItemFacts => {
  const { isService, ...rest } = overrides;
  return itemFacts(sku, {
    finishCode: 'BL',
    title: `Product ${sku}`,
    description: `The ${sku}`,
    categorySlug: isService === true ? 'design-services' : 'kitchen-faucets',
    categoryName: isService === true ? 'Design Services' : 'Kitchen Faucets',
    department: isService === true ? 'services' : 'kitchen',
    color: 'Matte Black',
    kind: isService === true ? 'design-service' : 'finished-good',
    availableQty: 50,
    ...rest,
  });
};

export const FACTS: ReadonlyMap<string, ItemFacts> = new Map(
  [
    item('K-1000-BL'),
    item('K-2000-CP', { listCents: 25_000, saleCents: 20_000 }),
    item('K-3000', { availableQty: 2 }),
    item('K-4000', { availableQty: 0, backorderable: true, leadTimeDays: 21 }),
    item('K-5000', { availableQty: 0 }),
    item('K-6000', { superSkuComponents: ['K-6000-BOWL', 'K-6000-TANK'], listCents: 60_000 }),
    item('K-6000-BOWL'),
    item('K-6000-TANK'),
    // Discontinued: none left, and it cannot be back-ordered.
    item('K-7000', { availableQty: 0 }),
    item('K-8000', { noShipStates: ['CA'] }),
  ].map((f) => [f.sku, f] as const),
);

export class MemoryTokenStore implements TokenStore {
  constructor(public tokens: StoredTokens | null = null) {}
  load(): StoredTokens | null {
    return this.tokens;
  }
  save(tokens: StoredTokens): void {
    this.tokens = tokens;
  }
  clear(): void {
    this.tokens = null;
  }
}

export const guestTokens = (anonymousId: string): StoredTokens => ({
  accessToken: `guest-${anonymousId}`,
  refreshToken: 'r',
  tokenType: 'Bearer',
  scopes: ['guest'],
  expiresAt: Date.UTC(2030, 0, 1),
  receivedAt: Date.UTC(2026, 0, 1),
  anonymous: true,
  anonymousId,
});

const base64url = (text: string): string =>
  Buffer.from(text, 'utf8')
    .toString('base64')
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** A customer's tokens whose access token is a JWT with these claims (unsigned: only read). */
export const customerTokens = (claims: Record<string, unknown>): StoredTokens => ({
  ...guestTokens('unused'),
  accessToken: `${base64url('{"alg":"HS256"}')}.${base64url(JSON.stringify(claims))}.sig`,
  anonymous: false,
  scopes: ['mira-session', 'openid', 'offline_access'],
});
