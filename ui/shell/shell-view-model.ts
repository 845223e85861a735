/**
 * The shell's state: whether the shopper's session (a guest token at first) is ready. On load the
 * shell obtains a token through the session use case, so the token round trip runs on every visit.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { EnsureSession } from '../../core/auth/ensure-session';
import type { AsyncStatus } from '../../core/shared/async-status';

export class ShellViewModel {
  sessionStatus: AsyncStatus = 'idle';
  anonymousId: string | null = null;

  constructor(private readonly ensureSession: EnsureSession) {
    makeAutoObservable<ShellViewModel, 'ensureSession'>(this, { ensureSession: false });
  }

  get sessionFailed(): boolean {
    return this.sessionStatus === 'failed';
  }

  async start(): Promise<void> {
    if (this.sessionStatus === 'loading') return;
    this.sessionStatus = 'loading';
    try {
      const tokens = await this.ensureSession.execute();
      runInAction(() => {
        this.sessionStatus = 'succeeded';
        this.anonymousId = tokens.anonymousId ?? null;
      });
    } catch {
      runInAction(() => {
        this.sessionStatus = 'failed';
      });
    }
  }
}
