/**
 * Catalogue facts for tests of core's cart engine: one item with plain defaults (a white
 * toilet, 100 in stock, $100), each field overridable, so a test names only what it varies.
 */
import type { ItemFacts } from '../../../../core/cart/engine/model';

export const itemFacts = (sku: string, over: Partial<ItemFacts> = {}): ItemFacts => ({
  sku,
  productSku: sku,
  finishCode: 'WH',
  title: sku,
  slug: sku.toLowerCase(),
  description: '',
  categorySlug: 'toilets',
  categoryName: 'Toilets',
  department: 'bathroom',
  brand: 'Lavabo',
  color: 'White',
  image: `/images/${sku}.svg`,
  kind: 'finished-good',
  listCents: 10_000,
  saleCents: null,
  availableQty: 100,
  backorderable: false,
  leadTimeDays: null,
  freight: false,
  noShipStates: [],
  superSkuComponents: [],
  requiredItems: [],
  ...over,
});
