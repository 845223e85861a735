/**
 * Pieces the account settings forms share: a labelled select that matches ui/auth/field.tsx, the
 * error summary DESIGN.md asks for (a message and a link to each bad field, focused when it
 * appears), and a live region that is always in the page so each saved message is announced.
 */
import { useEffect, useId, useRef } from 'react';

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
  onValue,
}: {
  id?: string;
  label: string;
  value: string;
  options: readonly Option[];
  error?: string | undefined;
  disabled?: boolean;
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

export interface SummaryLink {
  /** The id of the field the link focuses. */
  readonly target: string;
  readonly text: string;
}

/** Why a form was not saved, with a link to each field named; takes focus when it appears. */
export const ErrorSummary = ({
  message,
  links,
}: {
  message: string | null;
  links: readonly SummaryLink[];
}) => {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message !== null) ref.current?.focus();
  }, [message]);
  if (message === null) return null;
  return (
    <div role="alert" className="account-alert" tabIndex={-1} ref={ref}>
      <p>{message}</p>
      {links.length > 0 && (
        <ul>
          {links.map((l) => (
            <li key={l.target}>
              <a
                href={`#${l.target}`}
                onClick={(e) => {
                  const field = document.getElementById(l.target);
                  if (field === null) return;
                  e.preventDefault();
                  field.focus();
                }}
              >
                {l.text}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
};

/** A polite live region, always present; shows and announces `message` when there is one. */
export const LiveNotice = ({ message }: { message: string | null }) => (
  <div role="status" aria-live="polite" className="account-live">
    {message !== null && <p className="account-notice">{message}</p>}
  </div>
);
