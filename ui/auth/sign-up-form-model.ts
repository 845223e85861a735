/**
 * The customer and pro sign-up form (spec §2 auth modal views): fields, per-field errors (ours and
 * the server's), and the debounced user-exists check on the e-mail (spec §7, §9: 500 ms).
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { AccountType, CustomerAccounts, FieldError } from '../../core/auth/ports';
import type { SignUp } from '../../core/auth/sign-up';
import type { AsyncStatus } from '../../core/shared/async-status';
import { isEmail } from '../../core/validation/email';
import { DEFAULT_FIELD_RULES, type FieldRules } from '../../core/validation/field-patterns';
import {
  GENERAL_FAILURE_MESSAGE,
  NOT_SIGNED_IN_AFTER_SIGN_UP_MESSAGE,
  USER_EXISTS_MESSAGE,
} from './auth-messages';

export const USER_EXISTS_DEBOUNCE_MS = 500;

export type SignUpField =
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'password'
  | 'businessType'
  | 'businessSubtype'
  | 'phone'
  | 'zipCode';

export class SignUpFormModel {
  firstName = '';
  lastName = '';
  email = '';
  password = '';
  businessType = '';
  businessSubtype = '';
  phone = '';
  zipCode = '';
  newsletter = false;
  errors: Partial<Record<string, string>> = {};
  formError: string | null = null;
  status: AsyncStatus = 'idle';
  /** The user-exists check for the e-mail currently typed: null until it has answered. */
  emailTaken: boolean | null = null;
  private lookupTimer: ReturnType<typeof setTimeout> | null = null;
  private lookupSeq = 0;

  constructor(
    readonly accountType: AccountType,
    private readonly signUp: Pick<SignUp, 'execute'>,
    /** The user-exists lookup on the e-mail typed. */
    private readonly accounts: Pick<CustomerAccounts, 'userExists'>,
    /**
     * Signs in with the new account; false when that fails. Sign-up answers a taken e-mail as a
     * new one (the owner is e-mailed), so this sign-in is where a shopper learns the account is
     * not theirs, without anyone else learning whether the e-mail has an account.
     */
    private readonly onCreated: (email: string, password: string) => Promise<boolean>,
    /** The configured field rules (spec §5), read when the form is sent. */
    private readonly rules: () => FieldRules = () => DEFAULT_FIELD_RULES,
  ) {
    makeAutoObservable<
      SignUpFormModel,
      'accounts' | 'onCreated' | 'signUp' | 'lookupTimer' | 'rules'
    >(this, {
      accounts: false,
      onCreated: false,
      rules: false,
      signUp: false,
      lookupTimer: false,
    });
  }

  get emailMessage(): string | null {
    return this.errors.email ?? (this.emailTaken === true ? USER_EXISTS_MESSAGE : null);
  }

  set(field: SignUpField, value: string): void {
    this[field] = value;
    if (this.errors[field] !== undefined) {
      const { [field]: _gone, ...rest } = this.errors;
      this.errors = rest;
    }
    if (field === 'email') this.scheduleLookup();
  }

  setNewsletter(value: boolean): void {
    this.newsletter = value;
  }

  /** Spec §7: "The user-exists check is debounced" — one lookup 500 ms after the last keystroke. */
  private scheduleLookup(): void {
    if (this.lookupTimer !== null) clearTimeout(this.lookupTimer);
    this.lookupTimer = null;
    this.emailTaken = null;
    this.lookupSeq += 1;
    const email = this.email.trim();
    if (!isEmail(email)) return;
    const seq = this.lookupSeq;
    this.lookupTimer = setTimeout(() => {
      this.lookupTimer = null;
      void this.lookup(email, seq);
    }, USER_EXISTS_DEBOUNCE_MS);
  }

  private async lookup(email: string, seq: number): Promise<void> {
    try {
      const exists = await this.accounts.userExists(email);
      runInAction(() => {
        if (seq === this.lookupSeq) this.emailTaken = exists;
      });
    } catch {
      // The check is a courtesy: sign-up still answers for a taken e-mail.
    }
  }

  dispose(): void {
    if (this.lookupTimer !== null) clearTimeout(this.lookupTimer);
    this.lookupTimer = null;
  }

  async submit(): Promise<boolean> {
    if (this.status === 'loading') return false;
    this.status = 'loading';
    this.formError = null;
    try {
      const result = await this.signUp.execute(
        {
          email: this.email,
          password: this.password,
          firstName: this.firstName,
          lastName: this.lastName,
          accountType: this.accountType,
          businessType: this.businessType,
          businessSubtype: this.businessSubtype,
          phone: this.phone,
          zipCode: this.zipCode,
          newsletter: this.newsletter,
        },
        this.rules(),
      );
      if (result.kind === 'created') {
        const signedIn = await this.onCreated(result.email, this.password);
        runInAction(() => {
          this.status = signedIn ? 'succeeded' : 'failed';
          if (!signedIn) this.formError = NOT_SIGNED_IN_AFTER_SIGN_UP_MESSAGE;
        });
        return signedIn;
      }
      runInAction(() => {
        this.status = 'failed';
        this.errors = toErrorMap(result.errors);
        this.formError = result.errors.length === 0 ? result.message : null;
      });
      return false;
    } catch {
      runInAction(() => {
        this.status = 'failed';
        this.formError = GENERAL_FAILURE_MESSAGE;
      });
      return false;
    }
  }
}

const toErrorMap = (errors: readonly FieldError[]): Partial<Record<string, string>> => {
  const map: Partial<Record<string, string>> = {};
  for (const e of errors) map[e.field] ??= e.message;
  return map;
};
