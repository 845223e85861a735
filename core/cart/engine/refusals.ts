/**
 * The core error each refusal of the cart engine is, as the shop's cart API reports it to a client
 * (its 4xx answer, decoded by the HTTP adapter): one mapping for everything that runs the engine
 * in the tab — the offline demo's fake cart and the core tests' cart — so a refusal reads the
 * same whichever side made it (tests/adapters/cart/cart-gateway.contract.test.ts).
 */
import { FieldsError, INVALID_FIELD, VersionConflictError } from '../../shared/errors';
import {
  discountCodeError,
  LineItemNotFoundError,
  OutOfStockError,
  type CartError,
} from '../errors';
import type { EngineError } from './model';

/** A 400 InvalidField naming `field`, with the server's message. */
export const invalidCartField = (field: string, message: string): FieldsError =>
  new FieldsError([{ field, code: INVALID_FIELD, message }], message);

export const cartErrorOf = (error: EngineError): CartError | FieldsError => {
  switch (error.kind) {
    case 'conflict':
      return new VersionConflictError('cart', error.currentVersion);
    case 'invalid':
      return invalidCartField(error.field, error.message);
    case 'unknownSku':
      return invalidCartField('sku', `${error.field} ${error.sku} is not in the catalogue`);
    case 'outOfStock':
      return new OutOfStockError(error.skus);
    case 'lineItemNotFound':
      return new LineItemNotFoundError(error.lineItemId);
    case 'discount':
      return discountCodeError(error.code, error.discountCode, {
        reason: error.reason,
        ...(error.minimumCents === undefined ? {} : { minimumCents: error.minimumCents }),
      });
  }
};
