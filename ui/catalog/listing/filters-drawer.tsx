/**
 * Below 768 px the facets move into a "Filters" drawer: a modal dialog that keeps focus inside,
 * closes on Escape, the close button or the backdrop, and gives focus back to its button.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { trapTab } from '../../components/focus-trap';
import { FacetGroups } from './facet-groups';
import { resultCountText, type ListingViewModel } from './listing-view-model';

export const FiltersDrawer = observer(({ vm }: { vm: ListingViewModel }) => {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    closeButton.current?.focus();
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [open]);

  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      return;
    }
    trapTab(event, dialog.current);
  };

  const count = vm.refinementCount;
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="button button--secondary listing__filters-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        {count === 0 ? 'Filters' : `Filters (${count})`}
      </button>
      {open && (
        <div className="filters-drawer">
          <div className="filters-drawer__backdrop" aria-hidden="true" onClick={close} />
          <div
            ref={dialog}
            className="filters-drawer__panel"
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            onKeyDown={onKeyDown}
          >
            <div className="filters-drawer__head">
              <h2 id={titleId} className="filters-drawer__title">
                Filters
              </h2>
              <button
                ref={closeButton}
                type="button"
                className="filters-drawer__close"
                aria-label="Close filters"
                onClick={close}
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
            <div className="filters-drawer__body" aria-busy={vm.isRefining}>
              <FacetGroups vm={vm} />
            </div>
            <div className="filters-drawer__foot">
              {vm.hasRefinements && (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => vm.clearAll()}
                >
                  Clear all
                </button>
              )}
              <button type="button" className="button button--primary" onClick={close}>
                {vm.result === null ? 'Show results' : `Show ${resultCountText(vm.total)}`}
              </button>
            </div>
          </div>
        </div>
      )}
    </>
  );
});
