import { effectiveCents, type Price as PriceValue } from '../../core/catalog/product';
import { formatMoney, money } from '../../core/shared/money';

/** A price; on sale, the sale price beside the struck list price, read out as a sentence. */
export const Price = ({ price, size = 'md' }: { price: PriceValue; size?: 'md' | 'lg' }) => {
  const now = formatMoney(money(effectiveCents(price), price.currency));
  if (price.saleCents === null) {
    return <span className={`price price--${size}`}>{now}</span>;
  }
  const was = formatMoney(money(price.listCents, price.currency));
  return (
    <span className={`price price--${size} price--sale`}>
      <span className="visually-hidden">{`Sale price ${now}, was ${was}`}</span>
      <span aria-hidden="true" className="price__now">
        {now}
      </span>{' '}
      <s aria-hidden="true" className="price__was">
        {was}
      </s>
    </span>
  );
};
