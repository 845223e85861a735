/**
 * "My store" (spec §3 location state: myStoreId and utilityStoreDetails): the shopper's chosen
 * store, persisted through the LocationStateStore port and observable, so the header names it the
 * moment the store finder sets it. One per container: the header and the finder share it.
 */
import { action, makeObservable, observableRef } from 'mobx';
import type { LocationStateStore } from '../../core/stores/ports';
import type { StoreLocation } from '../../core/stores/store-location';

export class MyStoreModel {
  store: StoreLocation | null;

  constructor(private readonly state: LocationStateStore) {
    this.store = state.load().utilityStoreDetails;
    makeObservable(this, { store: observableRef, set: action });
  }

  get id(): string | null {
    return this.store?.EntityID ?? null;
  }

  set(store: StoreLocation): void {
    // Distance belongs to one search, not to the store.
    const { Distance: _distance, ...details } = store;
    this.state.save({
      ...this.state.load(),
      myStoreId: store.EntityID,
      utilityStoreDetails: details,
    });
    this.store = details;
  }
}

const models = new WeakMap<object, MyStoreModel>();

/** The one MyStoreModel of this container (keyed by it), made on first use. */
export const myStoreOf = (owner: object, state: () => LocationStateStore): MyStoreModel => {
  let model = models.get(owner);
  if (model === undefined) {
    model = new MyStoreModel(state());
    models.set(owner, model);
  }
  return model;
};
