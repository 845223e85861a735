/**
 * The "State or province" field of an address form: a select of the country's regions when the
 * configuration lists them (ui/components/region-options.ts), free text otherwise. The account's
 * address book and checkout both use it, so the two forms look and behave alike.
 */
import { Field, SelectField } from '../auth/field';
import type { RegionOption } from './region-options';

export const REGION_PLACEHOLDER = 'Select a state or province';

export const RegionField = ({
  id,
  label,
  value,
  options,
  error,
  autoComplete,
  onValue,
}: {
  id: string;
  label: string;
  value: string;
  /** The regions to choose from; null for a free-text field. */
  options: readonly RegionOption[] | null;
  error?: string | undefined;
  autoComplete?: string;
  onValue: (value: string) => void;
}) =>
  options === null ? (
    <Field
      id={id}
      label={label}
      value={value}
      error={error}
      autoComplete={autoComplete}
      onValue={onValue}
    />
  ) : (
    <SelectField
      id={id}
      label={label}
      value={value}
      error={error}
      options={[
        { value: '', label: REGION_PLACEHOLDER },
        ...options.map((r) => ({ value: r.code, label: r.name })),
      ]}
      {...(autoComplete === undefined ? {} : { autoComplete })}
      onValue={onValue}
    />
  );
