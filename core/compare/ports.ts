import type { CompareState } from './compare-state';

/** Port: the persisted compare slice (spec §4: auth, location and compare slices persist). */
export interface CompareStore {
  load(): CompareState | null;
  save(state: CompareState): void;
}
