/**
 * The second step of signing in (core/auth/second-step.ts), shared by the auth modal and the login
 * page: the "Verification code" field, or a recovery code after "Use a recovery code"; for an
 * account that must enrol first (a sales associate), the key as a QR code and as text, and after
 * the code the ten recovery codes, shown once before the shopper goes on. Errors are named on the
 * field; a used-up challenge or the lock is said above it.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { CompleteSignIn, TwoStepEnrolment } from '../../core/auth/second-step';
import type { AsyncStatus } from '../../core/shared/async-status';
import { GENERAL_FAILURE_MESSAGE } from './auth-messages';

export type SecondStepMode = 'code' | 'recovery';

export const ENROL_LOAD_FAILED = 'We could not set up two-step sign-in just now. Please try again.';

export class SecondStepModel {
  mode: SecondStepMode = 'code';
  code = '';
  /** The field's error, in the shopper's words. */
  error: string | null = null;
  /** An error of the whole step: the challenge is used up, or the second step is locked. */
  alert: string | null = null;
  /** The challenge cannot be used any more: only "Start again" is left. */
  ended = false;
  status: AsyncStatus = 'idle';
  enrolment: TwoStepEnrolment | null = null;
  enrolmentStatus: AsyncStatus = 'idle';
  /** After enrolling at sign-in: shown once, then `continue` finishes signing in. */
  recoveryCodes: readonly string[] | null = null;

  constructor(
    private readonly useCase: Pick<CompleteSignIn, 'execute' | 'startEnrolment'>,
    readonly challenge: string,
    /** The account must set two-step sign-in up first (MFA_ENROLL_REQUIRED). */
    readonly enrol: boolean,
    private readonly onSignedIn: () => Promise<void>,
  ) {
    makeAutoObservable<SecondStepModel, 'useCase' | 'onSignedIn'>(this, {
      useCase: false,
      onSignedIn: false,
    });
  }

  get label(): string {
    return this.mode === 'code' ? 'Verification code' : 'Recovery code';
  }

  /** Loads the key to enrol (only for an enrolment challenge). */
  async loadEnrolment(): Promise<void> {
    if (!this.enrol || this.enrolmentStatus === 'loading' || this.enrolment !== null) return;
    this.enrolmentStatus = 'loading';
    this.alert = null;
    try {
      const enrolment = await this.useCase.startEnrolment(this.challenge);
      runInAction(() => {
        this.enrolment = enrolment;
        this.enrolmentStatus = 'succeeded';
      });
    } catch {
      runInAction(() => {
        this.enrolmentStatus = 'failed';
        this.alert = ENROL_LOAD_FAILED;
      });
    }
  }

  setCode(value: string): void {
    this.code = value;
    this.error = null;
  }

  /** "Use a recovery code" and back: the other field, empty. */
  switchMode(): void {
    if (this.enrol) return;
    this.mode = this.mode === 'code' ? 'recovery' : 'code';
    this.code = '';
    this.error = null;
  }

  /** Sends the code; true when signed in (or, when enrolling, when the codes are to be shown). */
  async submit(): Promise<boolean> {
    if (this.status === 'loading' || this.ended) return false;
    this.status = 'loading';
    this.error = null;
    this.alert = null;
    let outcome;
    try {
      outcome = await this.useCase.execute(this.challenge, this.mode, this.code);
    } catch {
      runInAction(() => {
        this.status = 'failed';
        this.alert = GENERAL_FAILURE_MESSAGE;
      });
      return false;
    }
    if (outcome.kind !== 'success') {
      runInAction(() => {
        this.status = 'failed';
        if (outcome.kind === 'invalid') this.error = outcome.message;
        else {
          this.alert = outcome.message;
          this.ended = true;
        }
      });
      return false;
    }
    if (this.enrol) {
      runInAction(() => {
        this.status = 'succeeded';
        this.code = '';
        this.recoveryCodes = outcome.recoveryCodes;
      });
      return true;
    }
    await this.onSignedIn();
    runInAction(() => {
      this.status = 'succeeded';
    });
    return true;
  }

  /** After the recovery codes of an enrolment were shown: finish signing in. */
  async continue(): Promise<void> {
    await this.onSignedIn();
  }
}
