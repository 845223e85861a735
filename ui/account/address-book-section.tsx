/**
 * The saved-addresses section of /en/account/settings: renders AddressBookViewModel. Each address
 * is a card (the default first, marked "Default") with Edit, Set as default and Remove; removing
 * asks first. One form adds or edits (in place of the card it edits). Focus goes into a form when
 * it opens and back to the control that opened it when it closes, or to the heading when that
 * control is gone.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, type FormEvent, type RefObject } from 'react';
import type { Address } from '../../core/account/addresses';
import { addressLines } from '../../core/shared/postal-address';
import { Field } from '../auth/field';
import { RegionField } from '../components/region-field';
import { EmptyState, ErrorState, Skeleton } from '../components/states';
import {
  ADDRESS_BOOK_MESSAGES,
  ADDRESS_LABELS,
  type AddressBookViewModel,
  type AddressFormField,
} from './address-book-view-model';
import { ErrorSummary, LiveNotice, SelectField, type SummaryLink } from './form-parts';

const fieldId = (field: AddressFormField): string => `address-${field}`;
const ADD_BUTTON_ID = 'address-add';
const HEADING_ID = 'account-addresses';

const AUTOCOMPLETE: Readonly<Partial<Record<AddressFormField, string>>> = {
  firstName: 'shipping given-name',
  lastName: 'shipping family-name',
  mobile: 'shipping tel',
  streetName: 'shipping address-line1',
  addressLine2: 'shipping address-line2',
  city: 'shipping address-level2',
  state: 'shipping address-level1',
  postalCode: 'shipping postal-code',
};

/** "233 South Wacker Drive, Chicago": enough to tell one card's buttons from another's. */
const shortName = (a: Address): string =>
  [a.streetName, a.city].filter((p) => p !== undefined && p.trim() !== '').join(', ');

/**
 * Remembers which control opened something (by id, as the control may be re-rendered) and gives
 * it focus back when that something closes; the fallback when the control is gone.
 */
const useReturnFocus = (open: boolean, fallback: RefObject<HTMLElement | null>) => {
  const opener = useRef<string | null>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) {
      const id = opener.current;
      const target = id === null ? null : document.getElementById(id);
      (target ?? fallback.current)?.focus();
    }
    wasOpen.current = open;
  }, [open, fallback]);
  return (id: string) => {
    opener.current = id;
  };
};

const AddressForm = observer(({ vm }: { vm: AddressBookViewModel }) => {
  useEffect(() => {
    document.getElementById(fieldId('firstName'))?.focus();
  }, []);
  const editing = vm.editor?.kind === 'edit';
  const saving = vm.pending?.kind === 'save';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void vm.save();
  };
  const input = (
    field: AddressFormField,
    extra: { type?: string; label?: string; hint?: string | null; onBlur?: () => void } = {},
  ) => (
    <Field
      key={field}
      id={fieldId(field)}
      label={extra.label ?? ADDRESS_LABELS[field]}
      type={extra.type ?? 'text'}
      autoComplete={AUTOCOMPLETE[field] ?? 'off'}
      value={vm.form[field]}
      error={vm.errors[field]}
      hint={extra.hint}
      onBlur={extra.onBlur}
      onValue={(v) => vm.set(field, v)}
    />
  );
  const links: SummaryLink[] = (Object.keys(vm.errors) as AddressFormField[]).map((field) => ({
    target: fieldId(field),
    text: `${ADDRESS_LABELS[field]}: ${vm.errors[field] ?? ''}`,
  }));
  const states = vm.stateOptions;
  return (
    <form
      className="account-form address-form"
      noValidate
      onSubmit={submit}
      aria-labelledby="address-form-title"
      aria-busy={saving ? true : undefined}
    >
      <h3 id="address-form-title">{editing ? 'Edit address' : 'Add an address'}</h3>
      <ErrorSummary message={vm.formError} links={links} />
      <div className="account-form__grid">
        {input('firstName')}
        {input('lastName')}
        {input('mobile', { type: 'tel' })}
      </div>
      {input('streetName')}
      {input('addressLine2')}
      <div className="account-form__grid account-form__grid--place">
        {input('city')}
        <RegionField
          id={fieldId('state')}
          label={
            states !== null || vm.stateRequired
              ? ADDRESS_LABELS.state
              : 'State or region (optional)'
          }
          value={vm.form.state}
          options={states}
          error={vm.errors.state}
          autoComplete={AUTOCOMPLETE.state ?? 'off'}
          onValue={(v) => vm.set('state', v)}
        />
        {input('postalCode', {
          hint: vm.postalCodeHint,
          onBlur: () => void vm.postalCodeDone(),
        })}
        <SelectField
          id={fieldId('country')}
          label={ADDRESS_LABELS.country}
          value={vm.form.country}
          options={vm.countryOptions.map((c) => ({ value: c.code, label: c.name }))}
          error={vm.errors.country}
          onValue={(v) => vm.set('country', v)}
        />
      </div>
      {!editing && vm.addresses.length > 0 && (
        <label className="account-check">
          <input
            type="checkbox"
            checked={vm.makeDefault}
            onChange={(e) => vm.setMakeDefault(e.target.checked)}
          />
          Make this my default address
        </label>
      )}
      <div className="account-form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={saving}
          aria-busy={saving ? true : undefined}
        >
          Save address
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={saving}
          onClick={() => vm.cancel()}
        >
          Cancel
        </button>
      </div>
    </form>
  );
});

const AddressCard = observer(
  ({
    vm,
    address,
    onOpen,
  }: {
    vm: AddressBookViewModel;
    address: Address;
    onOpen: (kind: 'editor' | 'confirm', id: string) => void;
  }) => {
    const keepRef = useRef<HTMLButtonElement>(null);
    const confirming = vm.confirmingRemoval === address.id;
    useEffect(() => {
      // The least harmful choice takes focus when the question appears.
      if (confirming) keepRef.current?.focus();
    }, [confirming]);
    if (vm.editor?.kind === 'edit' && vm.editor.id === address.id) {
      return (
        <li className="address-card address-card--editing">
          <AddressForm vm={vm} />
        </li>
      );
    }
    const isDefault = vm.isDefault(address.id);
    const name = shortName(address);
    const busyHere = vm.pending !== null && vm.pending.id === address.id;
    const textId = `address-text-${address.id}`;
    const lines = addressLines(address, {
      country: vm.countryName(address.country),
      mobile: true,
    });
    return (
      <li
        className={`address-card${isDefault ? ' address-card--default' : ''}`}
        aria-busy={busyHere ? true : undefined}
      >
        {(isDefault || (address.label !== undefined && address.label !== '')) && (
          <p className="address-card__tags">
            {isDefault && <span className="account-badge">Default</span>}
            {address.label !== undefined && address.label !== '' && (
              <span className="account-tag">{address.label}</span>
            )}
          </p>
        )}
        <address id={textId} className="address-card__text">
          {lines.map((line, i) => (
            <span key={i}>{line}</span>
          ))}
        </address>
        {confirming ? (
          <div
            className="address-card__confirm"
            role="group"
            aria-labelledby={`address-confirm-${address.id}`}
          >
            <p id={`address-confirm-${address.id}`}>
              Remove this address?
              {isDefault &&
                vm.addresses.length > 1 &&
                ' Your oldest other address becomes the default.'}
            </p>
            <div className="address-card__actions">
              <button
                type="button"
                className="button button--danger button--small"
                disabled={vm.busy}
                aria-busy={busyHere ? true : undefined}
                onClick={() => void vm.remove(address.id)}
              >
                Yes, remove <span className="visually-hidden">{name}</span>
              </button>
              <button
                ref={keepRef}
                type="button"
                className="button button--small"
                disabled={busyHere}
                onClick={() => vm.cancelRemove()}
              >
                Keep address
              </button>
            </div>
          </div>
        ) : (
          <div className="address-card__actions">
            <button
              id={`address-edit-${address.id}`}
              type="button"
              className="button button--small"
              disabled={vm.busy}
              onClick={() => {
                onOpen('editor', `address-edit-${address.id}`);
                vm.startEdit(address.id);
              }}
            >
              Edit <span className="visually-hidden">{name}</span>
            </button>
            {!isDefault && (
              <button
                type="button"
                className="button button--small"
                disabled={vm.busy}
                aria-busy={busyHere && vm.pending?.kind === 'default' ? true : undefined}
                onClick={() => void vm.setDefault(address.id)}
              >
                Set as default<span className="visually-hidden">: {name}</span>
              </button>
            )}
            <button
              id={`address-remove-${address.id}`}
              type="button"
              className="button button--small"
              disabled={vm.busy}
              onClick={() => {
                onOpen('confirm', `address-remove-${address.id}`);
                vm.askRemove(address.id);
              }}
            >
              Remove <span className="visually-hidden">{name}</span>
            </button>
          </div>
        )}
      </li>
    );
  },
);

const AddButton = observer(
  ({ vm, onOpen }: { vm: AddressBookViewModel; onOpen: (id: string) => void }) => (
    <div className="address-add">
      <button
        id={ADD_BUTTON_ID}
        type="button"
        className="button button--secondary"
        aria-disabled={vm.isFull || vm.busy ? true : undefined}
        aria-describedby={vm.isFull ? 'address-full' : undefined}
        onClick={() => {
          onOpen(ADD_BUTTON_ID);
          vm.startAdd();
        }}
      >
        Add address
      </button>
      {vm.isFull && (
        <p id="address-full" className="account-hint">
          {ADDRESS_BOOK_MESSAGES.full}
        </p>
      )}
    </div>
  ),
);

const AddressesSkeleton = () => (
  <div className="address-list" aria-busy="true">
    <span className="visually-hidden" role="status">
      Loading your addresses…
    </span>
    {[0, 1].map((i) => (
      <div key={i} className="address-card" aria-hidden="true">
        <Skeleton width="60%" />
        <Skeleton width="80%" />
        <Skeleton width="50%" />
        <Skeleton width="9rem" height="2.25rem" />
      </div>
    ))}
  </div>
);

export const AddressBookSection = observer(({ vm }: { vm: AddressBookViewModel }) => {
  const heading = useRef<HTMLHeadingElement>(null);
  const editorOpened = useReturnFocus(vm.editor !== null, heading);
  const confirmOpened = useReturnFocus(vm.confirmingRemoval !== null, heading);
  const onOpen = (kind: 'editor' | 'confirm', id: string) =>
    kind === 'editor' ? editorOpened(id) : confirmOpened(id);
  const adding = vm.editor?.kind === 'add';
  return (
    <section className="account-section" aria-labelledby={HEADING_ID}>
      <div className="account-section__head">
        <h2 id={HEADING_ID} ref={heading} tabIndex={-1}>
          Saved addresses
        </h2>
        {vm.status === 'succeeded' && <p className="account-section__meta">{vm.countText}</p>}
      </div>
      <LiveNotice message={vm.notice} />
      {vm.listError !== null && (
        <p role="alert" className="account-alert">
          {vm.listError}
        </p>
      )}
      {(vm.status === 'idle' || vm.status === 'loading') && <AddressesSkeleton />}
      {vm.status === 'failed' && (
        <ErrorState
          level={3}
          title={ADDRESS_BOOK_MESSAGES.loadFailed}
          message="We could not load your saved addresses. Please check your connection and try again."
          onRetry={() => void vm.reload()}
        />
      )}
      {vm.isEmpty && !adding && (
        <EmptyState
          level={3}
          title="No saved addresses yet"
          action={
            <button
              id={ADD_BUTTON_ID}
              type="button"
              className="button button--primary"
              onClick={() => {
                editorOpened(ADD_BUTTON_ID);
                vm.startAdd();
              }}
            >
              Add address
            </button>
          }
        >
          <p>Save an address to fill in checkout in one step.</p>
        </EmptyState>
      )}
      {vm.addresses.length > 0 && (
        <ul className="address-list" aria-labelledby={HEADING_ID}>
          {vm.addresses.map((address) => (
            <AddressCard key={address.id} vm={vm} address={address} onOpen={onOpen} />
          ))}
        </ul>
      )}
      {adding && (
        <div className="address-card address-card--editing">
          <AddressForm vm={vm} />
        </div>
      )}
      {vm.status === 'succeeded' && !vm.isEmpty && !adding && (
        <AddButton vm={vm} onOpen={(id) => editorOpened(id)} />
      )}
    </section>
  );
});
