/**
 * Account settings: delete the account (spec §7 DELETE /customer/account). Says what goes and that
 * orders stay findable by number; the delete itself waits for a confirmation dialog in which the
 * customer types DELETE. The dialog keeps focus inside (Tab wraps, the page behind is inert),
 * Escape or Cancel closes it and focus returns to the button that opened it. A failure is said in
 * the dialog, which stays open to try again; success leaves for the home page with a notice and
 * signs out on this device.
 */
import { observer } from 'mobx-react-lite';
import {
  useEffect,
  useId,
  useRef,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { Link, useNavigate } from 'react-router';
import { DELETE_CONFIRMATION_WORD } from '../../core/account/account-security';
import { DeleteAccount } from '../../core/account/delete-account';
import type { AccountSecurityGateway } from '../../core/account/ports-security';
import { routes } from '../../core/content/routes';
import { TYPES } from '../../adapters/di/types';
import { useViewModel } from '../app/container-context';
import { useAuth } from '../auth/auth-context';
import { Field } from '../auth/field';
import { FOCUSABLE, trapTab, useInertBackground } from '../components/focus-trap';
import { withAccountNotice } from './account-notice';
import { DeleteAccountViewModel } from './delete-account-view-model';
import './account-security.css';

const ConfirmDeleteDialog = observer(
  ({ vm, opener }: { vm: DeleteAccountViewModel; opener: RefObject<HTMLButtonElement | null> }) => {
    const titleId = useId();
    const textId = useId();
    const host = useRef<HTMLDivElement>(null);
    const dialog = useRef<HTMLDivElement>(null);
    useInertBackground(true, host);

    useEffect(() => {
      (dialog.current?.querySelector<HTMLElement>(FOCUSABLE) ?? dialog.current)?.focus();
      const back = opener.current;
      // Back to the opener when the dialog closes (not when the account is gone: we leave).
      return () => {
        if (back?.isConnected) back.focus();
      };
    }, [opener]);

    const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        vm.cancel();
        return;
      }
      trapTab(event, dialog.current);
    };
    const submit = async (event: FormEvent) => {
      event.preventDefault();
      if (await vm.confirm()) return;
      if (vm.confirmationError !== null)
        dialog.current?.querySelector<HTMLElement>('input')?.focus();
    };
    const busy = vm.busy;

    return createPortal(
      <div ref={host} className="auth-modal">
        <div className="auth-modal__backdrop" aria-hidden="true" onClick={() => vm.cancel()} />
        <div
          ref={dialog}
          className="auth-modal__panel"
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={textId}
          tabIndex={-1}
          onKeyDown={onKeyDown}
        >
          <div className="auth-modal__head">
            <h2 id={titleId} className="auth-modal__title">
              Delete your account?
            </h2>
          </div>
          <div className="auth-modal__body">
            <form
              className="auth-form"
              noValidate
              aria-busy={busy}
              onSubmit={(e) => void submit(e)}
            >
              <p id={textId} className="account-security__text">
                This cannot be undone. Your sign-in, saved addresses, favorites and carts are
                deleted and you are signed out everywhere. Your orders stay findable by order number
                and e-mail address.
              </p>
              {vm.error !== null && (
                <p className="auth-form__alert" role="alert">
                  {vm.error}
                </p>
              )}
              <Field
                label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
                value={vm.confirmation}
                error={vm.confirmationError}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                onValue={(v) => vm.setConfirmation(v)}
              />
              <div className="account-security__actions">
                <button
                  type="button"
                  className="button button--secondary"
                  aria-disabled={busy}
                  onClick={() => vm.cancel()}
                >
                  Cancel
                </button>
                <button
                  type="submit"
                  className="button account-security__danger"
                  aria-disabled={busy}
                >
                  {busy ? 'Deleting…' : vm.stage === 'failed' ? 'Try again' : 'Delete my account'}
                </button>
              </div>
            </form>
          </div>
        </div>
      </div>,
      document.body,
    );
  },
);

export const DeleteAccountSection = observer(() => {
  const auth = useAuth();
  const navigate = useNavigate();
  const vm = useViewModel(
    (c) =>
      new DeleteAccountViewModel({
        deleteAccount: new DeleteAccount(
          c.get<AccountSecurityGateway>(TYPES.AccountSecurityGateway),
        ),
        leave: (notice) => navigate(auth.homePath, { state: withAccountNotice(notice) }),
        signOut: () => auth.signOut(),
      }),
  );
  const titleId = useId();
  const opener = useRef<HTMLButtonElement>(null);

  return (
    <section className="account-section account-security" aria-labelledby={titleId}>
      <h2 id={titleId} className="account-security__title">
        Delete account
      </h2>
      <p className="account-security__text">
        Deleting your account removes your sign-in, saved addresses, favorites and other lists, and
        your carts, and signs you out on every device. It cannot be undone.
      </p>
      <p className="account-security__text">
        Your orders are kept for our records: you can still look any of them up on{' '}
        <Link to={routes.orderStatus}>order status</Link> with its order number and e-mail address.
      </p>
      <div>
        <button
          ref={opener}
          type="button"
          className="button account-security__danger"
          aria-haspopup="dialog"
          onClick={() => vm.open()}
        >
          Delete account
        </button>
      </div>
      {vm.dialogOpen && <ConfirmDeleteDialog vm={vm} opener={opener} />}
    </section>
  );
});
