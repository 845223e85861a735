/**
 * CartGateway over the API (docs/api.md, Cart; spec §7). Answers are decoded with io-ts; failures
 * the use cases act on become core/cart/errors.ts: 409 ConcurrentModification (with the server's
 * currentVersion), 404 → the cart is not there (or not the shopper's), 400 OutOfStock and the
 * three discount code errors with the reason the answer gives. Anything else stays an ApiError of spec §8's kinds.
 */
import type { Cart, SharedCart } from '../../../core/cart/cart';
import {
  CartNotFoundError,
  DISCOUNT_ERROR_CODES,
  DISCOUNT_REFUSAL_CODES,
  discountCodeError,
  isDiscountRefusalReason,
  LineItemNotFoundError,
  OutOfStockError,
  VersionConflictError,
  type DiscountCodeError,
  type DiscountErrorCode,
} from '../../../core/cart/errors';
import type {
  CartDraft,
  CartGateway,
  CartUpdateAction,
  SharedCartRef,
} from '../../../core/cart/ports';
import type { ApiClient } from '../api-client';
import { ApiError, fieldsErrorOf, staleVersionOf } from '../api-error';
import {
  CartCodec,
  CartListCodec,
  MergeAnswerCodec,
  SharedCartCodec,
  SharedCartRefCodec,
} from './cart.codec';

const CALCULATION = { expand: 'calculation' } as const;

/** What a failed call was about, so the error can name it. */
export interface CartCallContext {
  readonly cartId?: string;
  readonly discountCode?: string;
}

const entryWith = (error: ApiError, code: string): Record<string, unknown> | undefined =>
  error.details.errors?.find((e) => e.code === code);

/**
 * A refused code's entry `{code, reason, discountCode, minimumCents?}` as its core error. A reason
 * that is not one of the code's own (or none, from an older server) is left out: the screen then
 * says what the code alone says.
 */
const discountErrorOf = (entry: Record<string, unknown>, typed: string): DiscountCodeError => {
  const code = entry.code as DiscountErrorCode;
  const reason =
    isDiscountRefusalReason(entry.reason) && DISCOUNT_REFUSAL_CODES[entry.reason] === code
      ? entry.reason
      : null;
  const minimum = entry.minimumCents;
  return discountCodeError(
    code,
    typeof entry.discountCode === 'string' ? entry.discountCode : typed.trim().toUpperCase(),
    {
      reason,
      ...(typeof minimum === 'number' && Number.isSafeInteger(minimum) && minimum >= 0
        ? { minimumCents: minimum }
        : {}),
    },
  );
};

/** Maps a failed cart call to the typed cart error it stands for; other failures pass through. */
export const toCartError = (error: unknown, context: CartCallContext = {}): unknown => {
  if (!(error instanceof ApiError)) return error;
  const current = staleVersionOf(error);
  if (current !== null) return new VersionConflictError('cart', current);
  const refused = DISCOUNT_ERROR_CODES.map((c) => entryWith(error, c)).find((e) => e !== undefined);
  if (refused !== undefined) return discountErrorOf(refused, context.discountCode ?? '');
  if (error.hasCode('OutOfStock')) {
    const skus = (error.details.errors ?? [])
      .filter((e) => e.code === 'OutOfStock')
      .map((e) => e.sku)
      .filter((s): s is string => typeof s === 'string');
    return new OutOfStockError(skus);
  }
  const missingLine = entryWith(error, 'LineItemNotFound');
  if (missingLine !== undefined) {
    const id = missingLine.lineItemId;
    return new LineItemNotFoundError(typeof id === 'string' ? id : '');
  }
  if (error.kind === 'notFound') return new CartNotFoundError(context.cartId ?? '');
  return fieldsErrorOf(error) ?? error;
};

const segment = encodeURIComponent;

export interface HttpCartGatewayOptions {
  /** The cartType of carts whose answer names none (the wire may leave it out). */
  readonly defaultCartType?: string;
}

export class HttpCartGateway implements CartGateway {
  constructor(
    private readonly api: Pick<ApiClient, 'get' | 'post' | 'delete'>,
    private readonly options: HttpCartGatewayOptions = {},
  ) {}

  private typed(cart: Cart): Cart {
    const fallback = this.options.defaultCartType;
    return cart.cartType === undefined && fallback !== undefined
      ? { ...cart, cartType: fallback }
      : cart;
  }

  private async call<T>(context: CartCallContext, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toCartError(error, context);
    }
  }

  async getActiveCarts(): Promise<readonly Cart[]> {
    const carts = await this.call({}, () =>
      this.api.get('/cart/active', CartListCodec, { params: CALCULATION }),
    );
    return carts.map((cart) => this.typed(cart));
  }

  getCart(cartId: string): Promise<Cart> {
    return this.call({ cartId }, () =>
      this.api.get(`/cart/${segment(cartId)}`, CartCodec, { params: CALCULATION }),
    );
  }

  createCart(draft: CartDraft): Promise<Cart> {
    return this.call({}, () => this.api.post('/cart/create', draft, CartCodec));
  }

  updateCart(cartId: string, version: number, actions: readonly CartUpdateAction[]): Promise<Cart> {
    return this.call({ cartId }, () =>
      this.api.post('/cart/items', { version, actions }, CartCodec, {
        params: { cartId, ...CALCULATION },
      }),
    );
  }

  applyDiscount(cartId: string, version: number, code: string): Promise<Cart> {
    return this.call({ cartId, discountCode: code }, () =>
      this.api.post('/cart/discount', { version, code }, CartCodec, {
        params: { cartId, ...CALCULATION },
      }),
    );
  }

  removeDiscount(cartId: string, version: number, discountCodeId: string): Promise<Cart> {
    return this.call({ cartId }, () =>
      this.api.post(
        '/cart/discount',
        { version, removeDiscountCodeId: discountCodeId },
        CartCodec,
        { params: { cartId, ...CALCULATION } },
      ),
    );
  }

  deleteCart(cartId: string, version: number): Promise<Cart> {
    return this.call({ cartId }, () =>
      this.api.delete(`/cart/${segment(cartId)}`, CartCodec, {
        params: { 'cart-versionId': version },
      }),
    );
  }

  shareCart(cartId: string): Promise<SharedCartRef> {
    return this.call({ cartId }, () =>
      this.api.post('/cart/sharedcart', { cartId }, SharedCartRefCodec),
    );
  }

  getSharedCart(sharedCartId: string, currency?: string): Promise<SharedCart> {
    return this.call({ cartId: sharedCartId }, () =>
      this.api.get(
        `/cart/sharedcart/${segment(sharedCartId)}`,
        SharedCartCodec,
        currency === undefined ? undefined : { params: { currency } },
      ),
    );
  }

  async mergeGuestCart(anonymousId: string): Promise<Cart> {
    const answer = await this.call({}, () =>
      this.api.post('/cart/merge', { anonymousId }, MergeAnswerCodec, { params: CALCULATION }),
    );
    return answer.data.FGCart;
  }
}
