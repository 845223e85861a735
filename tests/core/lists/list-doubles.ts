/** An in-memory ShoppingListGateway with the server's version rules, and hooks to race it. */
import { VersionConflictError, ListNotFoundError } from '../../../core/lists/errors';
import type { ShoppingListGateway } from '../../../core/lists/ports';
import type { ShoppingList, ShoppingListName } from '../../../core/lists/shopping-list';

export class MemoryListGateway implements ShoppingListGateway {
  lists: ShoppingList[] = [];
  calls: string[] = [];
  /** Runs before each add/remove is checked: lets a test play "another tab" changing the list. */
  beforeWrite: (() => void) | null = null;
  private counter = 0;

  constructor(initial: readonly string[] | null = null) {
    if (initial !== null) {
      this.lists.push({
        id: 'list-1',
        version: 1 + initial.length,
        name: { 'en-US': 'Favorites' },
        lineItems: initial.map((sku) => this.line(sku)),
      });
    }
  }

  get favorites(): ShoppingList | undefined {
    return this.lists.find((l) => l.name['en-US'] === 'Favorites');
  }

  skus(): string[] {
    return this.favorites?.lineItems.map((l) => l.sku) ?? [];
  }

  async getLists(name: ShoppingListName): Promise<readonly ShoppingList[]> {
    this.calls.push(`get ${name}`);
    return this.lists.filter((l) => l.name['en-US'] === name);
  }

  async createList(name: ShoppingListName): Promise<ShoppingList> {
    this.calls.push(`create ${name}`);
    const existing = this.lists.find((l) => l.name['en-US'] === name);
    if (existing !== undefined) return existing;
    const list: ShoppingList = {
      id: `list-${++this.counter + 100}`,
      version: 1,
      name: { 'en-US': name },
      lineItems: [],
    };
    this.lists.push(list);
    return list;
  }

  async addLineItem(listId: string, version: number, sku: string): Promise<ShoppingList> {
    this.calls.push(`add ${sku}`);
    return this.write(listId, version, (list) =>
      list.lineItems.some((l) => l.sku === sku)
        ? list.lineItems
        : [...list.lineItems, this.line(sku)],
    );
  }

  async removeLineItem(listId: string, version: number, lineItemId: string): Promise<ShoppingList> {
    this.calls.push(`remove ${lineItemId}`);
    return this.write(listId, version, (list) => {
      if (!list.lineItems.some((l) => l.id === lineItemId))
        throw new Error(`no line ${lineItemId}`);
      return list.lineItems.filter((l) => l.id !== lineItemId);
    });
  }

  /** Another tab's change: the list moves on a version without this client knowing. */
  otherTab(change: { add?: string; remove?: string }): void {
    const list = this.favorites;
    if (list === undefined) return;
    let lines = list.lineItems;
    if (change.add !== undefined && !lines.some((l) => l.sku === change.add)) {
      lines = [...lines, this.line(change.add)];
    }
    if (change.remove !== undefined) lines = lines.filter((l) => l.sku !== change.remove);
    this.replace({ ...list, version: list.version + 1, lineItems: lines });
  }

  private write(
    listId: string,
    version: number,
    change: (list: ShoppingList) => ShoppingList['lineItems'],
  ): ShoppingList {
    const hook = this.beforeWrite;
    this.beforeWrite = null;
    hook?.();
    const list = this.lists.find((l) => l.id === listId);
    if (list === undefined) throw new ListNotFoundError(listId);
    if (list.version !== version) throw new VersionConflictError('list', list.version);
    const next = { ...list, version: list.version + 1, lineItems: change(list) };
    this.replace(next);
    return next;
  }

  private replace(next: ShoppingList): void {
    this.lists = this.lists.map((l) => (l.id === next.id ? next : l));
  }

  private line(sku: string) {
    this.counter += 1;
    return {
      id: `line-${this.counter}`,
      sku,
      productSlug: sku.toLowerCase(),
      name: `Product ${sku}`,
      addedAt: new Date(Date.UTC(2026, 0, 1) + this.counter * 1000).toISOString(),
    };
  }
}
