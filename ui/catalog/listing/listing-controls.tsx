/** Sort and per-page selects, active-filter chips and pagination of the product list and search. */
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { Link } from 'react-router';
import type { ListingViewModel } from './listing-view-model';

export const SortSelect = observer(({ vm }: { vm: ListingViewModel }) => {
  const id = useId();
  return (
    <div className="listing__control">
      <label htmlFor={id}>Sort by</label>
      <select id={id} value={vm.sort} onChange={(e) => vm.setSort(e.target.value)}>
        {vm.sortOptions.map((o) => (
          <option key={o.key} value={o.key}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
});

/** 30, 60 or 90 a page; not offered below 768 px, where it is always 30 (spec §9). */
export const PerPageSelect = observer(({ vm }: { vm: ListingViewModel }) => {
  const id = useId();
  if (!vm.showPerPage) return null;
  return (
    <div className="listing__control listing__control--per-page">
      <label htmlFor={id}>Products per page</label>
      <select id={id} value={vm.perPage} onChange={(e) => vm.setPerPage(Number(e.target.value))}>
        {vm.perPageOptions.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
});

export const ActiveFilterChips = observer(({ vm }: { vm: ListingViewModel }) => {
  const chips = vm.chips;
  if (chips.length === 0) return null;
  return (
    <section className="chips" aria-label="Active filters">
      <ul className="chips__list">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              className="chip"
              aria-label={`Remove filter: ${chip.label}`}
              onClick={() => vm.removeChip(chip)}
            >
              <span>{chip.label}</span>
              <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
                <path
                  d="m4 4 8 8M12 4l-8 8"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="chips__clear" onClick={() => vm.clearAll()}>
        Clear all
      </button>
    </section>
  );
});

/** Page links: "Previous page", the numbers around the current one, "Next page". */
export const Pagination = observer(({ vm }: { vm: ListingViewModel }) => {
  const items = vm.pageItems;
  if (items.length === 0) return null;
  return (
    <nav className="pagination" aria-label="Pagination">
      <ul className="pagination__list">
        <li>
          {vm.hasPrevious ? (
            <Link
              className="pagination__step"
              to={vm.pageHref(vm.page - 1)}
              rel="prev"
              aria-label="Previous page"
            >
              <span aria-hidden="true">‹</span> Previous
            </Link>
          ) : (
            <span className="pagination__step pagination__step--off" aria-hidden="true">
              ‹ Previous
            </span>
          )}
        </li>
        {items.map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <Link
                className="pagination__page"
                to={vm.pageHref(item.page)}
                {...(item.current ? { 'aria-current': 'page' as const } : {})}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
        <li>
          {vm.hasNext ? (
            <Link
              className="pagination__step"
              to={vm.pageHref(vm.page + 1)}
              rel="next"
              aria-label="Next page"
            >
              Next <span aria-hidden="true">›</span>
            </Link>
          ) : (
            <span className="pagination__step pagination__step--off" aria-hidden="true">
              Next ›
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
});
