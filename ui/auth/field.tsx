/**
 * Labelled form fields with their error message wired to aria-invalid / aria-describedby: a text
 * input (Field) and a select (SelectField). An `id` may be given, so an error summary can link to it.
 */
import { useId, type InputHTMLAttributes } from 'react';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  readonly label: string;
  readonly value: string;
  readonly error?: string | null | undefined;
  readonly hint?: string | null | undefined;
  readonly onValue: (value: string) => void;
}

export const Field = ({ label, value, error, hint, onValue, ...input }: FieldProps) => {
  const generated = useId();
  const id = input.id ?? generated;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy === '' ? undefined : describedBy}
        onChange={(e) => onValue(e.target.value)}
      />
      {hint && (
        <p id={hintId} className="auth-field__hint" role="status">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="auth-field__error">
          {error}
        </p>
      )}
    </div>
  );
};

/** One choice of a SelectField. */
export interface Option {
  readonly value: string;
  readonly label: string;
}

export const SelectField = ({
  id: given,
  label,
  value,
  options,
  error,
  disabled,
  autoComplete,
  onValue,
}: {
  id?: string;
  label: string;
  value: string;
  options: readonly Option[];
  error?: string | undefined;
  disabled?: boolean;
  autoComplete?: string;
  onValue: (value: string) => void;
}) => {
  const generated = useId();
  const id = given ?? generated;
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onValue(e.target.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="auth-field__error">
          {error}
        </p>
      )}
    </div>
  );
};
