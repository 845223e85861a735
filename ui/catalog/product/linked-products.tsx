import { useId } from 'react';
import { Link } from 'react-router';
import type { ProductSummary } from '../../../core/catalog/product';
import { customerFacingSku } from '../../../core/shared/sku';
import { Price } from '../../components/price';
import { ProductImage } from '../../components/product-image';

/** Small linked tiles in the buy box: required items, a super SKU's parts, models a part fits. */
export const LinkedProducts = ({
  title,
  products,
  showPrice = true,
  grid = false,
}: {
  title: string;
  products: readonly ProductSummary[];
  showPrice?: boolean;
  /** Lay the tiles out in columns (a full-width section) rather than one under another. */
  grid?: boolean;
}) => {
  const id = useId();
  if (products.length === 0) return null;
  return (
    <section className={grid ? 'linked linked--grid' : 'linked'} aria-labelledby={id}>
      <h2 id={id} className="linked__title">
        {title}
      </h2>
      <ul className="linked__list">
        {products.map((p) => (
          <li key={p.sku} className="mini-tile">
            <ProductImage
              className="mini-tile__image"
              src={p.image.url}
              alt=""
              width={56}
              height={56}
            />
            <span className="mini-tile__text">
              <Link className="mini-tile__title" to={p.path}>
                {p.title}
              </Link>
              <span className="mini-tile__meta">
                <span>{`Model ${customerFacingSku(p.sku)}`}</span>
                {showPrice && <Price price={p.price} />}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
};
