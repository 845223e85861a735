/**
 * The shop's promotions: the automatic cart discounts and the discount codes (docs/api.md "Cart").
 * The one list of them: the server writes it to its `cart_discounts` table after every migration
 * (server/cart/promotions.ts, so redemptions keep a row to point at) and prices from it; the
 * offline demo's fake cart prices from it too. A new code is a new entry here.
 */
import type { DiscountDefinition } from './model';

const promotion = (
  d: Pick<DiscountDefinition, 'id' | 'code' | 'name' | 'target' | 'valueType' | 'value'> &
    Partial<DiscountDefinition> & { readonly sortOrder: number },
): DiscountDefinition => ({
  department: null,
  minSubtotalCents: 0,
  stopOthers: false,
  maxPerOwner: null,
  validFrom: null,
  validUntil: null,
  ...d,
});

export const PROMOTIONS: readonly DiscountDefinition[] = [
  promotion({
    id: 'cd-parts15',
    code: null,
    name: '15% off service parts',
    target: 'lineItems',
    valueType: 'relative',
    value: 15,
    department: 'parts',
    sortOrder: 1,
  }),
  promotion({
    id: 'dc-save10',
    code: 'SAVE10',
    name: '10% off your cart',
    target: 'lineItems',
    valueType: 'relative',
    value: 10,
    sortOrder: 10,
  }),
  promotion({
    id: 'dc-kitchen15',
    code: 'KITCHEN15',
    name: '15% off kitchen products',
    target: 'lineItems',
    valueType: 'relative',
    value: 15,
    department: 'kitchen',
    sortOrder: 11,
  }),
  promotion({
    id: 'dc-welcome20',
    code: 'WELCOME20',
    name: '$20 off orders of $200 or more',
    target: 'lineItems',
    valueType: 'absolute',
    value: 2000,
    minSubtotalCents: 20_000,
    sortOrder: 12,
  }),
  promotion({
    id: 'dc-freeship',
    code: 'FREESHIP',
    name: 'Free standard shipping',
    target: 'shipping',
    valueType: 'relative',
    value: 100,
    sortOrder: 13,
  }),
  promotion({
    id: 'dc-vip25',
    code: 'VIP25',
    name: '25% off, not combinable with other codes',
    target: 'lineItems',
    valueType: 'relative',
    value: 25,
    stopOthers: true,
    sortOrder: 14,
  }),
  promotion({
    id: 'dc-onetime5',
    code: 'ONETIME5',
    name: '$5 off, once per shopper',
    target: 'lineItems',
    valueType: 'absolute',
    value: 500,
    maxPerOwner: 1,
    sortOrder: 15,
  }),
  promotion({
    id: 'dc-spring2020',
    code: 'SPRING2020',
    name: 'Spring 2020 sale (ended)',
    target: 'lineItems',
    valueType: 'relative',
    value: 20,
    validUntil: '2020-06-30T23:59:59Z',
    sortOrder: 16,
  }),
];
