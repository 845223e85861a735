/** Spec §8 session timeout: 'Your session is expired.. Please login again...' (and the redirect note). */
import { observer } from 'mobx-react-lite';
import type { AuthViewModel } from './auth-view-model';

export const SessionNotice = observer(({ auth }: { auth: AuthViewModel }) => {
  const notice = auth.sessionNotice;
  if (notice === null) return null;
  return (
    <div className="session-notice" role="alert">
      {notice.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <div className="session-notice__actions">
        <button
          type="button"
          className="button button--small button--primary"
          onClick={() => {
            auth.dismissSessionNotice();
            auth.openModal('signIn');
          }}
        >
          Sign in again
        </button>
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() => auth.dismissSessionNotice()}
        >
          Dismiss
        </button>
      </div>
    </div>
  );
});
