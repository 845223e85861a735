import type { FinishOption } from '../../core/catalog/product';

/** Display-only finish dots for tiles (the product page has selectable swatches). */
export const SwatchDots = ({
  finishes,
  max = 6,
}: {
  finishes: readonly FinishOption[];
  max?: number;
}) => {
  const live = finishes.filter((f) => !f.discontinued);
  if (live.length <= 1) return null;
  const shown = live.slice(0, max);
  return (
    <p className="swatch-dots">
      <span className="visually-hidden">{`Available in ${live.length} finishes: ${live.map((f) => f.name).join(', ')}`}</span>
      {shown.map((f) => (
        <span
          key={f.sku}
          className="swatch-dot"
          style={{ background: f.hex }}
          title={f.name}
          aria-hidden="true"
        />
      ))}
      {live.length > max && (
        <span className="swatch-dots__more" aria-hidden="true">
          +{live.length - max}
        </span>
      )}
    </p>
  );
};
