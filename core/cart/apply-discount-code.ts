/**
 * Use case: apply a discount code the shopper typed. Failures come back as the typed discount
 * errors of spec §8 (ApplicationStoppedByPreviousDiscount, MaxApplicationReached) or
 * DiscountCodeNonApplicable, each with its reason (errors.ts DISCOUNT_REFUSAL_CODES). On a
 * conflict the code is applied again to the re-read cart, so a code already applied elsewhere is
 * reported as the server reports it (AlreadyApplied).
 */
import { err, type Result } from '../shared/result';
import type { Cart } from './cart';
import { DiscountCodeNonApplicableError, type CartError } from './errors';
import type { ActiveCartStore, CartGateway } from './ports';
import { mutateActiveCart } from './with-conflict-retry';

export class ApplyDiscountCode {
  constructor(
    private readonly gateway: CartGateway,
    private readonly store: ActiveCartStore,
  ) {}

  async execute(code: string): Promise<Result<Cart, CartError>> {
    const trimmed = code.trim();
    if (trimmed === '') {
      return err(new DiscountCodeNonApplicableError(trimmed, { reason: 'UnknownCode' }));
    }
    return mutateActiveCart(this.gateway, this.store, ({ cartId, version }) =>
      this.gateway.applyDiscount(cartId, version, trimmed),
    );
  }
}
