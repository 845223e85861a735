/**
 * A guest checkout over HTTP, the way the storefront does it (docs/api.md "Checkout": guest token,
 * cart, items, address, shipping method, card payment, submit), and a burst of them: a few
 * shoppers checking out one cart after another, at the same time, until the caller's kill switch
 * is pulled while submits are in flight. Every attempt is recorded, so what the clients were told
 * (the orders confirmed to them) can be compared with what the database kept after a kill -9.
 * Shared by tests/server/durability and bench/checkout/durability.ts.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Cart } from '../../core/cart/cart';
import type { Order } from '../../core/orders/order';
import { generateCatalogue } from '../../server/seed/catalogue/generate';

export const ADDRESS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  mobile: '(555) 010-2000',
  streetName: '1 Analytical Way',
  city: 'Austin',
  state: 'TX',
  postalCode: '73301',
  country: 'US',
} as const;

/** The sandbox card that is always approved (server/checkout/card-sandbox.ts). */
export const APPROVE_CARD = {
  number: '4111 1111 1111 1111',
  expiryMonth: 12,
  expiryYear: new Date().getUTCFullYear() + 2,
  securityCode: '123',
  holderName: 'Ada Lovelace',
} as const;

export interface Line {
  readonly sku: string;
  readonly quantity: number;
}

/** One shopper's checkout: what was asked, and how far it got. */
export interface Attempt {
  readonly email: string;
  readonly lines: readonly Line[];
  cartId?: string;
  /** The submit was sent (it may or may not have reached the server). */
  submitted: boolean;
  /** The order the server answered the submit with: confirmed to the client. */
  order?: Order;
  /** Why it stopped, when it did not end in a confirmed order. */
  error?: string;
}

export type ConfirmedAttempt = Attempt & { readonly order: Order; readonly cartId: string };

export const isConfirmed = (a: Attempt): a is ConfirmedAttempt =>
  a.order !== undefined && a.cartId !== undefined;

/** An answer with an unexpected status. */
export class HttpError extends Error {
  constructor(
    readonly step: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`${step}: HTTP ${status} ${JSON.stringify(body)}`);
  }
}

const call = async <T>(
  api: string,
  token: string | null,
  step: string,
  method: 'GET' | 'POST',
  url: string,
  body: unknown,
  expected: readonly number[],
): Promise<T> => {
  const res = await fetch(`${api}${url}`, {
    method,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  const parsed: unknown = text === '' ? undefined : JSON.parse(text);
  if (!expected.includes(res.status)) throw new HttpError(step, res.status, parsed);
  return parsed as T;
};

export const guestToken = async (api: string): Promise<string> => {
  const body = await call<{ access_token: string }>(
    api,
    null,
    'guest token',
    'POST',
    `/oauth/token?scope=guest&channel=KOUS&gId=${randomUUID()}`,
    undefined,
    [200],
  );
  return body.access_token;
};

/** Called around the submit, so a burst knows which submits are in flight. */
export interface SubmitHooks {
  beforeSubmit?(attempt: Attempt): void;
  afterSubmit?(attempt: Attempt, confirmed: boolean): void;
}

/**
 * Runs one checkout to the end; on success `attempt.order` holds the order the server confirmed.
 * Throws (an HttpError, or a network error once the server is gone) when a step fails.
 */
export const checkout = async (
  api: string,
  attempt: Attempt,
  hooks: SubmitHooks = {},
): Promise<Order> => {
  const token = await guestToken(api);
  const empty = await call<Cart>(
    api,
    token,
    'create cart',
    'POST',
    '/cart/create',
    { currency: 'USD', taxMode: 'Platform' },
    [201],
  );
  attempt.cartId = empty.id;
  const filled = await call<Cart>(
    api,
    token,
    'add items',
    'POST',
    `/cart/items?cartId=${empty.id}&expand=calculation`,
    {
      version: empty.version,
      actions: attempt.lines.map((l) => ({
        action: 'addLineItem',
        sku: l.sku,
        quantity: l.quantity,
        lineItemShipping: { salesChannel: 'KOUS' },
      })),
    },
    [200],
  );
  const addressed = await call<{ cart: Cart }>(
    api,
    token,
    'shipping cost',
    'POST',
    '/checkout/shipping-cost',
    { cartId: filled.id, version: filled.version, address: { ...ADDRESS, email: attempt.email } },
    [200],
  );
  const shipped = await call<Cart>(
    api,
    token,
    'shipping method',
    'POST',
    '/checkout/v2/assign/shipmentfromcart',
    { cartId: addressed.cart.id, version: addressed.cart.version, methodId: 'standard' },
    [200],
  );
  await call(
    api,
    token,
    'payment',
    'POST',
    '/checkout/payment',
    { cartId: shipped.id, version: shipped.version, method: 'card', card: APPROVE_CARD },
    [200],
  );
  attempt.submitted = true;
  hooks.beforeSubmit?.(attempt);
  let order: Order | undefined;
  try {
    order = await call<Order>(
      api,
      token,
      'submit',
      'POST',
      '/checkout/order/submit',
      { cartId: shipped.id, version: shipped.version },
      [200, 201],
    );
    if (typeof order.orderNumber !== 'string') {
      throw new HttpError('submit', 201, order);
    }
    attempt.order = order;
  } finally {
    hooks.afterSubmit?.(attempt, attempt.order !== undefined);
  }
  return order;
};

/** The order `orderNumber` as find-my-orders answers it to its e-mail (undefined: not found). */
export const findOrder = async (
  api: string,
  token: string,
  email: string,
  orderNumber: string,
): Promise<Order | undefined> => {
  const body = await call<{ results: Order[] }>(
    api,
    token,
    'find my orders',
    'POST',
    '/orders/find-my-orders',
    { email, orderId: orderNumber },
    [200],
  );
  return body.results.find((o) => o.orderNumber === orderNumber);
};

/** Available quantity of each SKU, as the catalogue answers it. */
export const stockOf = async (
  api: string,
  token: string,
  skus: readonly string[],
): Promise<Map<string, number>> => {
  const query = skus.map((s) => `sku=${encodeURIComponent(s)}`).join('&');
  const body = await call<{ results: { sku: string; availableQuantity: number }[] }>(
    api,
    token,
    'inventory',
    'GET',
    `/catalog/inventory?${query}`,
    undefined,
    [200],
  );
  return new Map(body.results.map((r) => [r.sku, r.availableQuantity] as const));
};

/**
 * Variants any guest can order plainly from the demo catalogue (generated from its fixed seed, as
 * the server seeds it): finished goods in stock, not back-orderable, not freight, no parts or
 * required items, shipping to every state. In SKU order, so each caller can take its own slice and
 * no two bursts touch the same stock.
 */
export const plainSkus = (minStock = 150): readonly string[] =>
  generateCatalogue()
    .products.filter(
      (p) =>
        p.kind === 'finished-good' &&
        !p.backorderable &&
        !p.freight &&
        p.superSkuComponents.length === 0 &&
        p.requiredItems.length === 0 &&
        p.noShipStates.length === 0 &&
        p.prices.some((price) => price.region === 'US'),
    )
    .flatMap((p) =>
      p.variants
        .filter((v) => v.discontinuedAt === null && v.availableQty >= minStock)
        .map((v) => v.sku),
    )
    .sort();

/** The lines of a shopper's n-th cart: one or two of the burst's SKUs, one or two units each. */
export const linesFor = (skus: readonly string[], index: number): Line[] => {
  const first = skus[index % skus.length];
  if (first === undefined) throw new Error('a burst needs at least one SKU');
  const lines: Line[] = [{ sku: first, quantity: 1 + (index % 2) }];
  const second = skus[(index + 1) % skus.length];
  if (index % 3 === 0 && second !== undefined && second !== first) {
    lines.push({ sku: second, quantity: 1 });
  }
  return lines;
};

export interface BurstOptions {
  readonly api: string;
  /** Shoppers checking out at the same time. */
  readonly shoppers: number;
  /** Pull the kill switch once this many orders are confirmed and another submit is in flight. */
  readonly killAfterConfirmed: number;
  /** Pull it anyway after this long (the report says so). */
  readonly timeLimitMs: number;
  /** The SKUs this burst buys; no other burst should buy them. */
  readonly skus: readonly string[];
  /** Makes the shoppers' e-mail addresses unique to this burst. */
  readonly label: string;
  /** Must stop the server at once (SIGKILL). */
  readonly kill: () => void;
}

export interface BurstReport {
  readonly attempts: readonly Attempt[];
  readonly confirmed: readonly ConfirmedAttempt[];
  /** 'confirmed': killed as planned; 'time-limit': the burst never got there. */
  readonly killedBy: 'confirmed' | 'time-limit';
  /** Submits sent and not yet answered when the kill was sent. */
  readonly submitsInFlightAtKill: number;
  /** From the first request to the kill. */
  readonly elapsedMs: number;
  /** Failures before the kill: none is expected. */
  readonly errorsBeforeKill: readonly string[];
}

/**
 * Shoppers check out one cart after another until, right after an order is confirmed, at least one
 * other submit is still unanswered: then `kill` is called, and the burst returns once every
 * shopper has seen its request fail.
 */
export const runBurst = async (opts: BurstOptions): Promise<BurstReport> => {
  const attempts: Attempt[] = [];
  const errorsBeforeKill: string[] = [];
  // Changed from the hooks and the timer; read after the shoppers are done.
  const state: {
    confirmed: number;
    inFlight: number;
    killedBy: BurstReport['killedBy'] | undefined;
    submitsInFlightAtKill: number;
    elapsedMs: number;
  } = { confirmed: 0, inFlight: 0, killedBy: undefined, submitsInFlightAtKill: 0, elapsedMs: 0 };
  const began = performance.now();

  const pull = (by: BurstReport['killedBy']) => {
    if (state.killedBy !== undefined) return;
    state.killedBy = by;
    state.submitsInFlightAtKill = state.inFlight;
    state.elapsedMs = performance.now() - began;
    opts.kill();
  };
  const timer = setTimeout(() => pull('time-limit'), opts.timeLimitMs);
  const hooks: SubmitHooks = {
    beforeSubmit: () => {
      state.inFlight += 1;
    },
    afterSubmit: (_attempt, ok) => {
      state.inFlight -= 1;
      if (state.killedBy !== undefined || !ok) return;
      state.confirmed += 1;
      if (state.confirmed >= opts.killAfterConfirmed && state.inFlight > 0) pull('confirmed');
    },
  };

  const shopper = async (index: number): Promise<void> => {
    for (let n = 0; state.killedBy === undefined; n += 1) {
      const attempt: Attempt = {
        email: `${opts.label}-s${index}-n${n}@durability.test`.toLowerCase(),
        lines: linesFor(opts.skus, index + n * opts.shoppers),
        submitted: false,
      };
      attempts.push(attempt);
      try {
        await checkout(opts.api, attempt, hooks);
      } catch (error) {
        attempt.error = error instanceof Error ? error.message : String(error);
        if (state.killedBy === undefined) {
          errorsBeforeKill.push(attempt.error);
          return;
        }
      }
    }
  };

  try {
    await Promise.all(Array.from({ length: opts.shoppers }, (_, i) => shopper(i)));
  } finally {
    clearTimeout(timer);
  }
  // Every shopper stopped on an error before the kill: stop the server all the same.
  pull('time-limit');
  return {
    attempts,
    confirmed: attempts.filter(isConfirmed),
    killedBy: state.killedBy ?? 'time-limit',
    submitsInFlightAtKill: state.submitsInFlightAtKill,
    elapsedMs: state.elapsedMs,
    errorsBeforeKill,
  };
};
