/**
 * The auth modal (spec §2 shell overlay): a dialog over the page with one of its views. Focus moves
 * into it and stays there (Tab cycles), Escape or the close button closes it and focus returns to
 * what opened it; the page behind is inert and hidden from assistive technology meanwhile.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import type { AuthViewModel } from './auth-view-model';
import { FOCUSABLE, trapTab, useInertBackground } from '../components/focus-trap';
import { AuthViews, viewTitles } from './auth-views';

export const AuthModal = observer(({ auth }: { auth: AuthViewModel }) => {
  const open = auth.modal.show;
  const titleId = useId();
  const host = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const opener = useRef<Element | null>(null);
  const view = auth.modal.view;

  useInertBackground(open, host);

  useEffect(() => {
    if (!open) return undefined;
    opener.current = document.activeElement;
    return () => {
      const back = opener.current;
      if (back instanceof HTMLElement && back.isConnected) back.focus();
    };
  }, [open]);

  // Each view starts with focus on its first field.
  useEffect(() => {
    if (!open || dialog.current === null) return;
    const body = dialog.current.querySelector('.auth-modal__body');
    const first = body?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog.current).focus();
  }, [open, view]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      auth.closeModal();
      return;
    }
    trapTab(event, dialog.current);
  };

  return createPortal(
    <div ref={host} className="auth-modal">
      <div className="auth-modal__backdrop" aria-hidden="true" onClick={() => auth.closeModal()} />
      <div
        ref={dialog}
        className="auth-modal__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="auth-modal__head">
          <h2 id={titleId} className="auth-modal__title">
            {viewTitles[view]}
          </h2>
          <button
            type="button"
            className="auth-modal__close"
            aria-label="Close"
            onClick={() => auth.closeModal()}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
              <path
                d="m6 6 12 12M18 6 6 18"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
        </div>
        <div className="auth-modal__body">
          <AuthViews auth={auth} />
        </div>
      </div>
    </div>,
    document.body,
  );
});
