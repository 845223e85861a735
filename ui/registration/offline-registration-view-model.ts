/**
 * The offline registration form (spec §3/§4/§5): its fields, the model-number suggestions, the
 * proof-of-purchase upload with its progress, and the submit states of core's registration reducer
 * (disabled while submitting, isSuccess, submitError, re-enabled). Every problem is kept under the
 * request's path ('modelNumber', 'owner.postalCode', …), the same names the server's refusals use,
 * so a refusal from either lands on the field it names.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type {
  OfflineRegistrationRequest,
  ProductRegistration,
  RegistrationAddress,
  UploadedAsset,
  UploadFile,
  UploadProgress,
} from '../../core/registration/ports';
import {
  initialRegistrationState,
  registrationReducer,
  type RegistrationEvent,
  type RegistrationState,
} from '../../core/registration/registration-state';
import {
  purchaseDateProblem,
  REGISTRATION_MESSAGES,
  SERIAL_NUMBER,
} from '../../core/registration/registration-rules';
import { uploadFileName } from '../../core/registration/upload-file-name';
import type { ListCheckoutAddresses } from '../../core/checkout/list-checkout-addresses';
import type { SubmitProductRegistration } from '../../core/registration/submit-product-registration';
import type { SuggestModelNumbers, UploadProofOfPurchase } from '../../core/registration/use-cases';

export type OwnerField = keyof RegistrationAddress;
export type InstallationField = Exclude<OwnerField, 'firstName' | 'lastName' | 'email' | 'mobile'>;

export const OWNER_FIELDS: readonly OwnerField[] = [
  'firstName',
  'lastName',
  'email',
  'mobile',
  'streetName',
  'addressLine2',
  'city',
  'state',
  'postalCode',
  'country',
];
export const INSTALLATION_FIELDS: readonly InstallationField[] = [
  'streetName',
  'addressLine2',
  'city',
  'state',
  'postalCode',
  'country',
];

/** What each address field is called on screen (and in an error summary's links). */
export const ADDRESS_LABELS: Record<OwnerField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  mobile: 'Phone',
  streetName: 'Street address',
  addressLine2: 'Apartment, suite (optional)',
  city: 'City',
  state: 'State or province',
  postalCode: 'ZIP or postal code',
  country: 'Country',
};

const REQUIRED: Partial<Record<OwnerField, string>> = {
  firstName: 'Enter the first name.',
  lastName: 'Enter the last name.',
  email: 'Enter the email address.',
  mobile: 'Enter the phone number.',
  streetName: 'Enter the street address.',
  city: 'Enter the city.',
  state: 'Choose the state or province.',
  postalCode: 'Enter the ZIP or postal code.',
  country: 'Choose the country.',
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9 +().-]{7,20}$/;

export const UPLOAD_IN_PROGRESS = 'Wait until the proof of purchase has finished uploading.';
export const UPLOAD_FAILED = 'We could not upload the file. Check your connection and try again.';
export const FORM_PROBLEM = 'Please correct the fields below.';

export type UploadStatus = 'idle' | 'uploading' | 'uploaded' | 'refused' | 'failed';

export interface OfflineRegistrationDeps {
  readonly submit: Pick<SubmitProductRegistration, 'execute'>;
  readonly upload: Pick<UploadProofOfPurchase, 'execute'>;
  readonly suggest: Pick<SuggestModelNumbers, 'execute'>;
  /** Today, 'YYYY-MM-DD' (the purchase date may not be after it). */
  readonly today: () => string;
  /** The configuration's lists.placeOfPurchase. */
  readonly places: () => readonly string[];
  /** The signed-in customer's saved addresses, default first (checkout's own use case). */
  readonly savedAddresses?: Pick<ListCheckoutAddresses, 'execute'>;
}

/** A signed-in shopper's details to start the owner's part with. */
export type OwnerPrefill = Partial<Record<OwnerField, string>>;

const emptyAddress = (): Record<OwnerField, string> => ({
  firstName: '',
  lastName: '',
  email: '',
  mobile: '',
  streetName: '',
  addressLine2: '',
  city: '',
  state: '',
  postalCode: '',
  country: 'US',
});

export class OfflineRegistrationViewModel {
  modelNumber = '';
  purchaseDate = '';
  placeOfPurchase = '';
  serialNumber = '';
  owner: Record<OwnerField, string> = emptyAddress();
  /** Whether the product is fitted somewhere other than the owner's address. */
  installedElsewhere = false;
  installation: Record<OwnerField, string> = emptyAddress();

  state: RegistrationState = initialRegistrationState;
  /** Problems by request path, e.g. { 'owner.postalCode': 'Enter the ZIP or postal code.' }. */
  errors: Record<string, string> = {};
  /** The form-level message of the last refused attempt (client or server). */
  summary: string | null = null;

  uploadStatus: UploadStatus = 'idle';
  uploadPercent = 0;
  uploadFileName: string | null = null;
  asset: UploadedAsset | null = null;

  /** The registration written, for the confirmation. */
  registration: ProductRegistration | null = null;

  private searchSeq = 0;
  private uploadSeq = 0;

  constructor(private readonly deps: OfflineRegistrationDeps) {
    makeAutoObservable<OfflineRegistrationViewModel, 'deps' | 'searchSeq' | 'uploadSeq'>(this, {
      deps: false,
      searchSeq: false,
      uploadSeq: false,
    });
  }

  get places(): readonly string[] {
    return this.deps.places();
  }

  get today(): string {
    return this.deps.today();
  }

  get isSubmitting(): boolean {
    return this.state.isDisabled;
  }

  /** Fills the owner's empty fields (a signed-in shopper's name, e-mail and address). */
  prefill(values: OwnerPrefill): void {
    if (values.country !== undefined && values.country !== '' && this.owner.streetName === '') {
      this.owner.country = values.country;
    }
    for (const field of OWNER_FIELDS) {
      if (field === 'country') continue;
      const value = values[field];
      if (value !== undefined && value !== '' && this.owner[field] === '')
        this.owner[field] = value;
    }
  }

  /**
   * Prefills the owner for a signed-in customer: name and e-mail from the session, then the
   * default saved address (the one checkout offers first). Only empty fields are filled, so what
   * the shopper already typed stays.
   */
  async prefillSignedIn(claims: {
    firstName: string;
    lastName: string;
    email: string;
  }): Promise<void> {
    this.prefill(claims);
    const book = this.deps.savedAddresses;
    if (book === undefined) return;
    const result = await book.execute(claims.email);
    if (!result.ok || result.value === null) return;
    const first = result.value.addresses[0];
    if (first === undefined) return;
    runInAction(() =>
      this.prefill({
        firstName: first.firstName ?? result.value?.firstName ?? '',
        lastName: first.lastName ?? result.value?.lastName ?? '',
        mobile: first.mobile ?? '',
        streetName: first.streetName ?? '',
        addressLine2: first.addressLine2 ?? '',
        city: first.city ?? '',
        state: first.state ?? '',
        postalCode: first.postalCode ?? '',
        country: first.country ?? '',
      }),
    );
  }

  private dispatch(event: RegistrationEvent): void {
    this.state = registrationReducer(this.state, event);
  }

  private clearError(path: string): void {
    if (path in this.errors) {
      const next = { ...this.errors };
      delete next[path];
      this.errors = next;
    }
  }

  setModelNumber(value: string): void {
    this.modelNumber = value;
    this.clearError('modelNumber');
    void this.searchModels(value);
  }

  /** Asks the catalogue for suggestions; only the latest answer counts. */
  async searchModels(typed: string): Promise<void> {
    const seq = ++this.searchSeq;
    if (typed.trim().length < 2) {
      this.dispatch({ type: 'modelSearchCleared' });
      return;
    }
    try {
      const suggestions = await this.deps.suggest.execute(typed);
      if (seq !== this.searchSeq) return;
      runInAction(() => this.dispatch({ type: 'modelSearched', suggestions }));
    } catch {
      // No answer is not "no such model": leave the field as it was.
      if (seq === this.searchSeq) runInAction(() => this.dispatch({ type: 'modelSearchCleared' }));
    }
  }

  /** The model-number problem to show now (spec §5 invalidModelNumber included). */
  get modelNumberError(): string | undefined {
    if (this.errors.modelNumber !== undefined) return this.errors.modelNumber;
    return this.state.invalidModelNumber ? REGISTRATION_MESSAGES.modelNumberUnknown : undefined;
  }

  setPurchaseDate(value: string): void {
    this.purchaseDate = value;
    this.clearError('purchaseDate');
  }

  setPlaceOfPurchase(value: string): void {
    this.placeOfPurchase = value;
    this.clearError('placeOfPurchase');
  }

  setSerialNumber(value: string): void {
    this.serialNumber = value;
    this.clearError('serialNumber');
  }

  setOwner(field: OwnerField, value: string): void {
    this.owner[field] = value;
    this.clearError(`owner.${field}`);
  }

  setInstalledElsewhere(value: boolean): void {
    this.installedElsewhere = value;
    if (!value) {
      this.errors = Object.fromEntries(
        Object.entries(this.errors).filter(([path]) => !path.startsWith('installationAddress.')),
      );
    }
  }

  setInstallation(field: InstallationField, value: string): void {
    this.installation[field] = value;
    this.clearError(`installationAddress.${field}`);
  }

  /** Uploads the chosen file at once, so the submit only names it. */
  async chooseFile(file: UploadFile | null): Promise<void> {
    const seq = ++this.uploadSeq;
    this.clearError('proofOfPurchase');
    this.asset = null;
    this.uploadPercent = 0;
    if (file === null) {
      this.uploadStatus = 'idle';
      this.uploadFileName = null;
      return;
    }
    this.uploadStatus = 'uploading';
    // Spec §5: the name as it will be kept (lower case, spaces as hyphens).
    this.uploadFileName = uploadFileName(file.name);
    const onProgress = ({ loaded, total }: UploadProgress) => {
      if (seq !== this.uploadSeq || total <= 0) return;
      runInAction(() => {
        this.uploadPercent = Math.min(100, Math.round((loaded / total) * 100));
      });
    };
    try {
      const answer = await this.deps.upload.execute(file, onProgress);
      if (seq !== this.uploadSeq) return;
      runInAction(() => {
        if (answer.kind === 'uploaded') {
          this.asset = answer.asset;
          this.uploadFileName = answer.asset.fileName;
          this.uploadPercent = 100;
          this.uploadStatus = 'uploaded';
        } else {
          this.uploadStatus = 'refused';
          this.errors = { ...this.errors, proofOfPurchase: answer.message };
        }
      });
    } catch {
      if (seq !== this.uploadSeq) return;
      runInAction(() => {
        this.uploadStatus = 'failed';
        this.errors = { ...this.errors, proofOfPurchase: UPLOAD_FAILED };
      });
    }
  }

  /** What the form says is wrong before anything is sent (the server checks it all again). */
  validate(): Record<string, string> {
    const errors: Record<string, string> = {};
    const model = this.modelNumber.trim();
    if (model === '') errors.modelNumber = REGISTRATION_MESSAGES.modelNumberRequired;
    else if (this.state.invalidModelNumber)
      errors.modelNumber = REGISTRATION_MESSAGES.modelNumberUnknown;
    const date = purchaseDateProblem(this.purchaseDate, this.today);
    if (date !== null) errors.purchaseDate = date;
    if (!this.places.includes(this.placeOfPurchase))
      errors.placeOfPurchase = REGISTRATION_MESSAGES.placeOfPurchase;
    const serial = this.serialNumber.trim();
    if (serial !== '' && !SERIAL_NUMBER.test(serial))
      errors.serialNumber = REGISTRATION_MESSAGES.serialNumber;
    const address = (
      prefix: string,
      values: Record<OwnerField, string>,
      fields: readonly OwnerField[],
    ) => {
      for (const field of fields) {
        const value = values[field].trim();
        const required = REQUIRED[field];
        if (required !== undefined && value === '') errors[`${prefix}.${field}`] = required;
      }
    };
    address('owner', this.owner, OWNER_FIELDS);
    if (this.owner.email.trim() !== '' && !EMAIL.test(this.owner.email.trim()))
      errors['owner.email'] = 'Enter the email address as name@example.com.';
    if (this.owner.mobile.trim() !== '' && !PHONE.test(this.owner.mobile.trim()))
      errors['owner.mobile'] = 'Enter the phone number with 7 to 20 digits.';
    if (this.installedElsewhere)
      address('installationAddress', this.installation, INSTALLATION_FIELDS);
    if (this.uploadStatus === 'uploading') errors.proofOfPurchase = UPLOAD_IN_PROGRESS;
    else if (this.uploadStatus === 'refused' || this.uploadStatus === 'failed')
      errors.proofOfPurchase = this.errors.proofOfPurchase ?? REGISTRATION_MESSAGES.proofOfPurchase;
    return errors;
  }

  private request(): OfflineRegistrationRequest {
    const trimmed = (values: Record<OwnerField, string>) =>
      Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as Record<
        OwnerField,
        string
      >;
    const owner = trimmed(this.owner);
    const { addressLine2, ...ownerRest } = owner;
    const serial = this.serialNumber.trim();
    let installationAddress: OfflineRegistrationRequest['installationAddress'];
    if (this.installedElsewhere) {
      const i = trimmed(this.installation);
      installationAddress = {
        streetName: i.streetName,
        city: i.city,
        state: i.state,
        postalCode: i.postalCode,
        country: i.country,
        ...(i.addressLine2 !== '' ? { addressLine2: i.addressLine2 } : {}),
      };
    }
    return {
      kind: 'offline',
      modelNumber: this.modelNumber.trim().toUpperCase(),
      purchaseDate: this.purchaseDate.trim(),
      placeOfPurchase: this.placeOfPurchase,
      ...(serial !== '' ? { serialNumber: serial } : {}),
      owner: { ...ownerRest, ...(addressLine2 !== '' ? { addressLine2 } : {}) },
      ...(installationAddress !== undefined ? { installationAddress } : {}),
      ...(this.asset !== null ? { proofOfPurchase: this.asset.assetId } : {}),
    };
  }

  /** Spec §4: disabled while submitting; isSuccess or submitError after; re-enabled either way. */
  async submit(): Promise<void> {
    if (this.state.isDisabled) return;
    const errors = this.validate();
    if (Object.keys(errors).length > 0) {
      this.errors = errors;
      this.summary = FORM_PROBLEM;
      return;
    }
    this.errors = {};
    this.summary = null;
    this.dispatch({ type: 'submit' });
    const result = await this.deps.submit.execute(this.request());
    runInAction(() => {
      if (result.ok) {
        this.registration = result.value.registrations[0] ?? null;
        this.dispatch({ type: 'succeeded' });
      } else {
        this.errors = Object.fromEntries(result.error.fieldErrors.map((e) => [e.field, e.message]));
        this.summary = result.error.message;
        this.dispatch({ type: 'failed', message: result.error.message });
      }
    });
  }

  /** After a confirmation: an empty form for the next product, owner details kept. */
  registerAnother(): void {
    this.modelNumber = '';
    this.purchaseDate = '';
    this.serialNumber = '';
    this.asset = null;
    this.uploadStatus = 'idle';
    this.uploadPercent = 0;
    this.uploadFileName = null;
    this.registration = null;
    this.errors = {};
    this.summary = null;
    this.state = initialRegistrationState;
  }
}
