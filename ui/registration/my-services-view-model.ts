/**
 * My services (spec §3 MyServices): design and install services, ordered or saved, with status. A
 * saved one can be removed (taken off the MyServices list); an ordered one stays with its order.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { ToggleListItem } from '../../core/lists/toggle-list-item';
import type { AsyncStatus } from '../../core/shared/async-status';
import type { MyService } from '../../core/registration/ports';
import type { LoadMyServices } from '../../core/registration/use-cases';

export const REMOVE_SERVICE_FAILED = 'We could not remove this service. Please try again.';

/** One key per entry: an ordered service by its order, a saved one by its list line. */
export const serviceKey = (s: MyService): string =>
  `${s.source}:${s.orderNumber ?? ''}:${s.listLineItemId ?? ''}:${s.sku}`;

export class MyServicesViewModel {
  status: AsyncStatus = 'idle';
  services: readonly MyService[] = [];
  /** The saved service being removed (its serviceKey). */
  removing: string | null = null;
  /** What the live region says after a removal (or why it failed). */
  notice: string | null = null;

  constructor(
    private readonly deps: {
      readonly load: Pick<LoadMyServices, 'execute'>;
      /** The MyServices list's toggle: takes a saved service off. */
      readonly unsave: Pick<ToggleListItem, 'set'>;
    },
  ) {
    makeAutoObservable<MyServicesViewModel, 'deps'>(this, { deps: false });
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const services = await this.deps.load.execute();
      runInAction(() => {
        this.services = services;
        this.status = 'succeeded';
      });
    } catch {
      runInAction(() => {
        this.status = 'failed';
      });
    }
  }

  get isEmpty(): boolean {
    return this.status === 'succeeded' && this.services.length === 0;
  }

  get design(): readonly MyService[] {
    return this.services.filter((s) => s.kind === 'design-service');
  }

  get install(): readonly MyService[] {
    return this.services.filter((s) => s.kind === 'install-service');
  }

  /** Takes a saved service off the MyServices list (from the list as it is now). */
  async remove(service: MyService): Promise<void> {
    if (service.source !== 'saved' || this.removing !== null) return;
    const key = serviceKey(service);
    this.removing = key;
    this.notice = null;
    let removed = false;
    try {
      const result = await this.deps.unsave.set(service.sku, false, null);
      removed = result.ok && !result.value.onList;
    } catch {
      removed = false;
    }
    runInAction(() => {
      this.removing = null;
      if (removed) {
        this.services = this.services.filter((s) => serviceKey(s) !== key);
        this.notice = `${service.title} was removed from My services.`;
      } else {
        this.notice = REMOVE_SERVICE_FAILED;
      }
    });
  }
}
