/**
 * Issue 12 item 6: one message per refusal reason, in the shopper's words, naming the code as the
 * shop spells it — never the "isn't a valid promo code" catch-all for a code that is valid.
 */
import { describe, expect, it } from 'vitest';
import {
  DISCOUNT_REFUSAL_CODES,
  DISCOUNT_REFUSAL_REASONS,
  discountCodeError,
} from '../../../core/cart/errors';
import { promoErrorMessage } from '../../../ui/cart/cart-page-view-model';

const messageFor = (reason: (typeof DISCOUNT_REFUSAL_REASONS)[number], paysShipping = false) =>
  promoErrorMessage(
    discountCodeError(DISCOUNT_REFUSAL_CODES[reason], 'WELCOME20', {
      reason,
      ...(reason === 'MinimumNotMet' ? { minimumCents: 20_000 } : {}),
    }),
    'welcome20',
    'USD',
    paysShipping,
  );

describe('promo code refusals in words', () => {
  it('says each reason its own way, naming the code', () => {
    const messages = DISCOUNT_REFUSAL_REASONS.map((reason) => messageFor(reason));
    expect(new Set(messages).size).toBe(DISCOUNT_REFUSAL_REASONS.length);
    for (const message of messages) {
      expect(message).toContain('WELCOME20');
      expect(message).not.toMatch(/isn’t a valid promo code|maximum number of times/);
    }
    expect(messageFor('MinimumNotMet')).toContain('$200.00');
  });

  it('does not call a cart that pays for freight "already free"', () => {
    expect(messageFor('NoShippingCharge')).toMatch(/already ships free/);
    expect(messageFor('NoShippingCharge', true)).not.toMatch(/free/);
  });
});
