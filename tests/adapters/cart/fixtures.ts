/** Catalogue facts and a token store for the fake cart in tests. */
import type { TokenStore } from '../../../core/auth/ports';
import type { StoredTokens } from '../../../core/auth/token-lifecycle';
import type { ItemFacts } from '../../../adapters/fake/cart/catalogue-facts';

export const item = (sku: string, overrides: Partial<ItemFacts> = {}): ItemFacts => ({
  sku,
  name: `Product ${sku}`,
  slug: sku.toLowerCase(),
  category: 'kitchen-faucets',
  brand: 'Lavabo',
  color: 'Matte Black',
  image: `/images/${sku}.svg`,
  listCents: 10_000,
  saleCents: null,
  availableQty: 50,
  backorderable: false,
  leadTimeDays: null,
  isService: false,
  unavailable: false,
  components: [],
  noShipStates: [],
  ...overrides,
});

export const FACTS: ReadonlyMap<string, ItemFacts> = new Map(
  [
    item('K-1000-BL'),
    item('K-2000-CP', { listCents: 25_000, saleCents: 20_000 }),
    item('K-3000', { availableQty: 2 }),
    item('K-4000', { availableQty: 0, backorderable: true, leadTimeDays: 21 }),
    item('K-5000', { availableQty: 0 }),
    item('K-6000', { components: ['K-6000-BOWL', 'K-6000-TANK'], listCents: 60_000 }),
    item('K-6000-BOWL'),
    item('K-6000-TANK'),
    item('K-7000', { unavailable: true }),
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
