/**
 * The error summary DESIGN.md asks for: why a form was not sent, with a link to each bad field that
 * moves focus there; it takes focus itself when its message appears, so it is seen and announced
 * wherever the shopper pressed the button.
 */
import { useEffect, useRef } from 'react';

export interface SummaryLink {
  /** The id of the field the link focuses. */
  readonly target: string;
  readonly text: string;
}

/** Why a form was not saved, with a link to each field named; takes focus when it appears. */
export const ErrorSummary = ({
  message,
  links,
  className = 'account-alert',
}: {
  message: string | null;
  links: readonly SummaryLink[];
  /** The look of the box: each form family styles its own. */
  className?: string;
}) => {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message !== null) ref.current?.focus();
  }, [message]);
  if (message === null) return null;
  return (
    <div role="alert" className={className} tabIndex={-1} ref={ref}>
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
