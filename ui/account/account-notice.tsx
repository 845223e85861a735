/**
 * A one-off notice carried by a navigation (router state), such as "Your account has been
 * deleted" on the page the delete-account section leaves for. Mounted once in the root layout; its
 * live region is always in the page, so the message is announced when it arrives. Dismissing it
 * drops the state, so going back or reloading does not show it again.
 */
import { useLocation, useNavigate } from 'react-router';
import './account-security.css';

const NOTICE_KEY = 'accountNotice';

/** The router state that carries `notice` to the next page. */
export const withAccountNotice = (notice: string): Readonly<Record<string, string>> => ({
  [NOTICE_KEY]: notice,
});

/** The notice a location's state carries, if any. */
export const accountNoticeOf = (state: unknown): string | null => {
  if (typeof state !== 'object' || state === null) return null;
  const notice: unknown = (state as Readonly<Record<string, unknown>>)[NOTICE_KEY];
  return typeof notice === 'string' && notice !== '' ? notice : null;
};

export const AccountNotice = () => {
  const location = useLocation();
  const navigate = useNavigate();
  const notice = accountNoticeOf(location.state);
  const dismiss = () =>
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null },
    );
  return (
    <div className="navigation-notice-region" role="status" aria-live="polite">
      {notice !== null && (
        <div className="navigation-notice">
          <p className="navigation-notice__text">{notice}</p>
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={dismiss}
          >
            Dismiss
          </button>
        </div>
      )}
    </div>
  );
};
