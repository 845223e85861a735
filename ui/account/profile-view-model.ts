/**
 * The profile section of account settings (spec §3 Profile, §6): first and last name for everyone;
 * company name, business type and subtype and business zip code for TVS only (core's
 * editableProfileFields). The form holds only what the shopper typed over the profile, so a reload
 * after a stale version (409) shows the latest profile with the typed fields kept, and a save
 * sends only real changes (core's buildProfileUpdate).
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { VersionConflictError, type AddressBookGateway } from '../../core/account/ports';
import {
  buildProfileUpdate,
  editableProfileFields,
  PROFILE_FIELDS,
  type Profile,
  type ProfileAction,
  type ProfileEdits,
  type ProfileField,
} from '../../core/account/profile';
import { checkProfileFields, type ProfileFieldErrors } from '../../core/account/profile-rules';
import type { FieldRules } from '../../core/validation/field-patterns';
import type { AsyncStatus } from '../../core/shared/async-status';
import type { AccountProfile } from './account-profile';
import { actionPlace, messageFor, refusalsOf } from './refusals';

// The field rules are core's (core/account/profile-rules.ts), the server's and the fake's too.
export { BUSINESS_FIELD_MAX_LENGTH, checkProfileFields } from '../../core/account/profile-rules';

export const PROFILE_LABELS: Readonly<Record<ProfileField, string>> = {
  firstName: 'First name',
  lastName: 'Last name',
  companyName: 'Company name',
  businessType: 'Business type',
  businessSubtype: 'Business subtype',
  businessZipCode: 'Business zip code',
};

export const BUSINESS_FIELDS: readonly ProfileField[] = [
  'companyName',
  'businessType',
  'businessSubtype',
  'businessZipCode',
];

export const PROFILE_MESSAGES = {
  loadFailed: 'Failed to get profile',
  saveFailed: 'Failed to edit profile',
  saved: 'Your profile was saved.',
  unchanged: 'There are no changes to save.',
  conflict:
    'Your profile was changed elsewhere, perhaps in another window. We loaded the latest version and kept what you typed: check it and save again.',
  fixFields: 'Please check the highlighted fields.',
  forbidden: 'Only professional (trade) accounts can change this.',
  businessReadOnly: 'Only professional (trade) accounts can change business details.',
} as const;

type FieldErrors = ProfileFieldErrors;

/** Which profile field an edit action sets. */
const fieldOf = (action: ProfileAction): ProfileField | null => {
  switch (action.action) {
    case 'setFirstName':
      return 'firstName';
    case 'setLastName':
      return 'lastName';
    case 'setCompanyName':
      return 'companyName';
    case 'setCustomField':
      return BUSINESS_FIELDS.find((f) => f === action.name) ?? null;
  }
};

const isProfileField = (f: string): f is ProfileField =>
  (PROFILE_FIELDS as readonly string[]).includes(f);

export interface ProfileDeps {
  readonly account: AccountProfile;
  readonly gateway: Pick<AddressBookGateway, 'editProfile'>;
  /** The signed-in shopper's persona (spec §6), read when needed. */
  readonly persona: () => string;
  /**
   * Runs after a save changed the profile and before "saved" is said: the signed-in session's
   * copy of the names (the token's claims, which the header shows) is renewed.
   */
  readonly profileChanged?: () => Promise<void>;
  /** The configured pattern map and condition messages (spec §5), read when a save is checked. */
  readonly rules?: () => FieldRules;
}

export class ProfileViewModel {
  /** What the shopper typed, field by field, over the profile as loaded. */
  edits: ProfileEdits = {};
  errors: FieldErrors = {};
  /** Why the last save did not go through (shown as an alert). */
  formError: string | null = null;
  /** The last save's outcome, for the live region. */
  notice: string | null = null;
  saving = false;

  constructor(private readonly deps: ProfileDeps) {
    makeAutoObservable<ProfileViewModel, 'deps'>(this, { deps: false });
  }

  get status(): AsyncStatus {
    return this.deps.account.status;
  }

  get profile(): Profile | null {
    return this.deps.account.profile;
  }

  /** "Try again" after the profile failed to load. */
  reload(): Promise<boolean> {
    return this.deps.account.load();
  }

  get editable(): readonly ProfileField[] {
    return editableProfileFields(this.deps.persona());
  }

  canEdit(field: ProfileField): boolean {
    return this.editable.includes(field);
  }

  /** TVS edits the business fields. */
  get editsBusiness(): boolean {
    return BUSINESS_FIELDS.every((f) => this.canEdit(f));
  }

  /** Business fields a shopper who may not edit them still sees, with their values. */
  get readOnlyBusiness(): readonly { field: ProfileField; label: string; value: string }[] {
    const profile = this.profile;
    if (profile === null) return [];
    return BUSINESS_FIELDS.filter((f) => !this.canEdit(f)).flatMap((field) => {
      const value = profile[field]?.trim() ?? '';
      return value === '' ? [] : [{ field, label: PROFILE_LABELS[field], value }];
    });
  }

  value(field: ProfileField): string {
    return this.edits[field] ?? this.profile?.[field] ?? '';
  }

  set(field: ProfileField, value: string): void {
    if (!this.canEdit(field)) return;
    this.edits = { ...this.edits, [field]: value };
    this.notice = null;
    if (this.errors[field] !== undefined) {
      const { [field]: _gone, ...rest } = this.errors;
      this.errors = rest;
    }
  }

  /** The typed values of the fields this shopper may edit, trimmed. */
  private typed(): ProfileEdits {
    return Object.fromEntries(
      this.editable.flatMap((f) => {
        const v = this.edits[f];
        return v === undefined ? [] : [[f, v.trim()]];
      }),
    );
  }

  /** "Save profile": true when saved (or nothing needed saving). */
  async save(): Promise<boolean> {
    if (this.saving || this.profile === null) return false;
    this.notice = null;
    this.formError = null;
    const values = Object.fromEntries(this.editable.map((f) => [f, this.value(f)]));
    const errors = checkProfileFields(values, this.deps.rules?.());
    this.errors = errors;
    if (Object.keys(errors).length > 0) {
      this.formError = PROFILE_MESSAGES.fixFields;
      return false;
    }
    this.saving = true;
    let sent: readonly ProfileAction[] = [];
    try {
      const saved = await this.deps.account.write(async (current) => {
        const update = buildProfileUpdate(this.deps.persona(), current, this.typed());
        // typed() holds only editable fields, so the update is never forbidden here.
        if (!update.ok || update.value.actions.length === 0) return null;
        sent = update.value.actions;
        const profile = await this.deps.gateway.editProfile(update.value.version, sent);
        this.deps.account.accept(profile);
        return profile;
      });
      if (saved !== null) await this.deps.profileChanged?.().catch(() => undefined);
      runInAction(() => {
        this.notice = saved === null ? PROFILE_MESSAGES.unchanged : PROFILE_MESSAGES.saved;
        if (saved !== null) this.settle(saved);
      });
      return true;
    } catch (error) {
      await this.refused(error, sent);
      return false;
    } finally {
      runInAction(() => {
        this.saving = false;
      });
    }
  }

  /** After a save: typed values the profile now holds are no longer edits. */
  private settle(profile: Profile): void {
    this.edits = Object.fromEntries(
      Object.entries(this.edits).filter(
        ([f, v]) => isProfileField(f) && v.trim() !== (profile[f] ?? ''),
      ),
    );
  }

  private async refused(error: unknown, sent: readonly ProfileAction[]): Promise<void> {
    if (error instanceof VersionConflictError) {
      // Reload the profile under what was typed; the next save is computed against it.
      await this.deps.account.load();
      runInAction(() => {
        this.formError = PROFILE_MESSAGES.conflict;
      });
      return;
    }
    const errors: FieldErrors = {};
    for (const r of refusalsOf(error)) {
      if (r.code === 'ForbiddenProfileEdit') {
        if (isProfileField(r.field)) errors[r.field] = PROFILE_MESSAGES.forbidden;
        continue;
      }
      const place = actionPlace(r.field);
      const action = place === null ? undefined : sent[place.index];
      const field = action === undefined ? null : fieldOf(action);
      if (field !== null) errors[field] ??= messageFor(PROFILE_LABELS[field], r.message);
    }
    runInAction(() => {
      this.errors = errors;
      this.formError =
        Object.keys(errors).length > 0 ? PROFILE_MESSAGES.fixFields : PROFILE_MESSAGES.saveFailed;
    });
  }
}
