/**
 * ShoppingListGateway over the API (spec §7 "Shopping lists", docs/api.md): a stale version (409
 * ConcurrentModification) becomes VersionConflictError with the server's current version, a list that
 * is not the shopper's (404) ListNotFoundError, bad fields (400: an unknown SKU, a full list, a
 * line not on the list) core's FieldsError; other failures stay ApiErrors.
 */
import { VersionConflictError, ListNotFoundError } from '../../../core/lists/errors';
import type { ShoppingListGateway } from '../../../core/lists/ports';
import type { ShoppingList, ShoppingListName } from '../../../core/lists/shopping-list';
import type { ApiClient } from '../api-client';
import { ApiError, fieldsErrorOf, staleVersionOf } from '../api-error';
import { ShoppingListCodec, ShoppingListResultsCodec } from './shopping-list.codec';

/** The custom type every list line is added with (spec §7). */
export const LINE_ITEM_TYPE = { type: { key: 'lineItemShoppingList' } } as const;

const mapListError = (error: unknown, listId: string): unknown => {
  if (!(error instanceof ApiError)) return error;
  const current = staleVersionOf(error);
  if (current !== null) return new VersionConflictError('list', current);
  if (error.kind === 'notFound') return new ListNotFoundError(listId);
  return fieldsErrorOf(error) ?? error;
};

export class HttpShoppingListGateway implements ShoppingListGateway {
  constructor(private readonly api: Pick<ApiClient, 'get' | 'post'>) {}

  async getLists(name: ShoppingListName): Promise<readonly ShoppingList[]> {
    const answer = await this.api.get(
      `/shopping-list/${encodeURIComponent(name)}`,
      ShoppingListResultsCodec,
    );
    return answer.results;
  }

  createList(name: ShoppingListName): Promise<ShoppingList> {
    return this.api.post('/shopping-list/create', { name: { 'en-US': name } }, ShoppingListCodec);
  }

  async addLineItem(listId: string, version: number, sku: string): Promise<ShoppingList> {
    try {
      return await this.api.post(
        `/shopping-list/add/${encodeURIComponent(listId)}`,
        { version, actions: [{ action: 'addLineItem', sku, quantity: 1, custom: LINE_ITEM_TYPE }] },
        ShoppingListCodec,
        { params: { type: 'product' } },
      );
    } catch (error) {
      throw mapListError(error, listId);
    }
  }

  async removeLineItem(listId: string, version: number, lineItemId: string): Promise<ShoppingList> {
    try {
      return await this.api.post(
        `/shopping-list/remove/items/${encodeURIComponent(listId)}`,
        { version, actions: [{ action: 'removeLineItem', lineItemId }] },
        ShoppingListCodec,
      );
    } catch (error) {
      throw mapListError(error, listId);
    }
  }
}
