/**
 * Shopping lists (spec §7 "Shopping lists", docs/api.md): the caller's Favorites, MyProducts and
 * MyServices lists. Thin: the body is checked here (a 400 names the field), the rules are
 * ShoppingListService's. Guests keep lists too, under their token's anonymousId.
 */
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { Database } from '../db/database';
import { ownerOfRequest } from '../http/caller';
import { invalidField } from '../http/input';
import {
  isListId,
  isListName,
  LIST_NAMES,
  parseAdd,
  parseCreate,
  parseRemove,
} from '../lists/parse';
import { notFound, ShoppingListService } from '../lists/shopping-list-service';
import { answers, arrayOf, checkedByRoute, closed, pathParams } from './schemas/common';
import { SHOPPING_LIST } from './schemas/domain';
import { LIST_ADD, LIST_CREATE, LIST_REMOVE } from './schemas/requests';

const describe = (summary: string, description: string): FastifySchema => ({
  tags: ['Shopping lists'],
  summary,
  description,
});

const LIST_SHAPE =
  "ShoppingList = `{id, version, name: {'en-US'}, lineItems: [{id, sku, productSlug, name, addedAt, image?}]}`";

const listIdParam = (request: FastifyRequest): string => {
  const { id } = request.params as { id: string };
  if (!isListId(id)) throw notFound(id);
  return id;
};

export const shoppingListRoutes = (app: FastifyInstance, db: Database): void => {
  const lists = new ShoppingListService(db);

  app.get(
    '/api/shopping-list/:name',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          "The caller's lists of one name",
          `\`{results: [ShoppingList]}\` ([] when there is none); name is ${LIST_NAMES.join(', ')}, else 400. ${LIST_SHAPE}.`,
        ),
        params: pathParams({ name: { type: 'string', enum: [...LIST_NAMES] } }),
        response: answers({ 200: closed({ results: arrayOf(SHOPPING_LIST) }, ['results']) }),
      },
    },
    async (request) => {
      const owner = ownerOfRequest(request);
      const { name } = request.params as { name: string };
      if (!isListName(name)) throw invalidField('name', `must be one of ${LIST_NAMES.join(', ')}`);
      return { results: await lists.listsNamed(owner, name) };
    },
  );

  app.post(
    '/api/shopping-list/create',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          'Create a list',
          "Body `{name: {'en-US': 'Favorites'}}` → 201 ShoppingList (version 1). The caller has one list per name: when it exists already the answer is 200 with that list.",
        ),
        body: LIST_CREATE,
        response: answers({
          200: { ...SHOPPING_LIST, description: 'The list the caller had already' },
          201: SHOPPING_LIST,
        }),
      },
    },
    async (request, reply) => {
      const owner = ownerOfRequest(request);
      const name = parseCreate(request.body);
      const { list, created } = await lists.create(owner, name);
      return reply.code(created ? 201 : 200).send(list);
    },
  );

  app.post(
    '/api/shopping-list/add/:id',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          'Add products to a list',
          "Query `type=product`. Body `{version, actions: [{action: 'addLineItem', sku, quantity: 1, custom: {type: {key: 'lineItemShoppingList'}}}]}` → ShoppingList with the version bumped. A SKU already on the list stays once. Unknown SKU → 400 naming `actions[i].sku`; stale version → 409 `ConcurrentModification` with `currentVersion`; another's list → 404.",
        ),
        params: pathParams({ id: 'The list id' }),
        querystring: closed({ type: { type: 'string', enum: ['product'] } }),
        body: LIST_ADD,
        response: answers({ 200: SHOPPING_LIST }, { errors: [404, 409] }),
      },
    },
    async (request) => {
      const owner = ownerOfRequest(request);
      const id = listIdParam(request);
      const { type } = request.query as { type?: unknown };
      const { version, skus } = parseAdd(request.body, type);
      return lists.addItems(owner, id, version, skus);
    },
  );

  app.post(
    '/api/shopping-list/remove/items/:id',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          'Remove lines from a list',
          "Body `{version, actions: [{action: 'removeLineItem', lineItemId}]}` → ShoppingList with the version bumped. A line not on the list → 400 naming `actions[i].lineItemId`; stale version → 409; another's list → 404.",
        ),
        params: pathParams({ id: 'The list id' }),
        body: LIST_REMOVE,
        response: answers({ 200: SHOPPING_LIST }, { errors: [404, 409] }),
      },
    },
    async (request) => {
      const owner = ownerOfRequest(request);
      const id = listIdParam(request);
      const { version, actions } = parseRemove(request.body);
      return lists.removeItems(owner, id, version, actions);
    },
  );
};
