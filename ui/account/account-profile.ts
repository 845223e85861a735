/**
 * The signed-in customer's profile as the account settings screen holds it, shared by the profile
 * and saved-address sections: the server keeps one version for names, business fields and
 * addresses (docs/api.md "Customer profile and addresses"), so a save in one section must leave the
 * other holding the new version, and two saves must not race each other into a 409 of our own
 * making. Writes therefore run one at a time, each built from the profile as it is when it runs.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { AddressBook } from '../../core/account/addresses';
import type { AddressBookGateway } from '../../core/account/ports';
import type { Profile } from '../../core/account/profile';
import type { AsyncStatus } from '../../core/shared/async-status';
import type { Notify } from '../shell/toaster';

/** Spec §8 visible toast when the profile cannot be read. */
export const GET_PROFILE_FAILED = 'Failed to get profile';

/** The profile with the book's addresses, default and version in place of its own. */
export const withBook = (profile: Profile, book: AddressBook): Profile => {
  const { defaultShippingAddressId: _old, ...rest } = profile;
  return {
    ...rest,
    version: book.version,
    addresses: book.addresses,
    ...(book.defaultShippingAddressId === undefined
      ? {}
      : { defaultShippingAddressId: book.defaultShippingAddressId }),
  };
};

export class AccountProfile {
  /** The first load's state; a later refresh that fails keeps the profile already shown. */
  status: AsyncStatus = 'idle';
  profile: Profile | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private loads = 0;

  constructor(
    private readonly gateway: Pick<AddressBookGateway, 'profile'>,
    /** The shell's toaster (ui/shell/toaster.ts), for spec §8's visible toasts. */
    private readonly notify: Notify | null = null,
  ) {
    makeAutoObservable<AccountProfile, 'gateway' | 'notify' | 'queue' | 'loads'>(this, {
      gateway: false,
      notify: false,
      queue: false,
      loads: false,
    });
  }

  /**
   * Loads the profile, or fetches it again (after a conflict, say): true when it arrived. Only a
   * load with nothing shown yet shows as loading, so a refresh never hides a form being typed in.
   */
  async load(): Promise<boolean> {
    this.loads += 1;
    const mine = this.loads;
    if (this.profile === null) this.status = 'loading';
    try {
      const profile = await this.gateway.profile();
      runInAction(() => {
        if (mine === this.loads) this.accept(profile);
      });
      return true;
    } catch {
      runInAction(() => {
        if (mine === this.loads && this.profile === null) this.status = 'failed';
      });
      if (mine === this.loads) this.notify?.show({ message: GET_PROFILE_FAILED, kind: 'error' });
      return false;
    }
  }

  /** Keeps a profile the server answered, unless a newer version is already held. */
  accept(profile: Profile): void {
    if (this.profile !== null && profile.version < this.profile.version) return;
    this.profile = profile;
    this.status = 'succeeded';
  }

  /** Keeps the book an address call answered, with the names and business fields held. */
  acceptBook(book: AddressBook): void {
    if (this.profile === null || book.version < this.profile.version) return;
    this.profile = withBook(this.profile, book);
  }

  /**
   * Runs a write after every write asked for before it; the task gets the profile as it is then.
   * Fails when there is no profile yet (the sections offer no write before it loads).
   */
  write<T>(task: (profile: Profile) => Promise<T>): Promise<T> {
    const run = this.queue.then(() => {
      const profile = this.profile;
      if (profile === null) throw new Error('The profile has not loaded');
      return task(profile);
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
