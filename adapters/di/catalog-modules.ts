/**
 * Catalogue use cases (core/catalog): the product list and search pages, the product page, the
 * header's typeahead and the pages that show several products in full (compare, technical
 * specifications). The same in the shop and the offline demo; only the ports they are built on
 * (CatalogSearch, ProductCatalog: ./modules.ts or ./fake-adapters.ts) differ.
 */
import { ContainerModule } from 'inversify';
import { ChooseProductsPerPage } from '../../core/catalog/choose-products-per-page';
import { GetProductPage, GetProductsBySku } from '../../core/catalog/get-product-page';
import { GetProductTiles } from '../../core/catalog/get-product-tiles';
import { GetProductsPerPage } from '../../core/catalog/get-products-per-page';
import type {
  BrowsingHistoryStore,
  CatalogSearch,
  PerPageMemory,
  ProductCatalog,
} from '../../core/catalog/ports';
import { RecordRecentlyViewed } from '../../core/catalog/record-recently-viewed';
import { SearchProducts } from '../../core/catalog/search-products';
import { TopSearches } from '../../core/catalog/top-searches';
import { Typeahead } from '../../core/catalog/typeahead';
import type { ConfigurationGateway } from '../../core/content/ports';
import { TYPES } from './types';

export const catalogModule = new ContainerModule(({ bind }) => {
  bind<SearchProducts>(TYPES.SearchProducts)
    .toResolvedValue((search: CatalogSearch) => new SearchProducts(search), [TYPES.CatalogSearch])
    .inSingletonScope();
  bind<TopSearches>(TYPES.TopSearches)
    .toResolvedValue((search: CatalogSearch) => new TopSearches(search), [TYPES.CatalogSearch])
    .inSingletonScope();
  bind<GetProductsPerPage>(TYPES.GetProductsPerPage)
    .toResolvedValue(
      (memory: PerPageMemory) => new GetProductsPerPage(memory),
      [TYPES.PerPageMemory],
    )
    .inSingletonScope();
  bind<ChooseProductsPerPage>(TYPES.ChooseProductsPerPage)
    .toResolvedValue(
      (memory: PerPageMemory) => new ChooseProductsPerPage(memory),
      [TYPES.PerPageMemory],
    )
    .inSingletonScope();
  bind<GetProductPage>(TYPES.GetProductPage)
    .toResolvedValue(
      (catalog: ProductCatalog) => new GetProductPage(catalog),
      [TYPES.ProductCatalog],
    )
    .inSingletonScope();
  bind<GetProductsBySku>(TYPES.GetProductsBySku)
    .toResolvedValue(
      (catalog: ProductCatalog) => new GetProductsBySku(catalog),
      [TYPES.ProductCatalog],
    )
    .inSingletonScope();
  bind<GetProductTiles>(TYPES.GetProductTiles)
    .toResolvedValue(
      (catalog: ProductCatalog) => new GetProductTiles(catalog),
      [TYPES.ProductCatalog],
    )
    .inSingletonScope();
  bind<RecordRecentlyViewed>(TYPES.RecordRecentlyViewed)
    .toResolvedValue(
      (history: BrowsingHistoryStore, configuration: ConfigurationGateway) =>
        new RecordRecentlyViewed(history, configuration),
      [TYPES.BrowsingHistoryStore, TYPES.ConfigurationGateway],
    )
    .inSingletonScope();
  bind<Typeahead>(TYPES.Typeahead)
    .toResolvedValue(
      (search: CatalogSearch, catalog: ProductCatalog, history: BrowsingHistoryStore) =>
        new Typeahead(search, catalog, history),
      [TYPES.CatalogSearch, TYPES.ProductCatalog, TYPES.BrowsingHistoryStore],
    )
    .inSingletonScope();
});
