/**
 * An order as it leaves the API (docs/api.md "Orders") and as it is stored in the `doc` column of
 * the orders table (migration 006), and the rules of its status: Open → Confirmed → Shipped →
 * Completed, and Cancelled from Open or Confirmed. Pure: no SQL, no HTTP.
 */
import { ORDER_STATUSES, type OrderState, type OrderStatus } from '../../core/orders/order';

// One Order for the whole shop: the wire shape lives in core (core/orders/order.ts).
export {
  ORDER_STATUSES,
  type Order,
  type OrderPayment,
  type OrderPaymentMethod as PaymentMethod,
  type OrderState,
  type OrderStatus,
  type OrderTotals,
  type OrderType,
} from '../../core/orders/order';

export const isOrderStatus = (value: unknown): value is OrderStatus =>
  typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);

/** What `state=open` lists: orders still on their way. */
export const OPEN_STATUSES: readonly OrderStatus[] = ['Open', 'Confirmed', 'Shipped'];
/** What `state=past` lists: orders that are done with, one way or the other. */
export const PAST_STATUSES: readonly OrderStatus[] = ['Completed', 'Cancelled'];

export const statusesOf = (state: OrderState): readonly OrderStatus[] =>
  state === 'open' ? OPEN_STATUSES : PAST_STATUSES;

/** The status an order moves on to in the normal course; none once Completed or Cancelled. */
export const nextStatus = (from: OrderStatus): OrderStatus | undefined => {
  switch (from) {
    case 'Open':
      return 'Confirmed';
    case 'Confirmed':
      return 'Shipped';
    case 'Shipped':
      return 'Completed';
    case 'Completed':
    case 'Cancelled':
      return undefined;
  }
};

/** Whether an order may go from `from` to `to` in one step. */
export const canMove = (from: OrderStatus, to: OrderStatus): boolean =>
  to === 'Cancelled' ? from === 'Open' || from === 'Confirmed' : nextStatus(from) === to;

// Order lookup (spec §5): e-mail trimmed and lower-cased, order number trimmed and upper-cased;
// what could be an order number (`LV-7KM3Q9XW2D`, a child's `LV-7KM3Q9XW2D-2`, an older
// `LV-100001`) is core's one rule (core/orders/order-number.ts).
export { normalizeEmail as normalizeLookupEmail } from '../../core/validation/email';
export {
  isOrderNumber as isPlausibleOrderNumber,
  normalizeOrderNumber,
} from '../../core/validation/order-lookup';
