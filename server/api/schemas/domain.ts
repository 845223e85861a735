/**
 * The answers' shapes (docs/api.md), as JSON Schema: what the storefront's io-ts codecs in
 * adapters/http read, member for member. Money is integer cents.
 */
import { SHIPPING_METHOD_IDS } from '../../../core/cart/engine/model';
import { ORDER_STATUSES } from '../../../core/orders/order';
import { SEARCH_FIELDS } from '../../search/fields';
import {
  arrayOf,
  bool,
  cents,
  closed,
  int,
  num,
  oneOf,
  open,
  str,
  textMap,
  type JsonSchema,
} from './common';

const nullable = (schema: JsonSchema): JsonSchema => ({ ...schema, nullable: true });

// --- carts ---

const DISCOUNT_VALUE: JsonSchema = {
  oneOf: [
    closed({ type: oneOf(['relative']), percent: num() }, ['type', 'percent']),
    closed({ type: oneOf(['absolute']), cents: cents() }, ['type', 'cents']),
  ],
};

export const LINE_ITEM = closed(
  {
    id: str(),
    sku: str(),
    quantity: int(),
    addedAt: str('ISO 8601'),
    productSlug: textMap('by locale'),
    name: textMap('by locale'),
    description: textMap('by locale'),
    price: closed({ value: cents(), discountedValue: cents() }, ['value']),
    discountedPrice: cents(),
    lineItemShipping: closed(
      { salesChannel: str(), roomInfo: str(), customQuantity: num(), overage: num() },
      ['salesChannel'],
    ),
    bundleParentId: str(),
    discounts: arrayOf(
      closed(
        {
          id: str(),
          kind: oneOf(['sitewide', 'cart']),
          value: DISCOUNT_VALUE,
          code: str(),
          amount: cents(),
        },
        ['id', 'kind', 'value', 'amount'],
      ),
    ),
    availableQty: int(),
    backorderable: bool(),
    leadTime: str(),
    noShipping: bool(),
    isService: bool(),
    category: str(),
    brand: str(),
    color: str(),
    image: str(),
    isComboSku: bool(),
    businessUnitName: str(),
  },
  [
    'id',
    'sku',
    'quantity',
    'addedAt',
    'productSlug',
    'name',
    'price',
    'discounts',
    'backorderable',
    'noShipping',
    'isService',
    'isComboSku',
  ],
  'CartLineItem (core/cart/cart.ts)',
);

export const SHIPPING_ADDRESS = closed(
  {
    firstName: str(),
    lastName: str(),
    email: str(),
    mobile: str(),
    streetName: str(),
    addressLine2: str(),
    city: str(),
    state: str(),
    postalCode: str(),
    country: str(),
  },
  ['firstName', 'lastName', 'email', 'mobile'],
);

/** Core's shipping methods: the contract cannot name one the engine does not price. */
const SHIPPING_METHOD_ID = oneOf(SHIPPING_METHOD_IDS);

export const CART = closed(
  {
    id: str(),
    version: int(),
    anonymousId: str(),
    cartType: str(),
    customerEmail: str(),
    currency: str('USD or CAD'),
    lineItems: arrayOf(LINE_ITEM),
    totalTax: cents(),
    shippingAddress: SHIPPING_ADDRESS,
    discountCodes: arrayOf(
      closed(
        {
          id: str(),
          code: str(),
          target: oneOf(['lineItems', 'shipping']),
          shippingDiscount: cents(),
        },
        ['id', 'code', 'target', 'shippingDiscount'],
      ),
    ),
    shippingCost: cents(),
    shippingMethodId: SHIPPING_METHOD_ID,
    freightDiscount: cents(),
  },
  [
    'id',
    'version',
    'currency',
    'lineItems',
    'totalTax',
    'discountCodes',
    'shippingCost',
    'freightDiscount',
  ],
  'Cart (core/cart/cart.ts)',
);

export const SHARED_CART = closed({ id: str(), currency: str(), lineitems: arrayOf(LINE_ITEM) }, [
  'id',
  'currency',
  'lineitems',
]);

// --- orders ---

export const ORDER = closed(
  {
    orderNumber: str(),
    parentOrderNumber: str(),
    childOrders: arrayOf(str()),
    status: oneOf(ORDER_STATUSES),
    orderType: oneOf(['WEB', 'ISC']),
    CSRAssociateId: str(),
    createdAt: str('ISO 8601'),
    email: str(),
    shippingAddress: SHIPPING_ADDRESS,
    lineItems: arrayOf(LINE_ITEM),
    totals: closed(
      { subtotal: cents(), discount: cents(), shipping: cents(), tax: cents(), total: cents() },
      ['subtotal', 'discount', 'shipping', 'tax', 'total'],
    ),
    currency: str(),
    payment: closed({ method: oneOf(['card', 'paypal', 'finance']), brand: str(), last4: str() }, [
      'method',
    ]),
  },
  [
    'orderNumber',
    'status',
    'orderType',
    'createdAt',
    'email',
    'shippingAddress',
    'lineItems',
    'totals',
    'payment',
  ],
  'Order (core/orders/order.ts)',
);

export const ORDER_RESULTS = closed({ results: arrayOf(ORDER) }, ['results']);

// --- shopping lists ---

export const SHOPPING_LIST = closed(
  {
    id: str(),
    version: int(),
    name: closed({ 'en-US': str() }, ['en-US']),
    lineItems: arrayOf(
      closed(
        {
          id: str(),
          sku: str(),
          productSlug: str(),
          name: str(),
          addedAt: str('ISO 8601'),
          image: str(),
        },
        ['id', 'sku', 'productSlug', 'name', 'addedAt'],
      ),
    ),
  },
  ['id', 'version', 'name', 'lineItems'],
  'ShoppingList (core/lists/shopping-list.ts)',
);

// --- customer ---

export const TOKEN_GRANT = closed(
  {
    access_token: str(),
    refresh_token: str(),
    expires_in: int('seconds'),
    revalidate_in: int('seconds'),
    scopes: arrayOf(str()),
    token_type: oneOf(['Bearer']),
  },
  ['access_token', 'refresh_token', 'expires_in', 'scopes', 'token_type'],
);

export const SAVED_ADDRESS = closed(
  {
    id: str(),
    key: str(),
    firstName: str(),
    lastName: str(),
    mobile: str(),
    streetName: str(),
    additionalStreetInfo: str('addressLine2'),
    additionalAddressInfo: str('addressLine3'),
    city: str(),
    region: str('county'),
    state: str(),
    postalCode: str(),
    country: str(),
    custom: closed(
      {
        type: closed({ key: str() }, ['key']),
        fields: closed({ label: nullable(str("'Profile' marks the profile address")) }),
      },
      ['type', 'fields'],
    ),
    isDefault: bool(),
  },
  ['id', 'country'],
  'A saved address',
);

const BOOK_MEMBERS = {
  version: int(),
  addresses: arrayOf(SAVED_ADDRESS),
  defaultShippingAddressId: str(),
} as const;

export const ADDRESS_BOOK = closed(
  {
    ...BOOK_MEMBERS,
    profileDetail: closed(BOOK_MEMBERS, ['version', 'addresses']),
  },
  ['version', 'addresses'],
);

export const PROFILE = closed(
  {
    ...BOOK_MEMBERS,
    firstName: str(),
    lastName: str(),
    companyName: str(),
    businessType: str(),
    businessSubtype: str(),
    businessZipCode: str(),
  },
  ['version', 'addresses', 'firstName', 'lastName'],
);

// --- search ---

const FIELD_SCHEMA: Readonly<Record<string, JsonSchema>> = {
  string: str(),
  strings: arrayOf(str()),
  number: num(),
  date: str('ISO 8601'),
  boolean: bool(),
};

/** One search document: the fields of server/search/fields.ts and `attr_{name}_s`. */
export const SEARCH_DOCUMENT: JsonSchema = {
  type: 'object',
  description: 'A search document (docs/api.md "Search documents"); `fl` keeps some fields only',
  properties: {
    ...Object.fromEntries(
      Object.entries(SEARCH_FIELDS).map(([name, spec]) => [name, FIELD_SCHEMA[spec.type]]),
    ),
    score: num('relevance, when asked for in `fl`'),
  },
  // The `attr_{name}_s` attributes (OpenAPI 3.0 has no patternProperties): every other member is one.
  additionalProperties: str('attr_{name}_s: a facetable attribute'),
};

const FACET_VALUES = arrayOf({ anyOf: [str(), int()] }, 'value, count, value, count, …');

export const SEARCH_ANSWER = closed(
  {
    responseHeader: closed({ status: int(), QTime: int() }, ['status', 'QTime']),
    response: closed({ numFound: int(), start: int(), docs: arrayOf(SEARCH_DOCUMENT) }, [
      'numFound',
      'start',
      'docs',
    ]),
    facet_counts: closed(
      {
        facet_fields: { type: 'object', additionalProperties: FACET_VALUES },
        facet_ranges: {
          type: 'object',
          additionalProperties: closed(
            { counts: FACET_VALUES, gap: num(), start: num(), end: num() },
            ['counts', 'gap', 'start', 'end'],
          ),
        },
      },
      ['facet_fields', 'facet_ranges'],
    ),
    spellcheck: closed(
      { correctlySpelled: bool(), collations: arrayOf(str()), suggestionExactMatch: bool() },
      ['correctlySpelled', 'collations', 'suggestionExactMatch'],
    ),
  },
  ['responseHeader', 'response'],
);

export const FOUND_DOCUMENTS = closed({ numFound: int(), docs: arrayOf(SEARCH_DOCUMENT) }, [
  'numFound',
  'docs',
]);

// --- catalogue ---

const MONEY = closed(
  {
    type: oneOf(['centPrecision']),
    currencyCode: str(),
    centAmount: int(),
    fractionDigits: int(),
  },
  ['type', 'currencyCode', 'centAmount', 'fractionDigits'],
);

const PROJECTION_VARIANT = closed(
  {
    id: int(),
    sku: str(),
    key: str(),
    prices: arrayOf(
      closed(
        {
          id: str(),
          country: str(),
          value: MONEY,
          discounted: closed({ value: MONEY }, ['value']),
        },
        ['id', 'country', 'value'],
      ),
    ),
    images: arrayOf(open({ url: str() }, ['url'])),
    attributes: arrayOf(closed({ name: str(), value: {} }, ['name', 'value'])),
    availability: closed({ isOnStock: bool(), availableQuantity: int() }, [
      'isOnStock',
      'availableQuantity',
    ]),
  },
  ['id', 'sku', 'key', 'prices', 'images', 'attributes', 'availability'],
);

const REFERENCE = closed({ typeId: str(), id: str() }, ['typeId', 'id']);

export const PRODUCT_PROJECTION = closed(
  {
    id: str('the ctId'),
    key: str('the master SKU'),
    version: int(),
    createdAt: str(),
    lastModifiedAt: str(),
    productType: REFERENCE,
    name: textMap(),
    description: textMap(),
    slug: textMap(),
    categories: arrayOf(REFERENCE),
    masterVariant: PROJECTION_VARIANT,
    variants: arrayOf(PROJECTION_VARIANT),
    reviewRatingStatistics: closed({ averageRating: num(), count: int() }, [
      'averageRating',
      'count',
    ]),
    published: bool(),
    hasStagedChanges: bool(),
  },
  ['id', 'key', 'name', 'slug', 'masterVariant', 'variants'],
  'commercetools-style ProductProjection',
);

/** A content component (core/content/page-model.ts): its `type` and the members that type has. */
export const COMPONENT = open({ type: str() }, [], 'core/content/page-model.ts component');
