/**
 * The saved-addresses section of account settings (spec §3 Address, §7 /customer/address): the
 * list with the default first, add and edit in one form, remove after a confirmation, set as
 * default, at most MAX_SAVED_ADDRESSES. A form is checked with core's checkSavedAddress before it
 * is sent; what the server refuses comes back on the form's fields; a stale version reloads the
 * book and keeps the form as typed. Failures use the spec's §8 wording ("Failed to add address").
 */
import { DEFAULT_FIELD_RULES, type FieldRules } from '../../core/validation/field-patterns';
import { makeAutoObservable, runInAction } from 'mobx';
import {
  addressesDefaultFirst,
  checkSavedAddress,
  MAX_SAVED_ADDRESSES,
  STATE_REQUIRED_COUNTRIES,
  WIRE_ADDRESS_FIELD,
} from '../../core/account/address-book';
import {
  addAddress,
  changeAddress,
  removeAddress,
  setDefaultShipping,
  type Address,
  type AddressBook,
  type AddressFields,
  type AddressUpdate,
} from '../../core/account/addresses';
import {
  AddressNotFoundError,
  VersionConflictError,
  type AddressBookGateway,
} from '../../core/account/ports';
import { addressBookOf } from '../../core/account/profile';
import type { AsyncStatus } from '../../core/shared/async-status';
import type { AccountProfile } from './account-profile';
import { actionPlace, messageFor, refusalsOf } from './refusals';
import { regionOptions, type RegionOption } from '../components/region-options';
import {
  assistPostalCode,
  type CheckPostalCode,
  type CityAndState,
} from '../stores/postal-code-assist';
import type { Notify } from '../shell/toaster';

/** The fields the form shows, in form order. Others an address holds are kept as they are. */
export const ADDRESS_FORM_FIELDS = [
  'firstName',
  'lastName',
  'mobile',
  'streetName',
  'addressLine2',
  'city',
  'state',
  'postalCode',
  'country',
] as const;

export type AddressFormField = (typeof ADDRESS_FORM_FIELDS)[number];
export type AddressForm = Readonly<Record<AddressFormField, string>>;

export const ADDRESS_LABELS: Readonly<Record<AddressFormField, string>> = {
  firstName: 'First name',
  lastName: 'Last name',
  mobile: 'Mobile phone',
  streetName: 'Street address',
  addressLine2: 'Address line 2 (optional)',
  city: 'City',
  state: 'State or province',
  postalCode: 'Postal code',
  country: 'Country',
};

export const ADDRESS_BOOK_MESSAGES = {
  loadFailed: 'Failed to get profile',
  addFailed: 'Failed to add address',
  editFailed: 'Failed to edit address',
  defaultFailed: 'Failed to set default address',
  removeFailed: 'Failed to remove address',
  added: 'Address added.',
  edited: 'Address saved.',
  defaulted: 'Default address changed.',
  removed: 'Address removed.',
  conflict:
    'Your addresses were changed elsewhere, perhaps in another window. We loaded the latest version: check and try again.',
  conflictForm:
    'Your addresses were changed elsewhere, perhaps in another window. We loaded the latest version and kept what you typed: check it and save again.',
  gone: 'This address is no longer in your account. Save to add it again, or cancel.',
  alreadyRemoved: 'That address had already been removed.',
  goneFromList: 'That address is no longer in your account.',
  full: `You can keep up to ${MAX_SAVED_ADDRESSES} addresses. Remove one to add another.`,
  fixFields: 'Please check the highlighted fields.',
} as const;

export interface ConfiguredLists {
  readonly countries: readonly { readonly code: string; readonly name: string }[];
  readonly states: readonly {
    readonly code: string;
    readonly name: string;
    readonly country?: string;
  }[];
}

export interface AddressBookDeps {
  readonly account: AccountProfile;
  readonly gateway: Pick<AddressBookGateway, 'apply'>;
  /** The configuration's countries and states (spec §3 configured lists), read when needed. */
  readonly lists: () => ConfiguredLists;
  /** The postal-code check with the zip lookup (ui/stores/postal-code-assist.ts), when offered. */
  readonly checkPostalCode?: CheckPostalCode;
  /** The shell's toaster (ui/shell/toaster.ts), for spec §8's visible toasts. */
  readonly notify?: Notify;
  /** The configured pattern map and condition messages (spec §5), read when a save is checked. */
  readonly rules?: () => FieldRules;
}

export type AddressEditor =
  { readonly kind: 'add' } | { readonly kind: 'edit'; readonly id: string };

type Pending = { readonly kind: 'save' | 'remove' | 'default'; readonly id: string | null };

type FieldErrors = Partial<Record<AddressFormField, string>>;

/** The key a new address goes by within its own request (to make it the default). */
const NEW_ADDRESS_KEY = 'new-address';

const FORM_FIELD_OF_WIRE: ReadonlyMap<string, AddressFormField> = new Map(
  ADDRESS_FORM_FIELDS.map((f) => [WIRE_ADDRESS_FIELD[f], f]),
);

const isFormField = (f: string): f is AddressFormField =>
  (ADDRESS_FORM_FIELDS as readonly string[]).includes(f);

const formOf = (a: AddressFields, fallbackCountry: string): AddressForm => ({
  firstName: a.firstName ?? '',
  lastName: a.lastName ?? '',
  mobile: a.mobile ?? '',
  streetName: a.streetName ?? '',
  addressLine2: a.addressLine2 ?? '',
  city: a.city ?? '',
  state: a.state ?? '',
  postalCode: a.postalCode ?? '',
  country: a.country ?? fallbackCountry,
});

/** A refusal with no rule behind it: the address is gone (core's UnknownAddress, or a 404). */
class Gone extends Error {}

export class AddressBookViewModel {
  editor: AddressEditor | null = null;
  form: AddressForm = formOf({}, '');
  /** Add form: make the new address the default shipping address. */
  makeDefault = false;
  errors: FieldErrors = {};
  /** Why the form was not saved (an alert inside the form). */
  formError: string | null = null;
  /** Why a list action (remove, set as default) failed (an alert above the list). */
  listError: string | null = null;
  /** What the last action did, for the live region. */
  notice: string | null = null;
  /** The address whose removal waits for the shopper's "Yes, remove". */
  confirmingRemoval: string | null = null;
  pending: Pending | null = null;
  /** Says that the city and state came from the postal code (the field's live hint). */
  postalCodeHint: string | null = null;
  /** The city and state the postal code filled in last, so a new code may replace only those. */
  private filledFromPostalCode: CityAndState | null = null;

  constructor(private readonly deps: AddressBookDeps) {
    makeAutoObservable<AddressBookViewModel, 'deps' | 'filledFromPostalCode'>(this, {
      deps: false,
      filledFromPostalCode: false,
    });
  }

  /** The shopper left the postal code: fill the city and state it names, or say it is wrong. */
  async postalCodeDone(): Promise<void> {
    const next = await assistPostalCode(this.deps.checkPostalCode, () => ({
      form: this.form,
      errors: this.errors,
      filled: this.filledFromPostalCode,
    }));
    if (next === null) return;
    runInAction(() => {
      this.form = next.form;
      this.errors = next.errors;
      this.filledFromPostalCode = next.filled;
      this.postalCodeHint = next.hint;
    });
  }

  get status(): AsyncStatus {
    return this.deps.account.status;
  }

  /** "Try again" after the profile failed to load. */
  reload(): Promise<boolean> {
    return this.deps.account.load();
  }

  /** Default first, then in the order they were saved. */
  get addresses(): readonly Address[] {
    const profile = this.deps.account.profile;
    return profile === null ? [] : addressesDefaultFirst(profile);
  }

  get defaultId(): string | null {
    return this.deps.account.profile?.defaultShippingAddressId ?? null;
  }

  get isEmpty(): boolean {
    return this.status === 'succeeded' && this.addresses.length === 0;
  }

  get isFull(): boolean {
    return this.addresses.length >= MAX_SAVED_ADDRESSES;
  }

  get busy(): boolean {
    return this.pending !== null;
  }

  /** "2 of 10 addresses saved". */
  get countText(): string {
    return `${this.addresses.length} of ${MAX_SAVED_ADDRESSES} addresses saved`;
  }

  /** The configured countries, plus the form's own when the configuration lacks it. */
  get countryOptions(): readonly { code: string; name: string }[] {
    const configured = this.deps.lists().countries;
    const current = this.form.country;
    return current === '' || configured.some((c) => c.code === current)
      ? configured
      : [...configured, { code: current, name: current }];
  }

  /**
   * The states to pick from for the form's country (US and Canada need one), plus the form's own
   * when the configuration lacks it; null when the state is free text.
   */
  get stateOptions(): readonly RegionOption[] | null {
    // Only where a state is part of the address; the same list checkout offers.
    if (!STATE_REQUIRED_COUNTRIES.includes(this.form.country)) return null;
    return regionOptions(this.deps.lists().states, this.form.country, this.form.state);
  }

  /** US and Canadian addresses need a state or province (core's checkSavedAddress). */
  get stateRequired(): boolean {
    return STATE_REQUIRED_COUNTRIES.includes(this.form.country);
  }

  /** The name of a country code, as configured. */
  countryName(code: string | undefined): string {
    if (code === undefined) return '';
    return this.deps.lists().countries.find((c) => c.code === code)?.name ?? code;
  }

  isDefault(id: string): boolean {
    return this.defaultId === id;
  }

  private get firstCountry(): string {
    return this.deps.lists().countries[0]?.code ?? 'US';
  }

  // ── the form ───────────────────────────────────────────────────────────────
  /** Opens an empty form with the profile's names, unless the book is full. */
  startAdd(): void {
    if (this.isFull || this.busy) return;
    const profile = this.deps.account.profile;
    this.open(
      { kind: 'add' },
      {
        firstName: profile?.firstName ?? '',
        lastName: profile?.lastName ?? '',
        country: this.firstCountry,
      },
    );
  }

  startEdit(id: string): void {
    if (this.busy) return;
    const address = this.addresses.find((a) => a.id === id);
    if (address !== undefined) this.open({ kind: 'edit', id }, address);
  }

  private open(editor: AddressEditor, fields: AddressFields): void {
    this.editor = editor;
    this.form = formOf(fields, this.firstCountry);
    this.makeDefault = false;
    this.errors = {};
    this.formError = null;
    this.notice = null;
    this.listError = null;
    this.confirmingRemoval = null;
  }

  cancel(): void {
    if (this.pending?.kind === 'save') return;
    this.editor = null;
    this.errors = {};
    this.formError = null;
  }

  set(field: AddressFormField, value: string): void {
    this.form = { ...this.form, [field]: value };
    if (field === 'postalCode') this.postalCodeHint = null;
    if (field === 'country') {
      // A state picked for one country means nothing in another.
      const needsState = STATE_REQUIRED_COUNTRIES.includes(value);
      const listed = this.deps
        .lists()
        .states.some(
          (s) => s.code === this.form.state && (s.country === undefined || s.country === value),
        );
      if (!needsState || !listed) this.form = { ...this.form, state: '' };
    }
    if (this.errors[field] !== undefined) {
      const { [field]: _gone, ...rest } = this.errors;
      this.errors = rest;
    }
  }

  setMakeDefault(value: boolean): void {
    this.makeDefault = value;
  }

  /** The address being edited, as saved. */
  private get editing(): Address | undefined {
    const editor = this.editor;
    return editor?.kind === 'edit' ? this.addresses.find((a) => a.id === editor.id) : undefined;
  }

  /** "Save address": checks the form, then adds or changes the address. True when saved. */
  async save(): Promise<boolean> {
    const editor = this.editor;
    if (editor === null || this.busy) return false;
    this.formError = null;
    this.notice = null;
    // Fields the form does not show (line 3, county, label) stay as the address has them.
    const { id: _id, ...kept } = this.editing ?? { id: '' };
    const rules = this.deps.rules?.() ?? DEFAULT_FIELD_RULES;
    const checked = checkSavedAddress({ ...kept, ...this.form }, rules.messages, rules.patterns);
    if (!checked.ok) {
      const errors: FieldErrors = {};
      const others: string[] = [];
      for (const f of checked.error) {
        if (isFormField(f.field)) errors[f.field] = f.message ?? '';
        else others.push(f.message ?? '');
      }
      this.errors = errors;
      this.formError = others.length > 0 ? others.join(' ') : ADDRESS_BOOK_MESSAGES.fixFields;
      return false;
    }
    const draft = checked.value;
    const makeDefault = editor.kind === 'add' && this.makeDefault;
    this.pending = { kind: 'save', id: editor.kind === 'edit' ? editor.id : null };
    let update: AddressUpdate | null = null;
    try {
      await this.deps.account.write(async (profile) => {
        const book = addressBookOf(profile);
        if (editor.kind === 'add') {
          update = addAddress(book, { ...draft, isDefault: makeDefault }, NEW_ADDRESS_KEY);
        } else {
          const changed = changeAddress(book, editor.id, draft);
          if (!changed.ok) throw new Gone();
          update = changed.value;
        }
        await this.send(update);
      });
      runInAction(() => {
        this.notice =
          editor.kind === 'add' ? ADDRESS_BOOK_MESSAGES.added : ADDRESS_BOOK_MESSAGES.edited;
        this.editor = null;
        this.errors = {};
      });
      return true;
    } catch (error) {
      await this.formRefused(error, editor, update);
      return false;
    } finally {
      runInAction(() => {
        this.pending = null;
      });
    }
  }

  private async send(update: AddressUpdate): Promise<void> {
    if (update.actions.length === 0) return;
    const book = await this.deps.gateway.apply(update.version, update.actions);
    this.deps.account.acceptBook(book);
  }

  private async formRefused(
    error: unknown,
    editor: AddressEditor,
    update: AddressUpdate | null,
  ): Promise<void> {
    const failed =
      editor.kind === 'add' ? ADDRESS_BOOK_MESSAGES.addFailed : ADDRESS_BOOK_MESSAGES.editFailed;
    if (error instanceof VersionConflictError) {
      await this.deps.account.load();
      runInAction(() => {
        this.formError = ADDRESS_BOOK_MESSAGES.conflictForm;
      });
      return;
    }
    if (error instanceof Gone || error instanceof AddressNotFoundError) {
      await this.deps.account.load();
      runInAction(() => {
        // What was typed can still be saved, as a new address.
        this.editor = { kind: 'add' };
        this.formError = this.isFull ? ADDRESS_BOOK_MESSAGES.full : ADDRESS_BOOK_MESSAGES.gone;
      });
      return;
    }
    const errors: FieldErrors = {};
    let limit = false;
    for (const r of refusalsOf(error)) {
      if (r.code === 'AddressLimitReached') limit = true;
      const place = actionPlace(r.field);
      const action = place === null ? undefined : update?.actions[place.index];
      if (place === null || action === undefined || !place.rest.startsWith('address.')) continue;
      const field = FORM_FIELD_OF_WIRE.get(place.rest.slice('address.'.length));
      if (field !== undefined) errors[field] ??= messageFor(ADDRESS_LABELS[field], r.message);
    }
    if (limit) await this.deps.account.load();
    runInAction(() => {
      this.errors = errors;
      this.formError = limit
        ? ADDRESS_BOOK_MESSAGES.full
        : Object.keys(errors).length > 0
          ? ADDRESS_BOOK_MESSAGES.fixFields
          : failed;
    });
    // The form's error summary (an alert) says it too: the toast is seen, not heard again.
    if (this.formError === failed) {
      this.deps.notify?.show({ message: failed, kind: 'error', quiet: true });
    }
  }

  // ── list actions ───────────────────────────────────────────────────────────
  askRemove(id: string): void {
    if (this.busy) return;
    this.confirmingRemoval = id;
    this.notice = null;
    this.listError = null;
  }

  cancelRemove(): void {
    this.confirmingRemoval = null;
  }

  /** "Yes, remove": removes the address. True when it is gone. */
  async remove(id: string): Promise<boolean> {
    if (this.busy) return false;
    const ok = await this.listAction('remove', id, ADDRESS_BOOK_MESSAGES.removeFailed, (book) => {
      const update = removeAddress(book, id);
      if (!update.ok) throw new Gone();
      return update.value;
    });
    runInAction(() => {
      if (ok) {
        this.confirmingRemoval = null;
        if (this.editor?.kind === 'edit' && this.editor.id === id) this.editor = null;
      }
    });
    return ok;
  }

  /** "Set as default". True when it is the default. */
  async setDefault(id: string): Promise<boolean> {
    if (this.busy) return false;
    return this.listAction('default', id, ADDRESS_BOOK_MESSAGES.defaultFailed, (book) => {
      const update = setDefaultShipping(book, id);
      if (!update.ok) throw new Gone();
      return update.value;
    });
  }

  private async listAction(
    kind: 'remove' | 'default',
    id: string,
    failed: string,
    build: (book: AddressBook) => AddressUpdate,
  ): Promise<boolean> {
    this.pending = { kind, id };
    this.notice = null;
    this.listError = null;
    try {
      await this.deps.account.write((profile) => this.send(build(addressBookOf(profile))));
      runInAction(() => {
        this.notice =
          kind === 'remove' ? ADDRESS_BOOK_MESSAGES.removed : ADDRESS_BOOK_MESSAGES.defaulted;
      });
      return true;
    } catch (error) {
      const conflict = error instanceof VersionConflictError;
      const refused =
        !conflict && !(error instanceof Gone || error instanceof AddressNotFoundError);
      if (!refused) await this.deps.account.load();
      return runInAction(() => {
        // After a reload the book may already be as asked (another window did the same).
        const present = this.addresses.some((a) => a.id === id);
        const done = refused ? false : kind === 'remove' ? !present : this.isDefault(id);
        if (done && kind === 'remove') {
          this.notice = ADDRESS_BOOK_MESSAGES.alreadyRemoved;
          this.confirmingRemoval = null;
        } else if (done) {
          this.notice = ADDRESS_BOOK_MESSAGES.defaulted;
        } else {
          this.listError = refused
            ? failed
            : !present
              ? ADDRESS_BOOK_MESSAGES.goneFromList
              : ADDRESS_BOOK_MESSAGES.conflict;
          // The list's alert says it too: the toast is seen, not heard again.
          if (refused) this.deps.notify?.show({ message: failed, kind: 'error', quiet: true });
        }
        return done;
      });
    } finally {
      runInAction(() => {
        this.pending = null;
      });
    }
  }
}
