/**
 * Shopping lists in the tab for the offline demo and UI tests, with the server's rules
 * (docs/api.md "Shopping lists"): one list per name and owner, versions checked and bumped on every
 * change (a stale one throws VersionConflictError with the current version), a product once per list,
 * at most MAX_LIST_ITEMS of them (core/lists/limits.ts), unknown SKUs refused (FieldsError, as the
 * HTTP gateway reports the server's 400), and another owner's list not found.
 */
import { VersionConflictError, ListNotFoundError } from '../../../core/lists/errors';
import { LIST_FULL_MESSAGE, LIST_LIMIT_REACHED, mayAddToList } from '../../../core/lists/limits';
import type { ShoppingListGateway } from '../../../core/lists/ports';
import {
  isOnList,
  type ShoppingList,
  type ShoppingListLineItem,
  type ShoppingListName,
} from '../../../core/lists/shopping-list';
import type { Clock } from '../../../core/shared/clock';
import { FieldsError, INVALID_FIELD } from '../../../core/shared/errors';
import type { SearchDocument } from '../../http/catalog/search-document.codec';
import type { DemoData } from '../demo-data';

/** Bad input, as the HTTP gateway reports the server's 400 naming the field. */
const refused = (
  field: string,
  code: string,
  message: string,
  text = `${field} ${message}`,
): FieldsError => new FieldsError([{ field, code, message }], text);

interface CatalogueEntry {
  readonly slug: string;
  readonly name: string;
  readonly image?: string;
}

const imageOf = (doc: SearchDocument, sku: string): string | undefined => {
  const urls = (doc['productImages.labelWithUrl_ss'] ?? [])
    .map((entry) => entry.split('|')[1] ?? '')
    .filter((url) => url !== '');
  const variants = doc['variantList.sku_ss'] ?? [];
  const own = variants.indexOf(sku);
  return urls[own >= 0 ? own : 0];
};

/** Every master and variant SKU of the demo catalogue → what a list line shows. */
const catalogueIndex = (docs: readonly SearchDocument[]): ReadonlyMap<string, CatalogueEntry> => {
  const index = new Map<string, CatalogueEntry>();
  for (const doc of docs) {
    for (const sku of [doc.sku_s, ...(doc['variantList.sku_ss'] ?? [])]) {
      const key = sku.trim().toUpperCase();
      if (index.has(key)) continue;
      const image = imageOf(doc, sku);
      index.set(key, {
        slug: doc.slug_s,
        name: doc.Product_Title_s,
        ...(image === undefined ? {} : { image }),
      });
    }
  }
  return index;
};

interface StoredList {
  readonly owner: string;
  list: ShoppingList;
}

export class FakeShoppingListGateway implements ShoppingListGateway {
  private readonly lists = new Map<string, StoredList>();
  private readonly catalogue: ReadonlyMap<string, CatalogueEntry>;
  private counter = 0;

  constructor(
    data: Pick<DemoData, 'documents'>,
    private readonly clock: Clock,
    /** Whose lists calls act on (the demo has one shopper per tab). */
    private readonly owner: () => string = () => 'demo-shopper',
  ) {
    this.catalogue = catalogueIndex(data.documents);
  }

  async getLists(name: ShoppingListName): Promise<readonly ShoppingList[]> {
    const owner = this.owner();
    return [...this.lists.values()]
      .filter((s) => s.owner === owner && s.list.name['en-US'] === name)
      .map((s) => s.list);
  }

  async createList(name: ShoppingListName): Promise<ShoppingList> {
    const [existing] = await this.getLists(name);
    if (existing !== undefined) return existing;
    const list: ShoppingList = {
      id: this.nextId('list'),
      version: 1,
      name: { 'en-US': name },
      lineItems: [],
    };
    this.lists.set(list.id, { owner: this.owner(), list });
    return list;
  }

  async addLineItem(listId: string, version: number, sku: string): Promise<ShoppingList> {
    const stored = this.owned(listId, version);
    const key = sku.trim().toUpperCase();
    const entry = this.catalogue.get(key);
    if (entry === undefined) {
      throw refused('actions[0].sku', INVALID_FIELD, `${key} is not in the catalogue`);
    }
    const has = isOnList(stored.list, key);
    if (!mayAddToList(stored.list, key)) {
      throw refused(
        'actions',
        LIST_LIMIT_REACHED,
        LIST_FULL_MESSAGE,
        `actions: ${LIST_FULL_MESSAGE}`,
      );
    }
    const line: ShoppingListLineItem = {
      id: this.nextId('line'),
      sku: key,
      productSlug: entry.slug,
      name: entry.name,
      addedAt: new Date(this.clock.now()).toISOString(),
      ...(entry.image === undefined ? {} : { image: entry.image }),
    };
    return this.save(stored, has ? stored.list.lineItems : [...stored.list.lineItems, line]);
  }

  async removeLineItem(listId: string, version: number, lineItemId: string): Promise<ShoppingList> {
    const stored = this.owned(listId, version);
    if (!stored.list.lineItems.some((l) => l.id === lineItemId)) {
      throw refused('actions[0].lineItemId', INVALID_FIELD, `${lineItemId} is not on the list`);
    }
    return this.save(
      stored,
      stored.list.lineItems.filter((l) => l.id !== lineItemId),
    );
  }

  private owned(listId: string, version: number): StoredList {
    const stored = this.lists.get(listId);
    if (stored === undefined || stored.owner !== this.owner()) throw new ListNotFoundError(listId);
    if (stored.list.version !== version)
      throw new VersionConflictError('list', stored.list.version);
    return stored;
  }

  private save(stored: StoredList, lineItems: readonly ShoppingListLineItem[]): ShoppingList {
    stored.list = { ...stored.list, version: stored.list.version + 1, lineItems };
    return stored.list;
  }

  private nextId(kind: string): string {
    this.counter += 1;
    return `fake-${kind}-${this.counter}`;
  }
}
