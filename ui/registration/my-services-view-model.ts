/** My services (spec §3 MyServices): design and install services, ordered or saved, with status. */
import { makeAutoObservable, runInAction } from 'mobx';
import type { AsyncStatus } from '../../core/shared/async-status';
import type { MyService } from '../../core/registration/ports';
import type { LoadMyServices } from '../../core/registration/use-cases';

export class MyServicesViewModel {
  status: AsyncStatus = 'idle';
  services: readonly MyService[] = [];

  constructor(private readonly loader: Pick<LoadMyServices, 'execute'>) {
    makeAutoObservable<MyServicesViewModel, 'loader'>(this, { loader: false });
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const services = await this.loader.execute();
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
}
