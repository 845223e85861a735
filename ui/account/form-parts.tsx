/**
 * Pieces the account settings forms share (the labelled select is ui/auth/field.tsx's SelectField): the
 * error summary DESIGN.md asks for (a message and a link to each bad field, focused when it
 * appears), and a live region that is always in the page so each saved message is announced.
 */
import { useEffect, useRef } from 'react';

export { SelectField, type Option } from '../auth/field';

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
