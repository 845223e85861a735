/**
 * Below 768 px the facets move into a "Filters" drawer: the shared modal Dialog, sliding in from
 * the side, that keeps focus inside (starting on its close button), makes the page behind inert,
 * closes on Escape, the close button, the backdrop or "Show N results", and gives focus back to
 * its button. The result count, hidden with the page behind, is said in the drawer.
 */
import { observer } from 'mobx-react-lite';
import { useRef, useState } from 'react';
import { Dialog } from '../../components/dialog';
import { FacetGroups } from './facet-groups';
import { resultCountText, type ListingViewModel } from './listing-view-model';

export const FiltersDrawer = observer(({ vm }: { vm: ListingViewModel }) => {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);

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
        <Dialog
          block="filters-drawer"
          title="Filters"
          closeLabel="Close filters"
          initialFocus="close"
          returnFocus={opener}
          busy={vm.isRefining}
          onClose={close}
          footer={
            <>
              {/* The page's own count is hidden behind the modal: the drawer says it instead. */}
              <span className="visually-hidden" role="status">
                {vm.result === null || vm.isRefining ? '' : resultCountText(vm.total)}
              </span>
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
            </>
          }
        >
          <FacetGroups vm={vm} />
        </Dialog>
      )}
    </>
  );
});
