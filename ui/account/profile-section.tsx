/**
 * The profile section of /en/account/settings: renders ProfileViewModel. Names for everyone; the
 * business fields are inputs for TVS and a read-only list for anyone else who has them.
 */
import { observer } from 'mobx-react-lite';
import type { FormEvent } from 'react';
import type { ProfileField } from '../../core/account/profile';
import { Field } from '../auth/field';
import { ErrorState, Skeleton } from '../components/states';
import { ErrorSummary, LiveNotice, SelectField, type SummaryLink } from './form-parts';
import { PROFILE_LABELS, PROFILE_MESSAGES, type ProfileViewModel } from './profile-view-model';

const fieldId = (field: ProfileField): string => `profile-${field}`;

const AUTOCOMPLETE: Readonly<Partial<Record<ProfileField, string>>> = {
  firstName: 'given-name',
  lastName: 'family-name',
  companyName: 'organization',
  businessZipCode: 'postal-code',
};

const ProfileSkeleton = () => (
  <div className="account-form" aria-busy="true">
    <span className="visually-hidden" role="status">
      Loading your profile…
    </span>
    <Skeleton height="4.25rem" />
    <Skeleton height="4.25rem" />
    <Skeleton width="10rem" height="2.75rem" />
  </div>
);

const ProfileForm = observer(
  ({ vm, businessTypes }: { vm: ProfileViewModel; businessTypes: readonly string[] }) => {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      void vm.save();
    };
    const input = (field: ProfileField) => (
      <Field
        key={field}
        id={fieldId(field)}
        label={PROFILE_LABELS[field]}
        autoComplete={AUTOCOMPLETE[field] ?? 'off'}
        value={vm.value(field)}
        error={vm.errors[field]}
        onValue={(v) => vm.set(field, v)}
      />
    );
    const links: SummaryLink[] = (Object.keys(vm.errors) as ProfileField[]).map((field) => ({
      target: fieldId(field),
      text: `${PROFILE_LABELS[field]}: ${vm.errors[field] ?? ''}`,
    }));
    const type = vm.value('businessType');
    const typeOptions = [
      { value: '', label: 'Not set' },
      ...[...businessTypes, ...(type !== '' && !businessTypes.includes(type) ? [type] : [])].map(
        (t) => ({ value: t, label: t }),
      ),
    ];
    return (
      <form className="account-form" noValidate onSubmit={submit} aria-labelledby="account-profile">
        <ErrorSummary message={vm.formError} links={links} />
        <div className="account-form__grid">
          {input('firstName')}
          {input('lastName')}
        </div>
        {vm.editsBusiness && (
          <fieldset className="account-form__group">
            <legend>Business details</legend>
            <div className="account-form__grid">
              {input('companyName')}
              {businessTypes.length > 0 ? (
                <SelectField
                  id={fieldId('businessType')}
                  label={PROFILE_LABELS.businessType}
                  value={type}
                  options={typeOptions}
                  error={vm.errors.businessType}
                  onValue={(v) => vm.set('businessType', v)}
                />
              ) : (
                input('businessType')
              )}
              {input('businessSubtype')}
              {input('businessZipCode')}
            </div>
          </fieldset>
        )}
        {vm.readOnlyBusiness.length > 0 && (
          <div className="account-form__group">
            <h3 className="account-form__legend">Business details</h3>
            <dl className="account-readonly">
              {vm.readOnlyBusiness.map((item) => (
                <div key={item.field}>
                  <dt>{item.label}</dt>
                  <dd>{item.value}</dd>
                </div>
              ))}
            </dl>
            <p className="account-hint">{PROFILE_MESSAGES.businessReadOnly}</p>
          </div>
        )}
        <div className="account-form__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={vm.saving}
            aria-busy={vm.saving ? true : undefined}
          >
            Save profile
          </button>
        </div>
      </form>
    );
  },
);

export const ProfileSection = observer(
  ({ vm, businessTypes }: { vm: ProfileViewModel; businessTypes: readonly string[] }) => (
    <section className="account-section" aria-labelledby="account-profile">
      <h2 id="account-profile">Profile</h2>
      <LiveNotice message={vm.notice} />
      {(vm.status === 'idle' || vm.status === 'loading') && <ProfileSkeleton />}
      {vm.status === 'failed' && (
        <ErrorState
          level={3}
          title={PROFILE_MESSAGES.loadFailed}
          message="Please check your connection and try again."
          onRetry={() => void vm.reload()}
        />
      )}
      {vm.status === 'succeeded' && <ProfileForm vm={vm} businessTypes={businessTypes} />}
    </section>
  ),
);
