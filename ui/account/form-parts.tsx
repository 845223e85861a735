/**
 * Pieces the account settings forms share (the labelled select is ui/auth/field.tsx's SelectField
 * and the error summary ui/components/error-summary.tsx's): a live region that is always in the
 * page so each saved message is announced.
 */
export { SelectField, type Option } from '../auth/field';
export { ErrorSummary, type SummaryLink } from '../components/error-summary';

/** A polite live region, always present; shows and announces `message` when there is one. */
export const LiveNotice = ({ message }: { message: string | null }) => (
  <div role="status" aria-live="polite" className="account-live">
    {message !== null && <p className="account-notice">{message}</p>}
  </div>
);
