/**
 * Carts in PostgreSQL around the pure engine (core/cart/engine/engine.ts). The owner's cart row is
 * read, the engine computes the next state from it and the catalogue facts, and the row is written
 * with `UPDATE … WHERE version = $old` — a stale version (or a lost race) is 409
 * ConcurrentModification with the current version, and nothing is written. A change that writes
 * more than the cart row (a limited discount code, a merge, a delete) is one transaction with the
 * row read FOR UPDATE; an update or a shipping method is that one conditional write alone
 * (`mutateByVersion`). A cart is only ever looked up together with its owner, so another shopper's
 * cart id answers 404.
 */
import { randomUUID } from 'node:crypto';
import type { Cart, CartLineItem } from '../../core/cart/cart';
import { ownerKey, type Owner } from '../auth/owner';
import type { Database, Queryable } from '../db/database';
import { ApiError, concurrentModification } from '../http/errors';
import { catalogueVersionOf } from '../catalog/catalogue-version';
import { CatalogueFactsCache, loadCatalogueFacts } from './catalogue-facts';
import {
  applyDiscountCode,
  createCartState,
  deleteCartState,
  mergeLines,
  removeDiscountCode,
  setShippingMethod,
  updateCart,
} from '../../core/cart/engine/engine';
import {
  isShippingMethodId,
  type CartState,
  type CatalogueFacts,
  type EngineAction,
  type EngineError,
  type EngineResult,
  type ShippingMethodId,
  type StateLine,
} from '../../core/cart/engine/model';
import type { DiscountRequest } from './parse';
import { quoteCart, type CartQuote } from '../../core/cart/engine/pricing';
import { PROMOTIONS } from '../../core/cart/engine/promotions';
import { priceSharedCart, sharedCartLines } from '../../core/cart/engine/shared-cart';
import { DEFAULT_CART_TYPE } from '../../core/cart/cart-use-cases';

interface CartRow {
  readonly id: string;
  readonly version: number;
  readonly currency: string;
  readonly cart_type: string;
  readonly customer_email: string | null;
  readonly anonymous_id: string | null;
  readonly state: StoredState | string;
}

/** The jsonb `state` column. */
interface StoredState {
  readonly lines: readonly StateLine[];
  readonly shippingAddress?: CartState['shippingAddress'];
  /** Migration 010 moved the choices of the old checkout_shipments table here. */
  readonly shippingMethodId?: unknown;
  readonly discountCodeIds: readonly string[];
}

export interface SharedCartBody {
  readonly id: string;
  readonly currency: string;
  /** Lowercase on the wire (spec §3). */
  readonly lineitems: readonly CartLineItem[];
}

const CART_COLUMNS = 'id, version, currency, cart_type, customer_email, anonymous_id, state';

export const cartNotFound = (id: string): ApiError => new ApiError(404, `No cart ${id}`);

/** The status and body an engine error leaves the API with. */
export const engineError = (error: EngineError): ApiError => {
  switch (error.kind) {
    case 'conflict':
      return concurrentModification(error.currentVersion, 'cart');
    case 'invalid':
      return new ApiError(400, error.message, [
        { code: 'InvalidField', field: error.field, message: error.message },
      ]);
    case 'unknownSku': {
      const message = `${error.field} ${error.sku} is not in the catalogue`;
      return new ApiError(400, message, [
        { code: 'InvalidField', field: 'sku', sku: error.sku, message },
      ]);
    }
    case 'outOfStock':
      return new ApiError(
        400,
        `Out of stock: ${error.skus.join(', ')}`,
        error.skus.map((sku) => ({ code: 'OutOfStock', sku })),
      );
    case 'lineItemNotFound':
      return new ApiError(400, `${error.field} ${error.lineItemId} is not in the cart`, [
        { code: 'LineItemNotFound', field: 'lineItemId', lineItemId: error.lineItemId },
      ]);
    case 'discount':
      // The code is one of the three the wire contract pins; the reason says which case it is.
      return new ApiError(400, `${error.code} (${error.reason}): ${error.discountCode}`, [
        {
          code: error.code,
          reason: error.reason,
          discountCode: error.discountCode,
          ...(error.minimumCents === undefined ? {} : { minimumCents: error.minimumCents }),
        },
      ]);
  }
};

const unwrap = <T>(result: EngineResult<T>): T => {
  if (!result.ok) throw engineError(result.error);
  return result.value;
};

const toState = (row: CartRow): CartState => {
  const stored: StoredState =
    typeof row.state === 'string' ? (JSON.parse(row.state) as StoredState) : row.state;
  return {
    id: row.id,
    version: Number(row.version),
    currency: row.currency,
    cartType: row.cart_type,
    ...(row.anonymous_id === null ? {} : { anonymousId: row.anonymous_id }),
    ...(row.customer_email === null ? {} : { customerEmail: row.customer_email }),
    lines: stored.lines,
    ...(stored.shippingAddress === undefined ? {} : { shippingAddress: stored.shippingAddress }),
    // A value this server does not know is no choice: the cart ships by its default.
    ...(isShippingMethodId(stored.shippingMethodId)
      ? { shippingMethodId: stored.shippingMethodId }
      : {}),
    discountCodeIds: stored.discountCodeIds,
  };
};

const storedState = (state: CartState): string =>
  JSON.stringify({
    lines: state.lines,
    ...(state.shippingAddress === undefined ? {} : { shippingAddress: state.shippingAddress }),
    ...(state.shippingMethodId === undefined ? {} : { shippingMethodId: state.shippingMethodId }),
    discountCodeIds: state.discountCodeIds,
  } satisfies StoredState);

const nowIso = (): string => new Date().toISOString();

/** What pricing may reuse from earlier in the same transaction instead of reading it again. */
interface Preloaded {
  readonly catalogue?: CatalogueFacts;
}

/** A mutation's next state, with the facts its work already read (pricing reuses them). */
interface Mutation extends Preloaded {
  readonly next: CartState;
}

export interface CreateCart {
  readonly currency: string;
  readonly customerEmail?: string;
}

export interface CartServiceOptions {
  /**
   * Read catalogue facts through a CatalogueFactsCache (./catalogue-facts.ts), fresh to the last
   * committed change: the cart routes. Checkout and payment price a cart from the tables inside
   * their own transaction, and leave it off.
   */
  readonly cachedFacts?: boolean;
}

/** Carts whose last written state a CartService remembers at most (least recently written go). */
export const WRITTEN_CARTS_KEPT = 10_000;

export class CartService {
  /**
   * The state this service last wrote for each cart (by id, with its owner): the next update of
   * that cart at that version starts from it instead of reading the row. The write that follows
   * is conditional on the row being at that version and owner still, so a row that moved on
   * without this service (another process, a checkout, a deletion) makes it miss, and the update
   * is done again from the row as read.
   */
  private readonly written = new Map<
    string,
    { readonly owner: string; readonly state: CartState }
  >();

  /** Catalogue facts for the cart's own changes and answers. */
  private readonly facts: (
    db: Queryable,
    skus: Iterable<string>,
    currency: string,
  ) => Promise<CatalogueFacts>;

  constructor(
    private readonly db: Database,
    options: CartServiceOptions = {},
  ) {
    if (options.cachedFacts === true) {
      const cache = new CatalogueFactsCache(catalogueVersionOf(db));
      this.facts = (tx, skus, currency) => cache.load(tx, skus, currency);
    } else {
      this.facts = loadCatalogueFacts;
    }
  }

  /** The owner's active carts, most recently changed first ([] when none). */
  async activeCarts(owner: Owner): Promise<Cart[]> {
    const rows = await this.db.query<CartRow>(
      `SELECT ${CART_COLUMNS} FROM carts WHERE owner_key = $1 AND status = 'active'
       ORDER BY updated_at DESC, id`,
      [ownerKey(owner)],
    );
    return Promise.all(rows.rows.map((row) => this.price(this.db, toState(row))));
  }

  async cart(owner: Owner, id: string): Promise<Cart> {
    return (await this.quote(owner, id)).cart;
  }

  /**
   * The owner's cart priced, with the shipping methods it is offered (checkout's view). `db`: a
   * transaction to read and price it in (checkout's submit prices the cart it locked).
   */
  async quote(owner: Owner, id: string, db: Queryable = this.db): Promise<CartQuote> {
    const rows = await db.query<CartRow>(
      `SELECT ${CART_COLUMNS} FROM carts WHERE id = $1 AND owner_key = $2 AND status = 'active'`,
      [id, ownerKey(owner)],
    );
    const row = rows.rows[0];
    if (row === undefined) throw cartNotFound(id);
    return this.priceQuote(db, toState(row));
  }

  async create(owner: Owner, draft: CreateCart): Promise<Cart> {
    const state = createCartState({
      id: randomUUID(),
      currency: draft.currency,
      cartType: DEFAULT_CART_TYPE,
      ...(owner.kind === 'guest' ? { anonymousId: owner.id } : {}),
      ...(draft.customerEmail === undefined ? {} : { customerEmail: draft.customerEmail }),
    });
    await this.insert(this.db, owner, state);
    return this.price(this.db, state);
  }

  async update(
    owner: Owner,
    id: string,
    version: number,
    actions: readonly EngineAction[],
  ): Promise<Cart> {
    return (await this.updateQuote(owner, id, version, actions)).cart;
  }

  /** update, answered with the shipping methods the changed cart is offered. */
  async updateQuote(
    owner: Owner,
    id: string,
    version: number,
    actions: readonly EngineAction[],
  ): Promise<CartQuote> {
    return this.mutateByVersion(owner, id, version, async (tx, state) => {
      const skus = [
        ...state.lines.map((l) => l.sku),
        ...actions.flatMap((a) => ('sku' in a ? [a.sku] : [])),
      ];
      const catalogue = await this.facts(tx, skus, state.currency);
      const next = unwrap(
        updateCart(state, version, actions, {
          catalogue,
          discounts: PROMOTIONS,
          now: nowIso(),
          newId: randomUUID,
        }),
      );
      return { next, catalogue };
    });
  }

  /**
   * The setShippingMethod update alone (checkout's assign route): a method the cart is not offered
   * is a 400 naming `methodId`; in the cart's own versioned transaction like every update.
   */
  async setShippingMethod(
    owner: Owner,
    id: string,
    version: number,
    methodId: ShippingMethodId,
  ): Promise<Cart> {
    const quote = await this.mutateByVersion(owner, id, version, async (tx, state) => {
      const catalogue = await this.facts(
        tx,
        state.lines.map((l) => l.sku),
        state.currency,
      );
      const env = { catalogue, discounts: PROMOTIONS, now: nowIso(), newId: randomUUID };
      return { next: unwrap(setShippingMethod(state, version, methodId, env)), catalogue };
    });
    return quote.cart;
  }

  async discount(owner: Owner, id: string, request: DiscountRequest): Promise<Cart> {
    return this.mutate(owner, id, async (tx, state) => {
      if ('removeDiscountCodeId' in request) {
        return {
          next: unwrap(removeDiscountCode(state, request.version, request.removeDiscountCodeId)),
        };
      }
      const wanted = request.code.trim().toUpperCase();
      const limited = PROMOTIONS.find((d) => d.code === wanted && d.maxPerOwner !== null);
      const redemptions = new Map<string, number>();
      if (limited !== undefined) {
        // Serialises applications of a limited code, so two carts cannot both take the last use.
        await tx.query('SELECT id FROM cart_discounts WHERE id = $1 FOR UPDATE', [limited.id]);
        const used = await tx.query<{ n: number | string }>(
          'SELECT count(*) AS n FROM cart_discount_redemptions WHERE discount_id = $1 AND owner_key = $2',
          [limited.id, ownerKey(owner)],
        );
        redemptions.set(limited.id, Number(used.rows[0]?.n ?? 0));
      }
      const catalogue = await this.facts(
        tx,
        state.lines.map((l) => l.sku),
        state.currency,
      );
      const next = unwrap(
        applyDiscountCode(state, request.version, request.code, {
          catalogue,
          discounts: PROMOTIONS,
          redemptions,
          now: nowIso(),
          newId: randomUUID,
        }),
      );
      if (limited !== undefined) {
        await tx.query(
          'INSERT INTO cart_discount_redemptions (discount_id, owner_key, cart_id) VALUES ($1, $2, $3)',
          [limited.id, ownerKey(owner), state.id],
        );
      }
      return { next, catalogue };
    });
  }

  /** Deletes the cart; answers it as it was deleted (version bumped). */
  async delete(owner: Owner, id: string, version: number): Promise<Cart> {
    return this.db.transaction(async (tx) => {
      const state = await this.lock(tx, owner, id);
      const next = unwrap(deleteCartState(state, version));
      await this.write(tx, state, next, 'deleted');
      return this.price(tx, next);
    });
  }

  /**
   * A snapshot of the owner's cart lines, readable by anyone with its id: what was chosen (SKUs,
   * quantities, rooms, bundles), not what the owner pays — their codes and prices stay theirs.
   */
  async share(owner: Owner, cartId: string): Promise<{ sharedCartId: string }> {
    const cart = await this.cart(owner, cartId);
    const sharedCartId = randomUUID();
    await this.db.query(
      'INSERT INTO shared_carts (id, cart_id, currency, line_items) VALUES ($1, $2, $3, $4)',
      [sharedCartId, cart.id, cart.currency, JSON.stringify(sharedCartLines(cart.lineItems))],
    );
    return { sharedCartId };
  }

  /**
   * The shared lines priced for the reader (core/cart/engine/shared-cart.ts): today's list and
   * sale prices in `currency` (the snapshot's when not given) and the automatic promotions, no
   * code. Snapshots taken before they held only the choices are read the same way.
   */
  async sharedCart(id: string, currency?: string): Promise<SharedCartBody> {
    const rows = await this.db.query<{
      id: string;
      currency: string;
      line_items: CartLineItem[] | string;
    }>('SELECT id, currency, line_items FROM shared_carts WHERE id = $1', [id]);
    const row = rows.rows[0];
    if (row === undefined) throw new ApiError(404, `No shared cart ${id}`);
    const stored =
      typeof row.line_items === 'string'
        ? (JSON.parse(row.line_items) as CartLineItem[])
        : row.line_items;
    const lines = sharedCartLines(stored);
    const readerCurrency = currency ?? row.currency;
    const catalogue = await this.facts(
      this.db,
      lines.map((l) => l.sku),
      readerCurrency,
    );
    const priced = priceSharedCart({ id: row.id, lines }, readerCurrency, {
      catalogue,
      discounts: PROMOTIONS,
      now: nowIso(),
    });
    return { id: row.id, currency: readerCurrency, lineitems: priced.lineItems };
  }

  /**
   * The guest carts of `anonymousId` merged into the customer's active cart (the newest of this
   * cartType; created when there is none) in one transaction; the guest carts end as merged.
   * `mayMerge` false (the anonymousId is not the one the customer's token came from) merges
   * nothing: the customer's cart is answered as it is.
   */
  async merge(
    customer: Owner,
    anonymousId: string,
    mayMerge: boolean,
    customerEmail: string | undefined,
  ): Promise<Cart> {
    return this.db.transaction(async (tx) => {
      let catalogue: CatalogueFacts | undefined;
      const guestRows = mayMerge
        ? await tx.query<CartRow>(
            `SELECT ${CART_COLUMNS} FROM carts WHERE owner_key = $1 AND status = 'active'
             ORDER BY created_at, id FOR UPDATE`,
            [ownerKey({ kind: 'guest', id: anonymousId })],
          )
        : { rows: [] as CartRow[] };
      const targetRows = await tx.query<CartRow>(
        `SELECT ${CART_COLUMNS} FROM carts
         WHERE owner_key = $1 AND status = 'active' AND cart_type = $2
         ORDER BY updated_at DESC, id LIMIT 1 FOR UPDATE`,
        [ownerKey(customer), DEFAULT_CART_TYPE],
      );
      const existing = targetRows.rows[0];
      const guests = guestRows.rows.map(toState);
      let target =
        existing === undefined
          ? createCartState({
              id: randomUUID(),
              currency: guests[0]?.currency ?? 'USD',
              cartType: DEFAULT_CART_TYPE,
              ...(customerEmail === undefined ? {} : { customerEmail }),
            })
          : toState(existing);
      if (existing === undefined) await this.insert(tx, customer, target);
      // Only lines priced in the customer cart's currency can come over.
      const movable = guests.filter((g) => g.currency === target.currency);
      if (movable.length > 0) {
        const guestLines = movable.flatMap((g) => g.lines);
        catalogue = await this.facts(
          tx,
          [...target.lines, ...guestLines].map((l) => l.sku),
          target.currency,
        );
        let next = mergeLines(target, guestLines, {
          catalogue,
          discounts: PROMOTIONS,
          now: nowIso(),
          newId: randomUUID,
        });
        const address = movable.find((g) => g.shippingAddress !== undefined)?.shippingAddress;
        if (next.shippingAddress === undefined && address !== undefined) {
          next = { ...next, shippingAddress: address };
        }
        await this.write(tx, target, next, 'active');
        target = next;
        for (const guest of movable) {
          await this.write(tx, guest, { ...guest, version: guest.version + 1 }, 'merged');
        }
      }
      return this.price(tx, target, catalogue === undefined ? {} : { catalogue });
    });
  }

  private async mutate(
    owner: Owner,
    id: string,
    work: (tx: Queryable, state: CartState) => Promise<Mutation>,
  ): Promise<Cart> {
    return (await this.mutateQuote(owner, id, work)).cart;
  }

  private async mutateQuote(
    owner: Owner,
    id: string,
    work: (tx: Queryable, state: CartState) => Promise<Mutation>,
  ): Promise<CartQuote> {
    return this.db.transaction(async (tx) => {
      const state = await this.lock(tx, owner, id);
      const { next, ...preloaded } = await work(tx, state);
      await this.write(tx, state, next, 'active');
      return this.priceQuote(tx, next, preloaded);
    });
  }

  /**
   * A change whose work writes nothing but the cart row (an update, a shipping method): the row is
   * read without a lock and written by the one conditional statement `write` runs — `UPDATE …
   * WHERE version = <the version read>`, atomic on its own — so no transaction is held open across
   * the engine's work. A change committed in between makes that write miss, and the answer is the
   * same 409 ConcurrentModification with the current version that waiting on a lock and then
   * finding a newer version gives. On the embedded database a transaction holds the whole database
   * until it ends; this holds it for two statements, one at a time — and for one when the update
   * asks for the version this service last wrote (`mutateWritten`), the usual next add to a cart.
   */
  private async mutateByVersion(
    owner: Owner,
    id: string,
    version: number,
    work: (db: Queryable, state: CartState) => Promise<Mutation>,
  ): Promise<CartQuote> {
    const key = ownerKey(owner);
    const known = this.written.get(id);
    if (known !== undefined && known.owner === key && known.state.version === version) {
      const quote = await this.mutateWritten(key, known.state, work);
      if (quote !== undefined) return quote;
    }
    this.written.delete(id);
    const rows = await this.db.query<CartRow>(
      `SELECT ${CART_COLUMNS} FROM carts WHERE id = $1 AND owner_key = $2 AND status = 'active'`,
      [id, key],
    );
    const row = rows.rows[0];
    if (row === undefined) throw cartNotFound(id);
    const state = toState(row);
    const { next, ...preloaded } = await work(this.db, state);
    await this.write(this.db, state, next, 'active');
    this.remember(key, next);
    return this.priceQuote(this.db, next, preloaded);
  }

  /**
   * The change made from the state this service last wrote, written only over that very row
   * (same version, same owner, still active); undefined when the row has moved on or the change
   * fails — the caller then reads the row and answers from it, 409 and 400 alike.
   */
  private async mutateWritten(
    key: string,
    state: CartState,
    work: (db: Queryable, state: CartState) => Promise<Mutation>,
  ): Promise<CartQuote | undefined> {
    let mutation: Mutation;
    try {
      mutation = await work(this.db, state);
    } catch {
      return undefined;
    }
    const { next, ...preloaded } = mutation;
    const written = await this.db.query(
      `UPDATE carts SET version = $3, state = $4, updated_at = now()
       WHERE id = $1 AND version = $2 AND owner_key = $5 AND status = 'active'`,
      [state.id, state.version, next.version, storedState(next), key],
    );
    if (written.rowCount !== 1) return undefined;
    this.remember(key, next);
    return this.priceQuote(this.db, next, preloaded);
  }

  private remember(key: string, state: CartState): void {
    this.written.delete(state.id);
    this.written.set(state.id, { owner: key, state });
    if (this.written.size > WRITTEN_CARTS_KEPT) {
      const oldest = this.written.keys().next();
      if (oldest.done !== true) this.written.delete(oldest.value);
    }
  }

  private async lock(tx: Queryable, owner: Owner, id: string): Promise<CartState> {
    const rows = await tx.query<CartRow>(
      `SELECT ${CART_COLUMNS} FROM carts
       WHERE id = $1 AND owner_key = $2 AND status = 'active' FOR UPDATE`,
      [id, ownerKey(owner)],
    );
    const row = rows.rows[0];
    if (row === undefined) throw cartNotFound(id);
    return toState(row);
  }

  private async insert(db: Queryable, owner: Owner, state: CartState): Promise<void> {
    await db.query(
      `INSERT INTO carts (id, owner_key, version, currency, cart_type, customer_email, anonymous_id, state)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        state.id,
        ownerKey(owner),
        state.version,
        state.currency,
        state.cartType,
        state.customerEmail ?? null,
        state.anonymousId ?? null,
        storedState(state),
      ],
    );
  }

  /** Writes `next` only over the version `previous` was read at. */
  private async write(
    tx: Queryable,
    previous: CartState,
    next: CartState,
    status: 'active' | 'deleted' | 'merged',
  ): Promise<void> {
    const written = await tx.query(
      `UPDATE carts SET version = $3, state = $4, status = $5, updated_at = now()
       WHERE id = $1 AND version = $2 AND status = 'active'`,
      [previous.id, previous.version, next.version, storedState(next), status],
    );
    if (written.rowCount !== 1) {
      const current = await tx.query<{ version: number }>(
        'SELECT version FROM carts WHERE id = $1',
        [previous.id],
      );
      throw engineError({
        kind: 'conflict',
        currentVersion: Number(current.rows[0]?.version ?? previous.version),
      });
    }
  }

  /**
   * Prices `state`, reusing facts read earlier in the same transaction. Preloaded catalogue facts
   * are used only when they cover every line (they were read for the state before the change and
   * the SKUs it named, which include the parts and required items it can add); otherwise they are
   * read again, so the answer is the one a fresh read gives.
   */
  private async price(db: Queryable, state: CartState, preloaded: Preloaded = {}): Promise<Cart> {
    return (await this.priceQuote(db, state, preloaded)).cart;
  }

  private async priceQuote(
    db: Queryable,
    state: CartState,
    preloaded: Preloaded = {},
  ): Promise<CartQuote> {
    const reusable = preloaded.catalogue;
    const catalogue =
      reusable !== undefined && state.lines.every((l) => reusable.has(l.sku))
        ? reusable
        : await this.facts(
            db,
            state.lines.map((l) => l.sku),
            state.currency,
          );
    return quoteCart(state, { catalogue, discounts: PROMOTIONS, now: nowIso() });
  }
}
