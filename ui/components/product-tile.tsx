import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { Link } from 'react-router';
import type { ProductSummary } from '../../core/catalog/product';
import { tileStock } from '../../core/catalog/tile-stock';
import { useCompare } from '../compare/compare-context';
import { FavoriteButton } from '../lists/favorite-button';
import { Price } from './price';
import { IMAGE_SIZES, ProductImage } from './product-image';
import { Rating } from './rating';
import { SwatchDots } from './swatches';
import { tileStockText, tileStockTone } from './tile-stock-text';

interface Props {
  readonly product: ProductSummary;
  /** The first row of a grid loads its images eagerly. */
  readonly priority?: boolean;
  /** Heading level of the title within the page. */
  readonly headingLevel?: 2 | 3;
  /** Hide the compare control (e.g. inside the compare tray). */
  readonly compare?: boolean;
  /** How wide the tile's image is at each layout width (IMAGE_SIZES); a page-wide grid's by default. */
  readonly sizes?: string;
}

/** A product in a grid: image, finishes, title, price, rating, and "Add to compare". */
export const ProductTile = observer(
  ({
    product,
    priority = false,
    headingLevel = 3,
    compare = true,
    sizes = IMAGE_SIZES.tile,
  }: Props) => {
    const compareVm = useCompare();
    const Heading = `h${headingLevel}` as const;
    const compared = compareVm.isCompared(product.sku);
    const titleId = useId();
    const stock = tileStock(product);
    return (
      <article className="product-tile">
        <Link
          to={product.path}
          className="product-tile__image-link"
          tabIndex={-1}
          aria-hidden="true"
        >
          <ProductImage
            className="product-tile__image"
            src={product.image.url}
            alt=""
            width={400}
            height={400}
            priority={priority}
            sizes={sizes}
          />
        </Link>
        {product.saleOffer !== null && product.price.saleCents !== null && (
          <p className="badge-sale">Sale</p>
        )}
        <FavoriteButton product={product} describedBy={titleId} />
        <SwatchDots finishes={product.finishes} />
        <Heading className="product-tile__title" id={titleId}>
          <Link to={product.path}>{product.title}</Link>
        </Heading>
        <Price price={product.price} />
        <Rating rating={product.rating} count={product.reviewCount} />
        {product.retailExclusive && <p className="product-tile__note">Available in stores</p>}
        {stock !== null && (
          <p className={`product-tile__stock product-tile__stock--${tileStockTone(stock)}`}>
            {tileStockText(stock)}
          </p>
        )}
        {compare && (
          <button
            type="button"
            className={`compare-toggle${compared ? ' compare-toggle--on' : ''}`}
            aria-pressed={compared}
            aria-describedby={titleId}
            onClick={() => void compareVm.toggle(product)}
          >
            {/* The name stays "Add to compare" (pinned); aria-pressed says whether it is on. */}
            Add to compare
          </button>
        )}
      </article>
    );
  },
);
