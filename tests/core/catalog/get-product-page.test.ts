import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availabilityOf,
  GetProductPage,
  GetProductsBySku,
  LOW_STOCK_THRESHOLD,
  possibleMasterSku,
  productPageLayout,
  shippingNotes,
  slugFromParam,
  type Availability,
} from '../../../core/catalog/get-product-page';
import { InMemoryCatalog, makeProduct, sku } from './product-fixtures';

describe('slugFromParam', () => {
  it('strips one .html suffix and surrounding space', () => {
    expect(slugFromParam('faucet-k-4120.html')).toBe('faucet-k-4120');
    expect(slugFromParam(' faucet-k-4120.HTML ')).toBe('faucet-k-4120');
    expect(slugFromParam('faucet-k-4120')).toBe('faucet-k-4120');
    expect(slugFromParam('a.html.html')).toBe('a.html');
  });
});

describe('GetProductPage', () => {
  const valve = makeProduct('K-100');
  const tank = makeProduct('K-200');
  const sink = makeProduct('K-300');
  const model = makeProduct('K-400');
  const trim = makeProduct('K-500', {
    slug: 'shower-trim',
    requiredItems: [sku('K-100')],
    superSkuComponents: [sku('K-200'), sku('K-999')],
    pairsWellWith: [sku('K-300'), sku('K-100')],
    fitsModels: [sku('K-400')],
  });

  it('finds the product by slug (with .html) and splits its linked tiles in one call', async () => {
    const catalog = new InMemoryCatalog([valve, tank, sink, model, trim]);
    const page = await new GetProductPage(catalog).execute('shower-trim.html');
    expect(page?.product.sku).toBe('K-500');
    expect(page?.requiredItems.map((p) => p.sku)).toEqual(['K-100']);
    expect(page?.superSkuComponents.map((p) => p.sku)).toEqual(['K-200']);
    expect(page?.pairsWellWith.map((p) => p.sku)).toEqual(['K-300', 'K-100']);
    expect(page?.fitsModels.map((p) => p.sku)).toEqual(['K-400']);
    expect(catalog.calls.bySkus).toBe(1);
  });

  it('answers null for an unknown slug, without asking for tiles', async () => {
    const catalog = new InMemoryCatalog([trim]);
    expect(await new GetProductPage(catalog).execute('nothing-here')).toBeNull();
    expect(catalog.calls.bySkus).toBe(0);
  });

  it('keeps the page when the linked tiles fail', async () => {
    const catalog = new InMemoryCatalog([trim]);
    catalog.bySkus = () => Promise.reject(new Error('down'));
    const page = await new GetProductPage(catalog).execute('shower-trim');
    expect(page?.product.sku).toBe('K-500');
    expect(page?.requiredItems).toEqual([]);
  });

  it('does not ask for tiles when the product links to none', async () => {
    const catalog = new InMemoryCatalog([valve]);
    await new GetProductPage(catalog).execute(valve.slug);
    expect(catalog.calls.bySkus).toBe(0);
  });
});

describe('GetProductsBySku', () => {
  const a = makeProduct('K-4120');
  const b = makeProduct('K-77');
  const catalog = () => new InMemoryCatalog([a, b]);

  it('finds products by master or variant SKU, in the order asked, each once', async () => {
    const found = await new GetProductsBySku(catalog()).execute([
      'K-77',
      'k-4120-bl',
      'K-4120',
      'K-nope',
    ]);
    expect(found.map((p) => p.sku)).toEqual(['K-77', 'K-4120']);
  });

  it('answers nothing for no SKUs, without a call', async () => {
    const c = catalog();
    expect(await new GetProductsBySku(c).execute([' ', ''])).toEqual([]);
    expect(c.calls.bySkus).toBe(0);
  });

  it('derives the possible master of a variant SKU', () => {
    expect(possibleMasterSku('K-4120-BL')).toBe('K-4120');
    expect(possibleMasterSku('K-4120')).toBeNull();
    expect(possibleMasterSku('4120')).toBeNull();
  });
});

describe('productPageLayout (standard vs extended)', () => {
  it('is extended exactly when the product has reviews or pairs-well-with products', () => {
    fc.assert(
      fc.property(
        fc.nat(50),
        fc.array(fc.constantFrom('K-1', 'K-2'), { maxLength: 3 }),
        (reviewCount, pairs) => {
          const layout = productPageLayout({ reviewCount, pairsWellWith: pairs.map(sku) });
          expect(layout === 'extended').toBe(reviewCount > 0 || pairs.length > 0);
        },
      ),
    );
  });
});

describe('availabilityOf: every combination', () => {
  const bools = [false, true] as const;
  const quantities = [null, 0, 1, LOW_STOCK_THRESHOLD, LOW_STOCK_THRESHOLD + 1] as const;
  const categories = ['kitchen-faucets', 'design-services', 'Install Services'] as const;

  const cases = bools.flatMap((productDiscontinued) =>
    bools.flatMap((retailExclusive) =>
      bools.flatMap((backorderable) =>
        categories.flatMap((category) =>
          [null, 'live', 'discontinued', 'out'].flatMap((finishState) =>
            quantities.map((quantity) => ({
              productDiscontinued,
              retailExclusive,
              backorderable,
              category,
              finishState,
              quantity,
            })),
          ),
        ),
      ),
    ),
  );

  it(`covers all ${cases.length} combinations, first match wins`, () => {
    for (const c of cases) check(c);
  });

  function check(c: (typeof cases)[number]): void {
    const result: Availability = availabilityOf({
      product: {
        discontinued: c.productDiscontinued,
        retailExclusive: c.retailExclusive,
        category: c.category,
        backorderable: c.backorderable,
        leadTimeDays: 12,
      },
      finish:
        c.finishState === null
          ? null
          : { discontinued: c.finishState === 'discontinued', outOfStock: c.finishState === 'out' },
      quantity: c.quantity,
    });
    const service = c.category !== 'kitchen-faucets';
    const none = c.quantity === null ? c.finishState === 'out' : c.quantity <= 0;
    if (c.productDiscontinued || c.finishState === 'discontinued') {
      expect(result).toEqual({ kind: 'discontinued' });
    } else if (c.retailExclusive) {
      expect(result).toEqual({ kind: 'retail-exclusive' });
    } else if (service) {
      expect(result).toEqual({ kind: 'service' });
    } else if (none) {
      expect(result).toEqual(
        c.backorderable ? { kind: 'back-ordered', leadTimeDays: 12 } : { kind: 'out-of-stock' },
      );
    } else if (c.quantity !== null && c.quantity <= LOW_STOCK_THRESHOLD) {
      expect(result).toEqual({ kind: 'low-stock', quantity: c.quantity });
    } else {
      expect(result).toEqual({ kind: 'in-stock' });
    }
  }

  it('a known quantity outranks the finish flag', () => {
    const product = {
      discontinued: false,
      retailExclusive: false,
      category: 'kitchen-faucets',
      backorderable: false,
      leadTimeDays: null,
    };
    expect(
      availabilityOf({ product, finish: { discontinued: false, outOfStock: true }, quantity: 30 }),
    ).toEqual({ kind: 'in-stock' });
    expect(
      availabilityOf({ product, finish: { discontinued: false, outOfStock: false }, quantity: 0 }),
    ).toEqual({ kind: 'out-of-stock' });
  });
});

describe('shippingNotes', () => {
  it('notes freight and the states it cannot ship to (trimmed, once each)', () => {
    expect(shippingNotes({ freight: false, noShipStates: [] })).toEqual([]);
    expect(shippingNotes({ freight: true, noShipStates: ['HI', ' AK', 'HI', ''] })).toEqual([
      { kind: 'freight' },
      { kind: 'no-ship', states: ['HI', 'AK'] },
    ]);
  });
});
