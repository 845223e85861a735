/** Use case: the shopper picks products per page on a list page; the choice is kept for that path. */
import { err, ok, type Result } from '../shared/result';
import type { PerPageMemory } from './ports';
import {
  isProductsPerPage,
  rememberProductsPerPage,
  type ProductsPerPage,
} from './products-per-page';

export interface NotAProductsPerPageOption {
  readonly kind: 'not-a-products-per-page-option';
  readonly value: number;
}

export class ChooseProductsPerPage {
  constructor(private readonly memory: PerPageMemory) {}

  execute(path: string, n: number): Result<ProductsPerPage, NotAProductsPerPageOption> {
    if (!isProductsPerPage(n)) return err({ kind: 'not-a-products-per-page-option', value: n });
    this.memory.save(rememberProductsPerPage(this.memory.load(), path, n));
    return ok(n);
  }
}
