/**
 * The request bodies, described for the reference. The routes check them by hand (server/*\/parse.ts,
 * one 400 naming every bad field as the storefront reads them), so these routes spread
 * `checkedByRoute` and the schema says what that check accepts.
 */
import { MAX_ACTIONS, MAX_LINE_QUANTITY } from '../../../core/cart/engine/model';
import { ORDER_STATUSES } from '../../../core/orders/order';
import { MAX_VERSION } from '../../http/input';
import { arrayOf, bool, cents, int, oneOf, open, str, type JsonSchema } from './common';

/** Members beside those listed are accepted and ignored, as the hand check does. */
const body = (
  properties: Readonly<Record<string, JsonSchema>>,
  required: readonly string[],
  description?: string,
): JsonSchema => open(properties, required, description);

const id = (description: string): JsonSchema => ({
  type: 'string',
  minLength: 1,
  maxLength: 100,
  description,
});
export const VERSION: JsonSchema = {
  type: 'integer',
  minimum: 1,
  maximum: MAX_VERSION,
  description: 'The version the change was built on (409 when stale)',
};
const quantity = (min: number): JsonSchema => ({
  type: 'integer',
  minimum: min,
  maximum: MAX_LINE_QUANTITY,
});

const ADDRESS_INPUT = body(
  {
    firstName: str(),
    lastName: str(),
    email: str(),
    mobile: str('10+ digits once ( ) space - are removed'),
    streetName: str(),
    addressLine2: str(),
    city: str(),
    state: str('a US state or Canadian province'),
    postalCode: str('US ZIP 12345[-6789], Canadian A1A 1A1'),
    country: oneOf(['US', 'CA']),
  },
  [],
  'A shipping address, judged by core’s address rules',
);

const CART_ACTION = body(
  {
    action: oneOf([
      'addLineItem',
      'addbundle',
      'removeLineItem',
      'changeLineItemQuantity',
      'setShippingAddress',
      'setShippingMethod',
      'recalculate',
    ]),
    sku: str('addLineItem, addbundle'),
    quantity: quantity(0),
    lineItemShipping: body(
      { salesChannel: str(), roomInfo: str(), customQuantity: int(), overage: int() },
      [],
    ),
    lineItemId: str('removeLineItem, changeLineItemQuantity'),
    address: ADDRESS_INPUT,
    methodId: oneOf(['standard', 'expedited', 'freight'], 'setShippingMethod'),
    updateProductData: bool('recalculate'),
  },
  ['action'],
);

const CART_UPDATE_MEMBERS = {
  version: VERSION,
  actions: { type: 'array', minItems: 1, maxItems: MAX_ACTIONS, items: CART_ACTION },
} as const;

export const CART_CREATE = body(
  {
    currency: oneOf(['USD', 'CAD']),
    taxMode: oneOf(['Platform']),
    customerEmail: str('A guest cart’s e-mail; a customer’s comes from the token'),
  },
  ['currency', 'taxMode'],
);
export const CART_UPDATE = body(CART_UPDATE_MEMBERS, ['version', 'actions']);
export const CART_UPDATE_V2 = body({ cartId: id('The cart'), ...CART_UPDATE_MEMBERS }, [
  'cartId',
  'version',
  'actions',
]);
const DISCOUNT_MEMBERS = {
  version: VERSION,
  code: str('The code to apply'),
  removeDiscountCodeId: str('The applied code to remove (instead of `code`)'),
} as const;
export const CART_DISCOUNT = body(DISCOUNT_MEMBERS, ['version']);
export const CART_DISCOUNT_V2 = body({ cartId: id('The cart'), ...DISCOUNT_MEMBERS }, [
  'cartId',
  'version',
]);
export const VERSION_ONLY = body({ version: VERSION }, ['version']);
export const CART_ID_ONLY = body({ cartId: id('The cart') }, ['cartId']);
export const ANONYMOUS_ID = body({ anonymousId: { type: 'string', maxLength: 128 } }, [
  'anonymousId',
]);

// --- checkout ---

const CART_REF = { cartId: id('The cart'), version: VERSION } as const;

export const SHIPPING_COST = body({ ...CART_REF, address: ADDRESS_INPUT }, [
  'cartId',
  'version',
  'address',
]);
export const ASSIGN_SHIPMENT = body(
  { ...CART_REF, methodId: oneOf(['standard', 'expedited', 'freight']) },
  ['cartId', 'version', 'methodId'],
);
export const PAYMENT = body(
  {
    ...CART_REF,
    method: oneOf(['card', 'paypal', 'finance']),
    card: body(
      {
        number: str(),
        expiryMonth: { type: 'integer', minimum: 1, maximum: 12 },
        expiryYear: int(),
        securityCode: str('3 digits, 4 for Amex'),
        holderName: str(),
      },
      ['number', 'expiryMonth', 'expiryYear', 'securityCode', 'holderName'],
      "method 'card'",
    ),
    paypalToken: str("method 'paypal': the approved sandbox token"),
    applicationId: str("method 'finance': the approved sandbox application"),
  },
  ['cartId', 'version', 'method'],
);
export const SUBMIT = body(
  { ...CART_REF, totalCents: cents('The total to pay the shopper was shown for that version') },
  ['cartId', 'version'],
);

// --- orders ---

export const FIND_MY_ORDERS = body(
  {
    email: { type: 'string', maxLength: 254 },
    orderId: { type: 'string', maxLength: 40, description: 'The order number' },
  },
  ['email', 'orderId'],
);
export const ADVANCE = {
  type: 'object',
  properties: { to: oneOf(ORDER_STATUSES, 'Only Cancelled moves other than one step') },
  additionalProperties: false,
  nullable: true,
  description: 'No body, `{}` or `{to}`',
} as const;

// --- shopping lists ---

export const LIST_CREATE = body(
  {
    name: body({ 'en-US': oneOf(['Favorites', 'MyProducts', 'MyServices']) }, ['en-US']),
  },
  ['name'],
);
export const LIST_ADD = body(
  {
    version: VERSION,
    actions: arrayOf(
      body(
        {
          action: oneOf(['addLineItem']),
          sku: str('master or variant SKU'),
          quantity: { type: 'integer', enum: [1] },
          custom: body({ type: body({ key: oneOf(['lineItemShoppingList']) }, ['key']) }, []),
        },
        ['action', 'sku'],
      ),
    ),
  },
  ['version', 'actions'],
);
export const LIST_REMOVE = body(
  {
    version: VERSION,
    actions: arrayOf(
      body(
        {
          action: oneOf(['removeLineItem', 'removeTextLineItem']),
          lineItemId: str(),
          textLineItemId: str(),
        },
        ['action'],
      ),
    ),
  },
  ['version', 'actions'],
);

// --- payment sandbox ---

export const FINANCE_APPLICATION = body(
  {
    finance_plan_id: str(),
    deposit_percentage: { type: 'integer', minimum: 0, maximum: 100 },
    applicants: arrayOf(
      body({ firstName: str(), lastName: str(), email: str(), phoneNumber: str() }, [
        'firstName',
        'lastName',
        'email',
        'phoneNumber',
      ]),
    ),
    order_items: arrayOf(
      body({ name: str(), quantity: int(), price: cents() }, ['name', 'quantity', 'price']),
    ),
    urls: body({ merchant_redirect_url: str(), merchant_checkout_url: str() }, [
      'merchant_redirect_url',
      'merchant_checkout_url',
    ]),
    metadata: body({ cartId: str(), version: VERSION, paymentSource: str(), planOption: str() }, [
      'cartId',
      'version',
      'paymentSource',
      'planOption',
    ]),
  },
  ['finance_plan_id', 'deposit_percentage', 'applicants', 'order_items', 'urls', 'metadata'],
);
