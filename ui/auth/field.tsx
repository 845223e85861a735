/** A labelled form field with its error message wired to aria-invalid / aria-describedby. */
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
