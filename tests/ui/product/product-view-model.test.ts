import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BrowsingHistoryStore } from '../../../core/catalog/ports';
import { GetProductPage } from '../../../core/catalog/get-product-page';
import type { ProductDetails } from '../../../core/catalog/product';
import { RecordRecentlyViewed } from '../../../core/catalog/record-recently-viewed';
import {
  ProductViewModel,
  REVIEWS_SHOWN_STEP,
  availabilityText,
  ratingBars,
} from '../../../ui/catalog/product/product-view-model';
import {
  InMemoryCatalog,
  finish,
  makeProduct,
  makeReviews,
  sku,
} from '../../core/catalog/product-fixtures';

class MemoryHistory implements BrowsingHistoryStore {
  recent: readonly string[] = [];
  loadRecentlyViewed() {
    return this.recent;
  }
  saveRecentlyViewed(skus: readonly string[]) {
    this.recent = skus;
  }
  loadKeywords() {
    return [];
  }
  saveKeywords() {}
}

const setup = (products: ProductDetails[], reviews = {}) => {
  const catalog = new InMemoryCatalog(products, reviews);
  const history = new MemoryHistory();
  const vm = new ProductViewModel(
    new GetProductPage(catalog),
    catalog,
    new RecordRecentlyViewed(history),
  );
  return { vm, catalog, history };
};

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const faucet = makeProduct('K-4120', {
  slug: 'avelle-faucet-k-4120',
  finishes: [
    finish('K-4120', 'CP', 'Polished Chrome', { discontinued: true }),
    finish('K-4120', 'BL', 'Matte Black'),
    finish('K-4120', 'BN', 'Brushed Nickel', { outOfStock: true }),
  ],
});

describe('ProductViewModel: ?skuid= is honoured only for listed variants', () => {
  const variantCode = fc.constantFrom('CP', 'BL', 'BN', 'BB', 'TT', 'BZ');
  const variants = fc
    .uniqueArray(fc.tuple(variantCode, fc.boolean()), {
      minLength: 1,
      maxLength: 5,
      selector: ([code]) => code,
    })
    .map((list) =>
      list.map(([code, gone]) => finish('K-9', code, `Finish ${code}`, { discontinued: gone })),
    );

  it('shows the requested variant when listed, else the first live one (or the master)', async () => {
    await fc.assert(
      fc.asyncProperty(
        variants,
        fc.option(fc.constantFrom('K-9-CP', 'k-9-bl', 'K-9-BN', 'K-9-ZZ', 'K-9', 'junk'), {
          nil: undefined,
        }),
        async (finishes, requested) => {
          const product = makeProduct('K-9', { slug: 'k9', finishes });
          const { vm } = setup([product]);
          await vm.load('k9.html', requested);
          const listed = finishes.find(
            (f) => requested !== undefined && f.sku === requested.toUpperCase(),
          );
          const expected = listed?.sku ?? finishes.find((f) => !f.discontinued)?.sku ?? product.sku;
          expect(vm.selectedSku).toBe(expected);
          expect(vm.customerFacingSku).toBe(expected.replace(/^K-/, ''));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('ProductViewModel: finish switching', () => {
  it('updates the SKU, the image and the stock line; refuses discontinued and unknown finishes', async () => {
    const { vm, catalog } = setup([faucet]);
    catalog.stockBySku.set('K-4120-BL', 3);
    catalog.stockBySku.set('K-4120-BN', 0);
    await vm.load('avelle-faucet-k-4120', undefined);
    await flush();
    expect(vm.selectedSku).toBe('K-4120-BL');
    expect(vm.customerFacingSku).toBe('4120-BL');
    expect(vm.mainImage?.url).toBe('/images/products/K-4120-BL.svg');
    expect(vm.availabilityText).toBe('Only 3 left');

    expect(vm.selectFinish('K-4120-BN')).toBe(true);
    expect(vm.selectedSku).toBe('K-4120-BN');
    expect(vm.customerFacingSku).toBe('4120-BN');
    expect(vm.mainImage?.url).toBe('/images/products/K-4120-BN.svg');
    expect(vm.selectedFinish?.name).toBe('Brushed Nickel');
    // Before the stock call answers, the finish's own flag stands in.
    expect(vm.availabilityText).toBe('Out of stock');
    await flush();
    expect(vm.availabilityText).toBe('Out of stock');

    expect(vm.selectFinish('K-4120-CP')).toBe(false);
    expect(vm.selectFinish('K-0000-XX')).toBe(false);
    expect(vm.selectedSku).toBe('K-4120-BN');
  });

  it('a thumbnail picks the main image until the next finish change', async () => {
    const { vm } = setup([faucet]);
    await vm.load('avelle-faucet-k-4120', 'K-4120-BL');
    vm.chooseImage('/images/products/K-4120-CP.svg');
    expect(vm.mainImage?.url).toBe('/images/products/K-4120-CP.svg');
    vm.selectFinish('K-4120-BN');
    expect(vm.mainImage?.url).toBe('/images/products/K-4120-BN.svg');
  });

  it('follows the URL on back/forward without reloading the product', async () => {
    const { vm, catalog } = setup([faucet]);
    vm.show('avelle-faucet-k-4120', 'K-4120-BL');
    await flush();
    vm.show('avelle-faucet-k-4120', 'K-4120-BN');
    expect(vm.selectedSku).toBe('K-4120-BN');
    vm.show('avelle-faucet-k-4120', 'nonsense');
    expect(vm.selectedSku).toBe('K-4120-BL');
    expect(catalog.calls.bySlug).toBe(1);
  });
});

describe('ProductViewModel: stock line', () => {
  const stockOf = async (overrides: Partial<ProductDetails>, quantity: number) => {
    const product = makeProduct('K-1', {
      slug: 'p',
      finishes: [finish('K-1', 'CP', 'Polished Chrome')],
      ...overrides,
    });
    const { vm, catalog } = setup([product]);
    catalog.stockBySku.set('K-1-CP', quantity);
    await vm.load('p', undefined);
    await flush();
    return { text: vm.availabilityText, notes: vm.shippingNotes, tone: vm.availabilityTone };
  };

  it('says what the shopper can expect for each kind of product', async () => {
    expect((await stockOf({}, 40)).text).toBe('In stock');
    expect((await stockOf({}, 2)).text).toBe('Only 2 left');
    expect((await stockOf({}, 0)).text).toBe('Out of stock');
    expect((await stockOf({ backorderable: true, leadTimeDays: 14 }, 0)).text).toBe(
      'Back-ordered — ships in 2 weeks',
    );
    expect((await stockOf({ discontinued: true }, 40)).text).toBe('Discontinued');
    expect((await stockOf({ retailExclusive: true }, 40)).text).toBe('Available in stores');
    const heavy = await stockOf({ freight: true, noShipStates: ['HI', 'AK'] }, 40);
    expect(heavy.notes).toEqual(['Ships by freight', 'Cannot ship to: HI, AK']);
    expect(heavy.tone).toBe('positive');
  });

  it('words every availability', () => {
    expect(availabilityText({ kind: 'back-ordered', leadTimeDays: 1 })).toBe(
      'Back-ordered — ships in 1 day',
    );
    expect(availabilityText({ kind: 'back-ordered', leadTimeDays: null })).toBe('Back-ordered');
    expect(availabilityText({ kind: 'service' })).toBe('Available to book');
  });

  it('uses the product quantity when there are no variants', async () => {
    const product = makeProduct('K-2', { slug: 'q', finishes: [], images: [], availableQty: 4 });
    const { vm, catalog } = setup([product]);
    await vm.load('q', 'K-2-XX');
    expect(vm.selectedSku).toBeNull();
    expect(vm.customerFacingSku).toBe('2');
    expect(vm.availabilityText).toBe('Only 4 left');
    expect(catalog.calls.stock).toBe(0);
  });
});

describe('ProductViewModel: layout, not found, errors, recently viewed', () => {
  it('chooses the extended layout for products with reviews or pairs-well-with', async () => {
    const plain = makeProduct('K-1', { slug: 'plain' });
    const reviewed = makeProduct('K-2', { slug: 'reviewed', reviewCount: 3, rating: 4 });
    const paired = makeProduct('K-3', { slug: 'paired', pairsWellWith: [sku('K-1')] });
    const { vm } = setup([plain, reviewed, paired]);
    await vm.load('plain', undefined);
    expect(vm.layout).toBe('standard');
    await vm.load('reviewed', undefined);
    expect(vm.layout).toBe('extended');
    await vm.load('paired', undefined);
    expect(vm.layout).toBe('extended');
    expect(vm.page?.pairsWellWith.map((p) => p.sku)).toEqual(['K-1']);
  });

  it('reports not found with a title that says so', async () => {
    const { vm, history } = setup([faucet]);
    await vm.load('missing', undefined);
    expect(vm.notFound).toBe(true);
    expect(vm.documentTitle).toBe('Product not found — Lavabo');
    expect(history.recent).toEqual([]);
  });

  it('fails, then recovers on retry; records the product as recently viewed', async () => {
    const { vm, catalog, history } = setup([faucet]);
    catalog.fail = true;
    await vm.load('avelle-faucet-k-4120', undefined);
    expect(vm.status).toBe('failed');
    catalog.fail = false;
    await vm.retry();
    await flush();
    expect(vm.status).toBe('succeeded');
    expect(vm.documentTitle).toBe(`${faucet.title} — Lavabo`);
    expect(history.recent).toEqual(['K-4120']);
  });

  it('a newer load supersedes an unfinished one', async () => {
    const other = makeProduct('K-8', { slug: 'other' });
    const { vm, catalog } = setup([faucet, other]);
    let release: () => void = () => undefined;
    catalog.gate = () =>
      new Promise<void>((resolve) => {
        release = resolve;
      });
    const first = vm.load('avelle-faucet-k-4120', undefined);
    const releaseFirst = release;
    catalog.gate = () => Promise.resolve();
    await vm.load('other', undefined);
    releaseFirst();
    await first;
    expect(vm.product?.sku).toBe('K-8');
  });
});

describe('ProductViewModel: reviews', () => {
  const ratings = [5, 5, 4, 3, 1, 5, 4, 4, 2, 5, 5, 3];
  const reviewed = makeProduct('K-5', { slug: 'r', reviewCount: ratings.length, rating: 3.8 });

  it('loads once, shows a page at a time, and counts the bars', async () => {
    const { vm, catalog } = setup([reviewed], { 'K-5': makeReviews('K-5', ratings) });
    await vm.load('r', undefined);
    expect(catalog.calls.reviews).toBe(0);
    await vm.loadReviews();
    await vm.loadReviews();
    expect(catalog.calls.reviews).toBe(1);
    expect(vm.visibleReviews).toHaveLength(REVIEWS_SHOWN_STEP);
    expect(vm.hasMoreReviews).toBe(true);
    await vm.showMoreReviews();
    await vm.showMoreReviews();
    expect(vm.visibleReviews).toHaveLength(ratings.length);
    expect(vm.hasMoreReviews).toBe(false);
    expect(vm.ratingBars.find((b) => b.stars === 5)?.count).toBe(5);
    expect(vm.ratingBars.reduce((n, b) => n + b.count, 0)).toBe(ratings.length);
    expect(vm.ratingBarsPartial).toBe(false);
  });

  it('bars add up to the reviews counted', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 40 }), (rs) => {
        const bars = ratingBars(rs.map((rating) => ({ rating })));
        expect(bars.reduce((n, b) => n + b.count, 0)).toBe(rs.length);
        for (const bar of bars) expect(bar.percent).toBeLessThanOrEqual(100);
      }),
    );
  });
});
