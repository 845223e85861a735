/**
 * The facet groups of a product list or search page: one fieldset per facet (its legend is the
 * group's name), checkboxes named "Matte Black (12)", then the price ranges.
 */
import { observer } from 'mobx-react-lite';
import { useId, useState } from 'react';
import { formatCount } from '../../../core/shared/count';
import type { FacetView, ListingViewModel, PriceOptionView } from './listing-view-model';

/** Longer lists show this many values until the shopper asks for the rest. */
export const FACET_VALUES_SHOWN = 8;

const FacetOption = ({
  label,
  count,
  checked,
  onToggle,
}: {
  label: string;
  count: number;
  checked: boolean;
  onToggle: () => void;
}) => (
  <li className="facet__option">
    <label className="facet__label">
      <input type="checkbox" checked={checked} onChange={onToggle} />
      <span className="facet__text">{label}</span>{' '}
      <span className="facet__count">({formatCount(count)})</span>
    </label>
  </li>
);

const FacetGroup = observer(({ facet, vm }: { facet: FacetView; vm: ListingViewModel }) => {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  // A checked value is never hidden behind "Show more".
  const long = facet.values.length > FACET_VALUES_SHOWN;
  const shown =
    expanded || !long
      ? facet.values
      : facet.values.filter((v, i) => i < FACET_VALUES_SHOWN || v.checked);
  return (
    <fieldset className="facet">
      <legend className="facet__legend">{facet.label}</legend>
      <ul className="facet__options" id={listId}>
        {shown.map((v) => (
          <FacetOption
            key={v.value}
            label={v.label}
            count={v.count}
            checked={v.checked}
            onToggle={() => vm.toggleFilter(facet.field, v.value)}
          />
        ))}
      </ul>
      {long && (
        <button
          type="button"
          className="facet__more"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Show fewer' : `Show all ${facet.values.length}`}
        </button>
      )}
    </fieldset>
  );
});

const PriceGroup = observer(
  ({ options, vm }: { options: readonly PriceOptionView[]; vm: ListingViewModel }) => (
    <fieldset className="facet">
      <legend className="facet__legend">Price</legend>
      <ul className="facet__options">
        {options.map((o) => (
          <FacetOption
            key={`${o.price.fromCents}-${o.price.toCents}`}
            label={o.label}
            count={o.count}
            checked={o.checked}
            onToggle={() => vm.togglePrice(o.price)}
          />
        ))}
      </ul>
    </fieldset>
  ),
);

export const FacetGroups = observer(({ vm }: { vm: ListingViewModel }) => {
  const facets = vm.facets;
  const prices = vm.priceOptions;
  if (facets.length === 0 && prices.length === 0) {
    return <p className="facets__none">No filters for these results.</p>;
  }
  return (
    <div className="facets">
      {facets.map((facet) => (
        <FacetGroup key={facet.field} facet={facet} vm={vm} />
      ))}
      {prices.length > 0 && <PriceGroup options={prices} vm={vm} />}
    </div>
  );
});
