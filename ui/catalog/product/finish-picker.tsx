import { observer } from 'mobx-react-lite';
import { useId, type CSSProperties } from 'react';
import type { FinishOption } from '../../../core/catalog/product';

interface Props {
  readonly finishes: readonly FinishOption[];
  readonly selectedSku: string | null;
  readonly onSelect: (sku: string) => void;
}

const markOf = (finish: FinishOption): string | null => {
  if (finish.discontinued) return 'Discontinued';
  if (finish.outOfStock) return 'Out of stock';
  return null;
};

/**
 * Finish swatches as a radio group named "Finish": native radios (arrow keys move between them),
 * each named by its finish; discontinued finishes are disabled, and a mark ("Discontinued",
 * "Out of stock") is the radio's description. The selected finish's name is shown as text.
 */
export const FinishPicker = observer(({ finishes, selectedSku, onSelect }: Props) => {
  const id = useId();
  if (finishes.length === 0) return null;
  const selected = finishes.find((f) => f.sku === selectedSku) ?? null;
  const selectedMark = selected === null ? null : markOf(selected);
  return (
    <div className="finish-picker">
      <p className="finish-picker__label">
        <span id={`${id}-label`}>Finish</span>
        {selected !== null && (
          <>
            <span aria-hidden="true">: </span>
            <span className="finish-picker__selected">{selected.name}</span>
            {selectedMark !== null && (
              <span className="finish-picker__mark">{` · ${selectedMark}`}</span>
            )}
          </>
        )}
      </p>
      <div role="radiogroup" aria-labelledby={`${id}-label`} className="finish-picker__options">
        {finishes.map((finish) => {
          const mark = markOf(finish);
          const markId = `${id}-${finish.sku}-mark`;
          const classes = [
            'swatch',
            finish.discontinued ? 'swatch--discontinued' : '',
            finish.outOfStock && !finish.discontinued ? 'swatch--out' : '',
          ]
            .filter((c) => c !== '')
            .join(' ');
          return (
            <span key={finish.sku} className="finish-picker__option">
              <input
                type="radio"
                name={`${id}-finish`}
                value={finish.sku}
                className={classes}
                style={{ '--swatch': finish.hex } as CSSProperties}
                aria-label={finish.name}
                {...(mark === null ? {} : { 'aria-describedby': markId })}
                title={mark === null ? finish.name : `${finish.name} — ${mark}`}
                checked={finish.sku === selectedSku}
                disabled={finish.discontinued}
                onChange={() => onSelect(finish.sku)}
              />
              {mark !== null && (
                <span id={markId} className="visually-hidden">
                  {mark}
                </span>
              )}
            </span>
          );
        })}
      </div>
    </div>
  );
});
