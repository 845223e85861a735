import type { PerPageByPath } from './products-per-page';

/** Port: where products-per-page choices are remembered (session storage in the shop). */
export interface PerPageMemory {
  load(): PerPageByPath;
  save(memory: PerPageByPath): void;
}
