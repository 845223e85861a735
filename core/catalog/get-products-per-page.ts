/** Use case: how many products a list page shows (30 on mobile, else the remembered choice). */
import type { PerPageMemory } from './ports';
import { productsPerPage, type ProductsPerPage } from './products-per-page';

export class GetProductsPerPage {
  constructor(private readonly memory: PerPageMemory) {}

  execute(path: string, isMobile: boolean): ProductsPerPage {
    return productsPerPage(this.memory.load(), path, isMobile);
  }
}
