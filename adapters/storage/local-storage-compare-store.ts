/** The persisted compare slice (spec §4: the compare slice persists), on local storage. */
import * as t from 'io-ts';
import type { CompareState } from '../../core/compare/compare-state';
import type { CompareStore } from '../../core/compare/ports';
import { readJson, writeJson } from './json-storage';

export const COMPARE_STORAGE_KEY = 'lavabo.compare';

const ComparedProductCodec = t.type({
  compareSku: t.string,
  expiry: t.number,
  backorder: t.boolean,
  category: t.string,
  masterVariant: t.type({
    sku: t.string,
    attributes: t.readonlyArray(t.type({ name: t.string, value: t.string })),
  }),
});

export const CompareStateCodec: t.Type<CompareState, unknown, unknown> = t.type({
  products: t.readonlyArray(ComparedProductCodec),
  category: t.union([t.string, t.null]),
  enabled: t.boolean,
});

export class LocalStorageCompareStore implements CompareStore {
  constructor(
    private readonly storage: Storage,
    private readonly key: string = COMPARE_STORAGE_KEY,
  ) {}

  load(): CompareState | null {
    return readJson(this.storage, this.key, CompareStateCodec);
  }

  save(state: CompareState): void {
    writeJson(this.storage, this.key, state);
  }
}
