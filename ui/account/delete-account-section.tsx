/**
 * Account settings: delete the account (spec §7 DELETE /customer/account). Says what goes and that
 * orders stay findable by number; the delete itself waits for a confirmation dialog in which the
 * customer types DELETE. The dialog keeps focus inside (Tab wraps, the page behind is inert),
 * Escape or Cancel closes it and focus returns to the button that opened it. A failure is said in
 * the dialog, which stays open to try again; success leaves for the home page with a notice and
 * signs out on this device.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, type FormEvent, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router';
import { DELETE_CONFIRMATION_WORD } from '../../core/account/account-security';
import type { DeleteAccount } from '../../core/account/delete-account';
import { routes } from '../../core/content/routes';
import { TYPES } from '../../adapters/di/types';
import { useViewModel } from '../app/container-context';
import { useAuth } from '../auth/auth-context';
import { Field } from '../auth/field';
import { Dialog } from '../components/dialog';
import { withAccountNotice } from './account-notice';
import { DeleteAccountViewModel } from './delete-account-view-model';
import './account-security.css';

const ConfirmDeleteDialog = observer(
  ({ vm, opener }: { vm: DeleteAccountViewModel; opener: RefObject<HTMLButtonElement | null> }) => {
    const textId = useId();
    const form = useRef<HTMLFormElement>(null);

    const submit = async (event: FormEvent) => {
      event.preventDefault();
      if (await vm.confirm()) return;
      if (vm.confirmationError !== null) form.current?.querySelector<HTMLElement>('input')?.focus();
    };
    const busy = vm.busy;

    // Focus goes back to the opener on close (not when the account is gone: we leave the page).
    return (
      <Dialog
        block="modal"
        title="Delete your account?"
        describedBy={textId}
        returnFocus={opener}
        onClose={() => vm.cancel()}
      >
        <form
          ref={form}
          className="auth-form"
          noValidate
          aria-busy={busy}
          onSubmit={(e) => void submit(e)}
        >
          <p id={textId} className="account-security__text">
            This cannot be undone. Your sign-in, saved addresses, favorites and carts are deleted
            and you are signed out everywhere. Your orders stay findable by order number and e-mail
            address.
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
            <button type="submit" className="button account-security__danger" aria-disabled={busy}>
              {busy ? 'Deleting…' : vm.stage === 'failed' ? 'Try again' : 'Delete my account'}
            </button>
          </div>
        </form>
      </Dialog>
    );
  },
);

export const DeleteAccountSection = observer(() => {
  const auth = useAuth();
  const navigate = useNavigate();
  // Resolves `leave` once this section is off the screen. The router has finished navigating
  // before React shows the next page (it renders it in a transition, slowly on a busy machine):
  // signing out in between would make the secure-page guard, still on screen, send the shopper to
  // the login page instead of home.
  const left = useRef<() => void>(() => undefined);
  useEffect(() => () => left.current(), []);
  const vm = useViewModel(
    (c) =>
      new DeleteAccountViewModel({
        deleteAccount: c.get<DeleteAccount>(TYPES.DeleteAccount),
        forgetSession: () => auth.forgetDeletedAccount(),
        leave: (notice) =>
          new Promise<void>((resolve, reject) => {
            left.current = resolve;
            Promise.resolve(navigate(auth.homePath, { state: withAccountNotice(notice) })).catch(
              reject,
            );
          }),
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
