/**
 * Use case: product tiles for these master SKUs, in the order given, unknown SKUs left out (the
 * compare tray, the favorites page).
 */
import type { ProductSummary } from './product';
import type { ProductCatalog } from './ports';

export class GetProductTiles {
  constructor(private readonly catalog: Pick<ProductCatalog, 'bySkus'>) {}

  execute(skus: readonly string[]): Promise<readonly ProductSummary[]> {
    return this.catalog.bySkus(skus);
  }
}
