/**
 * The offline registration form's screen: every field labelled, each problem tied to its field
 * (aria-describedby) and listed in an error summary that takes focus; the upload's progress and
 * outcome announced in a live region; the submit button disabled while the registration is sent.
 */
import { observer } from 'mobx-react-lite';
import { useId, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { ACCEPTED_UPLOAD_TYPES } from '../../core/registration/registration-rules';
import { Field, SelectField } from '../auth/field';
import { ErrorSummary } from '../components/error-summary';
import {
  ADDRESS_LABELS,
  INSTALLATION_FIELDS,
  OWNER_FIELDS,
  type OfflineRegistrationViewModel,
  type OwnerField,
} from './offline-registration-view-model';
import { formatDay } from './my-products-view-model';

/** The element id of a request path ('owner.postalCode' → 'reg-owner-postalCode'). */
export const fieldId = (path: string): string => `reg-${path.replace(/\./g, '-')}`;

const FIELD_LABELS: Record<string, string> = {
  modelNumber: 'Model number',
  purchaseDate: 'Purchase date',
  placeOfPurchase: 'Place of purchase',
  serialNumber: 'Serial number (optional)',
  proofOfPurchase: 'Proof of purchase',
};

const labelOf = (path: string): string => {
  const [head, field] = path.split('.');
  if (field !== undefined && field in ADDRESS_LABELS) {
    const label = ADDRESS_LABELS[field as OwnerField];
    return head === 'installationAddress' ? `Installation address: ${label}` : label;
  }
  return FIELD_LABELS[path] ?? path;
};

const ACCEPT = ['.pdf', '.jpg', '.jpeg', '.png', '.heic', ...ACCEPTED_UPLOAD_TYPES].join(',');

const AUTOCOMPLETE: Partial<Record<OwnerField, string>> = {
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  mobile: 'tel',
  streetName: 'address-line1',
  addressLine2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  postalCode: 'postal-code',
  country: 'country',
};

const COUNTRIES = [
  { value: 'US', label: 'United States' },
  { value: 'CA', label: 'Canada' },
];

const AddressFields = observer(
  ({
    vm,
    prefix,
    fields,
    values,
    onValue,
  }: {
    vm: OfflineRegistrationViewModel;
    prefix: 'owner' | 'installationAddress';
    fields: readonly OwnerField[];
    values: Record<OwnerField, string>;
    onValue: (field: OwnerField, value: string) => void;
  }) => (
    <div className="registration-form__grid">
      {fields.map((field) => {
        const path = `${prefix}.${field}`;
        const auto = AUTOCOMPLETE[field];
        const section = prefix === 'owner' ? '' : 'section-installation ';
        return field === 'country' ? (
          <SelectField
            key={field}
            id={fieldId(path)}
            label={ADDRESS_LABELS[field]}
            value={values[field]}
            options={COUNTRIES}
            error={vm.errors[path]}
            autoComplete={`${section}${auto ?? ''}`}
            onValue={(v) => onValue(field, v)}
          />
        ) : (
          <Field
            key={field}
            id={fieldId(path)}
            label={ADDRESS_LABELS[field]}
            value={values[field]}
            error={vm.errors[path]}
            autoComplete={`${section}${auto ?? ''}`}
            type={field === 'email' ? 'email' : field === 'mobile' ? 'tel' : 'text'}
            required={field !== 'addressLine2'}
            onValue={(v) => onValue(field, v)}
          />
        );
      })}
    </div>
  ),
);

const UploadField = observer(({ vm }: { vm: OfflineRegistrationViewModel }) => {
  const id = fieldId('proofOfPurchase');
  const hintId = `${id}-hint`;
  const error = vm.errors.proofOfPurchase;
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    void vm.chooseFile(
      file === null ? null : { name: file.name, type: file.type, size: file.size, body: file },
    );
  };
  return (
    <div className="auth-field registration-upload">
      <label htmlFor={id}>Proof of purchase</label>
      <p id={hintId} className="auth-field__hint">
        A receipt or invoice: PDF, JPEG, PNG or HEIC, up to 10 MB. Optional, but it speeds up a
        warranty claim.
      </p>
      <input
        id={id}
        type="file"
        accept={ACCEPT}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? `${id}-error` : null, `${id}-status`]
          .filter(Boolean)
          .join(' ')}
        onChange={onChange}
      />
      {vm.uploadStatus === 'uploading' && (
        <progress
          className="registration-upload__progress"
          max={100}
          value={vm.uploadPercent}
          aria-label="Upload progress"
        />
      )}
      <p id={`${id}-status`} className="registration-upload__status" role="status">
        {vm.uploadStatus === 'uploading' &&
          `Uploading ${vm.uploadFileName ?? ''}… ${vm.uploadPercent}%`}
        {vm.uploadStatus === 'uploaded' && `${vm.uploadFileName ?? 'The file'} is uploaded.`}
      </p>
      {error && (
        <p id={`${id}-error`} className="auth-field__error">
          {error}
        </p>
      )}
    </div>
  );
});

export const OfflineRegistrationForm = observer(
  ({ vm, signedIn }: { vm: OfflineRegistrationViewModel; signedIn: boolean }) => {
    const modelListId = useId();
    const modelError = vm.modelNumberError;
    const modelId = fieldId('modelNumber');
    const links = Object.keys(vm.errors).map((path) => ({
      target: fieldId(path),
      text: `${labelOf(path)}: ${vm.errors[path] ?? ''}`,
    }));

    if (vm.state.isSuccess && vm.registration !== null) {
      const r = vm.registration;
      return (
        <section className="registration-confirmation" aria-labelledby="registration-done">
          <h2 id="registration-done" tabIndex={-1} ref={(el) => el?.focus()}>
            Thank you. Your product is registered.
          </h2>
          <dl className="registration-confirmation__details">
            <dt>Product</dt>
            <dd>
              {r.title}
              {r.finish !== null ? ` (${r.finish})` : ''}
            </dd>
            <dt>Model number</dt>
            <dd>{r.modelNumber}</dd>
            <dt>Purchase date</dt>
            <dd>{formatDay(r.purchaseDate)}</dd>
            {r.proofOfPurchase !== null && (
              <>
                <dt>Proof of purchase</dt>
                <dd>{r.proofOfPurchase.fileName}</dd>
              </>
            )}
          </dl>
          <p className="registration-confirmation__actions">
            {signedIn ? (
              <Link className="button" to="/en/account/my-products">
                See My products
              </Link>
            ) : (
              <span>Sign in with {r.owner.email} to find it under My products.</span>
            )}
            <button
              type="button"
              className="button button--secondary"
              onClick={() => vm.registerAnother()}
            >
              Register another product
            </button>
          </p>
        </section>
      );
    }

    return (
      <form
        className="registration-form"
        noValidate
        aria-busy={vm.isSubmitting}
        onSubmit={(e) => {
          e.preventDefault();
          void vm.submit();
        }}
      >
        <ErrorSummary message={vm.summary} links={links} className="registration-form__alert" />
        <fieldset className="registration-form__section">
          <legend>Your product</legend>
          <div className="auth-field">
            <label htmlFor={modelId}>Model number</label>
            <p id={`${modelId}-hint`} className="auth-field__hint">
              It starts with K-, e.g. K-1234.{' '}
              <Link to="/en/support/find-model-number">Finding your model number</Link>
            </p>
            <input
              id={modelId}
              type="text"
              list={modelListId}
              autoComplete="off"
              required
              value={vm.modelNumber}
              aria-invalid={modelError ? true : undefined}
              aria-describedby={[
                `${modelId}-hint`,
                modelError ? `${modelId}-error` : null,
                `${modelId}-status`,
              ]
                .filter(Boolean)
                .join(' ')}
              onChange={(e) => vm.setModelNumber(e.target.value)}
            />
            <datalist id={modelListId}>
              {vm.state.suggestions.map((s) => (
                <option key={s.modelNumber} value={s.modelNumber}>
                  {`${s.title ?? s.modelNumber}${s.discontinued ? ' (discontinued)' : ''}`}
                </option>
              ))}
            </datalist>
            <p id={`${modelId}-status`} className="visually-hidden" role="status">
              {vm.state.suggestions.length > 0
                ? `${vm.state.suggestions.length} matching model numbers`
                : ''}
            </p>
            {modelError && (
              <p id={`${modelId}-error`} className="auth-field__error">
                {modelError}
              </p>
            )}
          </div>
          <Field
            id={fieldId('purchaseDate')}
            label="Purchase date"
            type="date"
            max={vm.today}
            required
            value={vm.purchaseDate}
            error={vm.errors.purchaseDate}
            onValue={(v) => vm.setPurchaseDate(v)}
          />
          <SelectField
            id={fieldId('placeOfPurchase')}
            label="Place of purchase"
            value={vm.placeOfPurchase}
            options={[
              { value: '', label: 'Choose where you bought it' },
              ...vm.places.map((p) => ({ value: p, label: p })),
            ]}
            error={vm.errors.placeOfPurchase}
            onValue={(v) => vm.setPlaceOfPurchase(v)}
          />
          <Field
            id={fieldId('serialNumber')}
            label="Serial number (optional)"
            value={vm.serialNumber}
            error={vm.errors.serialNumber}
            autoComplete="off"
            onValue={(v) => vm.setSerialNumber(v)}
          />
          <UploadField vm={vm} />
        </fieldset>
        <fieldset className="registration-form__section">
          <legend>Owner</legend>
          <AddressFields
            vm={vm}
            prefix="owner"
            fields={OWNER_FIELDS}
            values={vm.owner}
            onValue={(f, v) => vm.setOwner(f, v)}
          />
          <div className="registration-form__check">
            <input
              id="reg-installed-elsewhere"
              type="checkbox"
              checked={vm.installedElsewhere}
              onChange={(e) => vm.setInstalledElsewhere(e.target.checked)}
            />
            <label htmlFor="reg-installed-elsewhere">
              The product is installed at a different address
            </label>
          </div>
        </fieldset>
        {vm.installedElsewhere && (
          <fieldset className="registration-form__section">
            <legend>Installation address</legend>
            <AddressFields
              vm={vm}
              prefix="installationAddress"
              fields={INSTALLATION_FIELDS}
              values={vm.installation}
              onValue={(f, v) => vm.setInstallation(f as (typeof INSTALLATION_FIELDS)[number], v)}
            />
          </fieldset>
        )}
        <div className="registration-form__submit">
          <button type="submit" className="button" disabled={vm.isSubmitting}>
            Register product
          </button>
          <p role="status" className="registration-form__progress">
            {vm.isSubmitting ? 'Registering your product…' : ''}
          </p>
        </div>
      </form>
    );
  },
);
