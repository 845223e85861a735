/** io-ts codecs of the shopping-list answers (docs/api.md "Shopping lists"). */
import * as t from 'io-ts';
import type { ShoppingList } from '../../../core/lists/shopping-list';

const LineItemCodec = t.intersection([
  t.type({
    id: t.string,
    sku: t.string,
    productSlug: t.string,
    name: t.string,
    addedAt: t.string,
  }),
  t.partial({ image: t.string }),
]);

export const ShoppingListCodec: t.Type<ShoppingList, unknown, unknown> = t.type({
  id: t.string,
  version: t.number,
  name: t.type({ 'en-US': t.string }),
  lineItems: t.readonlyArray(LineItemCodec),
});

export const ShoppingListResultsCodec = t.type({ results: t.readonlyArray(ShoppingListCodec) });
