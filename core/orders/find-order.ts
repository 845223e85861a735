/**
 * Order status lookup (spec §5 "Order lookup", §7 find-my-orders): the e-mail and order number are
 * normalised and validated before the call; the order whose number was asked for is the answer.
 * A wrong e-mail and an unknown order number both come back as `notFound`: the shopper learns
 * nothing about whether an order exists.
 */
import type { FieldValidation } from '../validation/field-validation';
import { DEFAULT_VALIDATION_MESSAGES, type ValidationMessages } from '../validation/messages';
import { prepareOrderLookup, type OrderLookup } from '../validation/order-lookup';
import type { Order } from './order';
import type { OrdersGateway } from './ports';

export type FindOrderOutcome =
  | { readonly kind: 'invalid'; readonly errors: readonly FieldValidation[] }
  | { readonly kind: 'notFound'; readonly lookup: OrderLookup }
  | { readonly kind: 'found'; readonly lookup: OrderLookup; readonly order: Order };

export class FindOrder {
  constructor(
    private readonly orders: Pick<OrdersGateway, 'findMyOrders'>,
    private readonly messages: ValidationMessages = DEFAULT_VALIDATION_MESSAGES,
  ) {}

  /** Failures of the call itself (network, 5xx) are thrown, not reported as notFound. */
  async execute(input: OrderLookup): Promise<FindOrderOutcome> {
    const prepared = prepareOrderLookup(input, this.messages);
    if (!prepared.ok) return { kind: 'invalid', errors: prepared.error };
    const lookup = prepared.value;
    const results = await this.orders.findMyOrders(lookup);
    const order = results.find((o) => o.orderNumber.toUpperCase() === lookup.orderNumber);
    return order === undefined ? { kind: 'notFound', lookup } : { kind: 'found', lookup, order };
  }
}
