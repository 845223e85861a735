import type { DerivedLineItem } from '../../core/cart/derive-line-items';
import { formatMoney, money } from '../../core/shared/money';

/**
 * What one unit costs now — the line total divided by its quantity — with the list price struck
 * through when a sale or promotion took something off, so the unit and the total agree.
 */
export const UnitPrice = ({ line, currency }: { line: DerivedLineItem; currency: string }) => {
  const now = formatMoney(money(line.discountUnitPriceCents, currency));
  if (line.discountUnitPriceCents >= line.unitPriceCents) {
    return <p className="cart-line__unit">{`${now} each`}</p>;
  }
  const was = formatMoney(money(line.unitPriceCents, currency));
  return (
    <p className="cart-line__unit">
      <span className="visually-hidden">{`${now} each, was ${was}`}</span>
      <span aria-hidden="true" className="cart-line__unit-now">{`${now} each`}</span>{' '}
      <s aria-hidden="true" className="cart-line__unit-was">
        {was}
      </s>
    </p>
  );
};
