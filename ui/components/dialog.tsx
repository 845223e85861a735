/**
 * The one modal dialog frame (DESIGN.md: modals trap focus and close on Escape), shared by the auth
 * dialog, the delete-account confirmation and the filters drawer. It renders into <body> so the
 * rest of the page can be made inert and hidden from assistive technology; it is labelled by its
 * title; Escape, the backdrop and the close button close it; focus moves in when it opens, Tab
 * wraps inside, and focus goes back to whatever opened it when it closes. A caller shows it by
 * rendering it and closes it by no longer rendering it, and gives its look as a BEM block name
 * (`modal`, `filters-drawer`) whose elements are `__backdrop`, `__panel`, `__head`, `__title`,
 * `__close`, `__body` and `__foot`.
 */
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { FOCUSABLE, trapTab, useInertBackground } from './focus-trap';
import './dialog.css';

export interface DialogProps {
  /** The dialog's name, shown as its heading. */
  readonly title: ReactNode;
  /** Asked to close (Escape, the backdrop or the close button): stop rendering the dialog. */
  readonly onClose: () => void;
  /** The BEM block of the frame's classes. */
  readonly block: string;
  /** The close button's accessible name; without one the head has no close button. */
  readonly closeLabel?: string | undefined;
  /** The id of the text that describes the dialog. */
  readonly describedBy?: string | undefined;
  /** Where focus goes on open: the body's first control (the default) or the close button. */
  readonly initialFocus?: 'content' | 'close' | undefined;
  /** When this changes, focus moves to the body's first control again (the content was swapped). */
  readonly contentKey?: string | undefined;
  /** Gets focus back on close; by default, whatever had focus when the dialog opened. */
  readonly returnFocus?: RefObject<HTMLElement | null> | undefined;
  /** The body is being refreshed. */
  readonly busy?: boolean | undefined;
  /** Actions pinned below the body. */
  readonly footer?: ReactNode | undefined;
  readonly children: ReactNode;
}

/** The page behind does not scroll while a modal is open; the previous setting comes back. */
const useScrollLock = (): void => {
  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);
};

const CloseIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
    <path d="m6 6 12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

export const Dialog = ({
  title,
  onClose,
  block,
  closeLabel,
  describedBy,
  initialFocus = 'content',
  contentKey,
  returnFocus,
  busy,
  footer,
  children,
}: DialogProps) => {
  const titleId = useId();
  const host = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const opener = useRef<Element | null>(null);

  // Taken before any effect moves focus or makes the page inert (layout effects run first).
  useLayoutEffect(() => {
    opener.current = returnFocus?.current ?? document.activeElement;
  }, [returnFocus]);

  // Declared before the focus return below, so on close the page is usable again before focus
  // goes back to it (an inert element cannot take focus).
  useInertBackground(true, host);
  useScrollLock();

  useEffect(() => {
    const back = opener.current;
    return () => {
      if (back instanceof HTMLElement && back.isConnected) back.focus();
    };
  }, []);

  useEffect(() => {
    const frame = panel.current;
    if (frame === null) return;
    const target =
      initialFocus === 'close'
        ? frame.querySelector<HTMLElement>(`.${block}__close`)
        : (frame.querySelector(`.${block}__body`)?.querySelector<HTMLElement>(FOCUSABLE) ?? null);
    (target ?? frame).focus();
  }, [block, initialFocus, contentKey]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    trapTab(event, panel.current);
  };

  return createPortal(
    <div ref={host} className={`dialog ${block}`}>
      <div className={`dialog__backdrop ${block}__backdrop`} aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        className={`dialog__panel ${block}__panel`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className={`dialog__head ${block}__head`}>
          <h2 id={titleId} className={`dialog__title ${block}__title`}>
            {title}
          </h2>
          {closeLabel !== undefined && (
            <button
              type="button"
              className={`dialog__close ${block}__close`}
              aria-label={closeLabel}
              onClick={onClose}
            >
              <CloseIcon />
            </button>
          )}
        </div>
        <div className={`dialog__body ${block}__body`} aria-busy={busy}>
          {children}
        </div>
        {footer !== undefined && <div className={`dialog__foot ${block}__foot`}>{footer}</div>}
      </div>
    </div>,
    document.body,
  );
};
