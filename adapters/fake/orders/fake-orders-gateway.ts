/**
 * Orders in the tab for the offline demo and UI tests, with the server's rules (docs/api.md
 * "Orders"): find-my-orders matches the normalised e-mail and order number and answers [] for a
 * wrong e-mail exactly as for an unknown order; an order that is not the current shopper's reads as
 * missing; open/past lists are the shopper's own, newest first; split children by parent and e-mail.
 * Owners are keyed as the server keys them (server/auth/owner.ts): `customer:<id>`, so an e-mail
 * signed up again after its account was deleted does not inherit its orders, or
 * `guest:<anonymousId>`; a sign-in or sign-up claims the guest session's orders placed with the
 * customer's e-mail, so the confirmation of an order placed just before signing in still reads.
 * Given the tab's Storage (the demo's, as the fake cart keeps its carts there), the orders outlive
 * a reload: a confirmation page opened again still finds its order.
 */
import type { TokenStore } from '../../../core/auth/ports';
import type { ShopperSession } from '../../../core/cart/ports';
import { orderStateOf, type Order, type OrderState } from '../../../core/orders/order';
import type { OrdersGateway } from '../../../core/orders/ports';
import { normalizeOrderLookup, type OrderLookup } from '../../../core/validation/order-lookup';

/** The owner key of a customer's orders (the server's `customer:<id>`). */
export const customerOrderOwner = (customerId: string): string => `customer:${customerId}`;
/** The owner key of a guest session's orders (the server's `guest:<anonymousId>`). */
export const guestOrderOwner = (anonymousId: string): string => `guest:${anonymousId}`;

/**
 * Whose orders the tab's calls act on, as the server reads its bearer token: the signed-in
 * customer's account id (`deleted:<e-mail>` once the account is gone: it owns nothing), else the
 * guest session's anonymous id, else `tokenless` (no token yet).
 */
export const tabOrderOwner = (
  session: Pick<ShopperSession, 'signedInEmail'>,
  tokens: TokenStore,
  customerIdOf: (email: string) => string | undefined,
  tokenless: string,
): string => {
  const email = session.signedInEmail();
  if (email !== null) return customerOrderOwner(customerIdOf(email) ?? `deleted:${email}`);
  const anonymousId = tokens.load()?.anonymousId;
  return anonymousId === undefined ? tokenless : guestOrderOwner(anonymousId);
};

const normalEmail = (email: string): string => email.trim().toLowerCase();

interface StoredOrder {
  /** Whose order: the shopper key the `owner` callback returns for them. */
  readonly owner: string;
  readonly order: Order;
}

export const FAKE_ORDERS_STORAGE_KEY = 'lavabo.demo.orders';

const newestFirst = (a: Order, b: Order): number =>
  b.createdAt.localeCompare(a.createdAt) || b.orderNumber.localeCompare(a.orderNumber);

export class FakeOrdersGateway implements OrdersGateway {
  private readonly orders = new Map<string, StoredOrder>();

  constructor(
    /** Whose orders the calls act on (the demo has one shopper per tab). */
    private readonly owner: () => string = () => 'demo-shopper',
    private readonly storage: Storage | null = null,
  ) {
    this.restore();
  }

  /** Places an order for `owner` (the fake checkout, demo seeds and tests). */
  add(order: Order, owner: string = this.owner()): void {
    this.orders.set(order.orderNumber.toUpperCase(), { owner, order });
    this.persist();
  }

  private restore(): void {
    try {
      const raw = this.storage?.getItem(FAKE_ORDERS_STORAGE_KEY) ?? null;
      if (raw === null) return;
      const saved = JSON.parse(raw) as unknown;
      if (!Array.isArray(saved)) return;
      for (const entry of saved as [string, StoredOrder][]) this.orders.set(entry[0], entry[1]);
    } catch {
      // An unreadable store starts the demo's order history afresh.
    }
  }

  private persist(): void {
    try {
      this.storage?.setItem(FAKE_ORDERS_STORAGE_KEY, JSON.stringify([...this.orders]));
    } catch {
      // A full storage only loses the demo's orders on reload.
    }
  }

  /**
   * At a sign-in or sign-up from the guest session `guestKey` (OrderRepository.claimGuestOrders):
   * that session's orders placed with `email` become the customer's. Returns how many.
   */
  claimGuestOrders(customerKey: string, guestKey: string, email: string): number {
    const mail = normalEmail(email);
    let claimed = 0;
    for (const [number, stored] of this.orders) {
      if (stored.owner === guestKey && normalEmail(stored.order.email) === mail) {
        this.orders.set(number, { owner: customerKey, order: stored.order });
        claimed += 1;
      }
    }
    if (claimed > 0) this.persist();
    return claimed;
  }

  async findMyOrders(lookup: OrderLookup): Promise<readonly Order[]> {
    const { email, orderNumber } = normalizeOrderLookup(lookup);
    const stored = this.orders.get(orderNumber);
    if (stored === undefined || normalEmail(stored.order.email) !== email) return [];
    return [stored.order];
  }

  async getOrder(orderNumber: string): Promise<Order | null> {
    const stored = this.orders.get(orderNumber.trim().toUpperCase());
    return stored !== undefined && stored.owner === this.owner() ? stored.order : null;
  }

  async listOrders(state: OrderState): Promise<readonly Order[]> {
    const owner = this.owner();
    return [...this.orders.values()]
      .filter((s) => s.owner === owner && orderStateOf(s.order.status) === state)
      .map((s) => s.order)
      .sort(newestFirst);
  }

  async splitOrders(parentOrderNumber: string, email: string): Promise<readonly Order[]> {
    const parent = parentOrderNumber.trim().toUpperCase();
    const mail = normalEmail(email);
    return [...this.orders.values()]
      .map((s) => s.order)
      .filter((o) => o.parentOrderNumber?.toUpperCase() === parent && normalEmail(o.email) === mail)
      .sort((a, b) => a.orderNumber.localeCompare(b.orderNumber));
  }
}
