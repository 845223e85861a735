/**
 * The "Two-step sign-in" section of account settings (core/account/two-step-settings.ts): its
 * status; enrolling (the key as QR code and text, confirmed with the "Verification code"); the ten
 * recovery codes shown once; new recovery codes; turning it off with a code or a recovery code
 * (not offered to accounts that must keep it). Made once per screen (STYLE.md).
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type {
  TwoStepField,
  TwoStepSettings,
  TwoStepStatus,
} from '../../core/account/two-step-settings';
import type { TwoStepEnrolment } from '../../core/auth/second-step';
import type { AsyncStatus } from '../../core/shared/async-status';

export const TWO_STEP_FAILED_MESSAGE =
  'We could not change two-step sign-in just now. Nothing has changed; please try again.';
export const TWO_STEP_LOAD_FAILED = 'We could not load your two-step sign-in settings.';
export const TWO_STEP_ON_MESSAGE = 'Two-step sign-in is on.';
export const TWO_STEP_OFF_MESSAGE = 'Two-step sign-in is off.';
export const NEW_CODES_MESSAGE = 'Your new recovery codes are ready. The old ones no longer work.';

/** What the section shows. */
export type TwoStepScreen =
  'loading' | 'failed' | 'off' | 'enrolling' | 'codes' | 'on' | 'disabling' | 'regenerating';

export class TwoStepViewModel {
  statusValue: TwoStepStatus | null = null;
  screen: TwoStepScreen = 'loading';
  enrolment: TwoStepEnrolment | null = null;
  recoveryCodes: readonly string[] | null = null;
  field: TwoStepField = 'code';
  code = '';
  error: string | null = null;
  formError: string | null = null;
  status: AsyncStatus = 'idle';
  /** Announced in a polite live region. */
  message: string | null = null;

  constructor(
    private readonly settings: Pick<
      TwoStepSettings,
      'status' | 'startEnrolment' | 'confirmEnrolment' | 'disable' | 'regenerateRecoveryCodes'
    >,
  ) {
    makeAutoObservable<TwoStepViewModel, 'settings'>(this, { settings: false });
  }

  get label(): string {
    return this.field === 'code' ? 'Verification code' : 'Recovery code';
  }

  async load(): Promise<void> {
    runInAction(() => {
      this.screen = 'loading';
      this.formError = null;
    });
    try {
      const status = await this.settings.status();
      runInAction(() => {
        this.statusValue = status;
        this.screen = status.enabled ? 'on' : 'off';
      });
    } catch {
      runInAction(() => {
        this.screen = 'failed';
        this.formError = TWO_STEP_LOAD_FAILED;
      });
    }
  }

  setCode(value: string): void {
    this.code = value;
    this.error = null;
  }

  private resetForm(field: TwoStepField = 'code'): void {
    this.field = field;
    this.code = '';
    this.error = null;
    this.formError = null;
    this.status = 'idle';
  }

  async startEnrolment(): Promise<void> {
    if (this.status === 'loading') return;
    this.resetForm();
    this.message = null;
    this.status = 'loading';
    try {
      const enrolment = await this.settings.startEnrolment();
      runInAction(() => {
        this.enrolment = enrolment;
        this.screen = 'enrolling';
        this.status = 'idle';
      });
    } catch {
      runInAction(() => {
        this.status = 'failed';
        this.formError = TWO_STEP_FAILED_MESSAGE;
      });
    }
  }

  /** "Turn off two-step sign-in" or "New recovery codes": asks for the code first. */
  begin(action: 'disabling' | 'regenerating'): void {
    this.resetForm();
    this.message = null;
    this.screen = action;
  }

  /** "Use a recovery code" (turning off only) and back. */
  switchField(): void {
    if (this.screen !== 'disabling') return;
    this.resetForm(this.field === 'code' ? 'recoveryCode' : 'code');
  }

  cancel(): void {
    this.resetForm();
    this.enrolment = null;
    this.screen = this.statusValue?.enabled === true ? 'on' : 'off';
  }

  /** Sends the code of the screen's form; true when it was accepted. */
  async submit(): Promise<boolean> {
    if (this.status === 'loading') return false;
    const screen = this.screen;
    if (screen !== 'enrolling' && screen !== 'disabling' && screen !== 'regenerating') return false;
    this.status = 'loading';
    this.error = null;
    this.formError = null;
    try {
      const result =
        screen === 'enrolling'
          ? await this.settings.confirmEnrolment(this.code)
          : screen === 'regenerating'
            ? await this.settings.regenerateRecoveryCodes(this.code)
            : await this.settings.disable(this.field, this.code);
      if (result.kind === 'invalid') {
        runInAction(() => {
          this.status = 'failed';
          this.error = result.message;
        });
        return false;
      }
      const codes = result.value;
      runInAction(() => {
        this.resetForm();
        this.enrolment = null;
        const left = codes === null ? 0 : codes.length;
        this.statusValue = {
          enabled: screen !== 'disabling',
          required: this.statusValue?.required ?? false,
          recoveryCodesLeft: left,
        };
        if (codes === null) {
          this.screen = 'off';
          this.message = TWO_STEP_OFF_MESSAGE;
        } else {
          this.recoveryCodes = codes;
          this.screen = 'codes';
          this.message = screen === 'enrolling' ? TWO_STEP_ON_MESSAGE : NEW_CODES_MESSAGE;
        }
      });
      return true;
    } catch {
      runInAction(() => {
        this.status = 'failed';
        this.formError = TWO_STEP_FAILED_MESSAGE;
      });
      return false;
    }
  }

  /** The recovery codes were seen: they are not shown again. */
  doneWithCodes(): void {
    this.recoveryCodes = null;
    this.screen = 'on';
  }
}
