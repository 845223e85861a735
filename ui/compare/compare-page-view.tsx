import { observer } from 'mobx-react-lite';
import { useId, type CSSProperties, type RefCallback } from 'react';
import { Link } from 'react-router';
import type { ProductDetails } from '../../core/catalog/product';
import { customerFacingSku } from '../../core/shared/sku';
import { Price } from '../components/price';
import { ProductImage } from '../components/product-image';
import { Rating } from '../components/rating';
import { useRemovalFocus, type RemovalFocus } from '../components/removal-focus';
import { EmptyState, ErrorState, Skeleton } from '../components/states';
import type { ComparePageViewModel } from './compare-page-view-model';

interface Props {
  readonly vm: ComparePageViewModel;
  /** Columns visible before the table scrolls sideways (3, 5 or 7 by width). */
  readonly columns: number;
  /** How many products are on their way, to shape the skeleton. */
  readonly expected: number;
  readonly onRemove: (product: ProductDetails) => void;
}

const Shell = ({
  children,
  busy = false,
  headingRef,
}: {
  children: React.ReactNode;
  busy?: boolean;
  /** Takes focus when the last product is removed. */
  headingRef: RefCallback<HTMLElement>;
}) => (
  <main id="main" className="page page--compare" aria-busy={busy}>
    <title>Compare products — Lavabo</title>
    <h1 ref={headingRef} tabIndex={-1}>
      Compare products
    </h1>
    {children}
  </main>
);

const tableStyle = (columns: number, count: number) =>
  ({ '--columns': columns, '--count': Math.max(count, 1) }) as CSSProperties;

const CompareSkeleton = ({ columns, count }: { columns: number; count: number }) => (
  <div className="compare-scroll" aria-hidden="true">
    <div className="compare-table compare-table--skeleton" style={tableStyle(columns, count)}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="compare-skeleton__column">
          <Skeleton className="compare-product__image" height="auto" />
          <Skeleton width="85%" />
          <Skeleton width="40%" />
          {[0, 1, 2, 3, 4].map((r) => (
            <Skeleton key={r} width="70%" />
          ))}
        </div>
      ))}
    </div>
  </div>
);

const ProductHeader = ({
  product,
  onRemove,
  focus,
}: {
  product: ProductDetails;
  onRemove: (product: ProductDetails) => void;
  focus: RemovalFocus;
}) => (
  <div ref={focus.item(product.sku)} className="compare-product">
    <ProductImage
      className="compare-product__image"
      src={product.image.url}
      alt=""
      width={200}
      height={200}
      priority
    />
    <Link className="compare-product__title" to={product.path}>
      {product.title}
    </Link>
    <span className="compare-product__sku">{`Model ${customerFacingSku(product.sku)}`}</span>
    <Price price={product.price} />
    <Rating rating={product.rating} count={product.reviewCount} />
    <button
      ref={focus.control(product.sku)}
      type="button"
      className="compare-product__remove"
      aria-label={`Remove ${product.title} from compare`}
      onClick={() => onRemove(product)}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
        <path
          d="M6 6l12 12M18 6 6 18"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      Remove
    </button>
  </div>
);

/** Side by side: a column per product, a row per fact, differing rows marked. */
export const ComparePageView = observer(({ vm, columns, expected, onRemove }: Props) => {
  const toggleId = useId();
  // After a product goes, focus moves to the next one's Remove, else to the page's heading.
  const focus = useRemovalFocus(vm.products.map((p) => p.sku));
  if (vm.status === 'idle' || vm.status === 'loading') {
    return (
      <Shell busy headingRef={focus.fallback}>
        <span className="visually-hidden" role="status">
          Loading the products to compare…
        </span>
        <CompareSkeleton columns={columns} count={Math.max(expected, 2)} />
      </Shell>
    );
  }
  if (vm.status === 'failed') {
    return (
      <Shell headingRef={focus.fallback}>
        <ErrorState
          title="We could not load the products to compare."
          message="Check your connection and try again."
          onRetry={() => void vm.retry()}
        />
      </Shell>
    );
  }
  if (vm.isEmpty) {
    return (
      <Shell headingRef={focus.fallback}>
        <EmptyState
          title="Nothing to compare yet"
          action={
            <span className="compare-empty__actions">
              <Link className="button button--primary" to="/en/bathroom">
                Shop bathroom
              </Link>
              <Link className="button button--secondary" to="/en/kitchen">
                Shop kitchen
              </Link>
            </span>
          }
        >
          <p>Add products to compare from any product list.</p>
        </EmptyState>
      </Shell>
    );
  }

  const products = vm.products;
  const groups = vm.visibleGroups;
  return (
    <Shell headingRef={focus.fallback}>
      <div className="compare-toolbar">
        <p className="compare-toolbar__count">
          {products.length === 1
            ? 'Add another product to see how they differ.'
            : `${products.length} products, ${vm.differenceCount} ${vm.differenceCount === 1 ? 'difference' : 'differences'}`}
        </p>
        <label className="compare-toolbar__toggle" htmlFor={toggleId}>
          <input
            id={toggleId}
            type="checkbox"
            checked={vm.onlyDifferences}
            onChange={(e) => vm.setOnlyDifferences(e.target.checked)}
          />
          Show only differences
        </label>
      </div>
      <div className="compare-scroll" role="region" aria-label="Comparison table" tabIndex={0}>
        <table className="compare-table" style={tableStyle(columns, products.length)}>
          <caption className="visually-hidden">{`Comparison of ${products.length} products`}</caption>
          <colgroup>
            <col className="compare-table__label-col" />
            {products.map((p) => (
              <col key={p.sku} />
            ))}
          </colgroup>
          <thead>
            <tr>
              <td className="compare-table__corner" />
              {products.map((p) => (
                <th key={p.sku} scope="col">
                  <ProductHeader product={p} onRemove={onRemove} focus={focus} />
                </th>
              ))}
            </tr>
          </thead>
          {groups.map((group) => (
            <tbody key={group.key}>
              {group.title !== null && (
                <tr className="compare-table__group">
                  <th scope="rowgroup" colSpan={products.length + 1}>
                    {group.title}
                  </th>
                </tr>
              )}
              {group.rows.map((row) => (
                <tr
                  key={row.key}
                  className={row.differs ? 'compare-row compare-row--differs' : 'compare-row'}
                >
                  <th scope="row">
                    {row.label}
                    {row.differs && <span className="visually-hidden"> (differs)</span>}
                  </th>
                  {row.values.map((value, i) => (
                    <td key={products[i]?.sku ?? i}>{value}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
      {groups.length === 0 && (
        <p className="compare-toolbar__count">These products agree on everything we list.</p>
      )}
    </Shell>
  );
});
