import { observer } from 'mobx-react-lite';
import { Link } from 'react-router';
import { useContainer } from '../app/container-context';
import { toasterOf } from './toaster';
import './toaster.css';

/**
 * The shell's toast, for 5 s (spec §9): bottom-centre on narrow screens, bottom-left from 1025 px so
 * it covers none of the product page's buy box. The live region is always in the page, so screen
 * readers announce each message as it appears; the region is the only one toasts use. A quiet
 * toast (the screen says the same in its own live region) is drawn in the same place outside it,
 * so it is seen, and its Dismiss reached, but it is heard once.
 */
export const Toaster = observer(() => {
  const toaster = toasterOf(useContainer());
  const toast = toaster.current;
  const box =
    toast === null ? null : (
      <div key={toast.id} className={`toast toast--${toast.kind}`}>
        <p className="toast__message">{toast.message}</p>
        {toast.action !== undefined && (
          <Link
            className="toast__link"
            to={toast.action.to}
            onClick={() => toaster.dismiss(toast.id)}
          >
            {toast.action.label}
          </Link>
        )}
        <button
          type="button"
          className="toast__close"
          aria-label="Dismiss message"
          onClick={() => toaster.dismiss(toast.id)}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
    );
  const quiet = toast?.quiet === true;
  return (
    <>
      <div className="toast-region" role="status" aria-live="polite">
        {quiet ? null : box}
      </div>
      {quiet && <div className="toast-region">{box}</div>}
    </>
  );
});
