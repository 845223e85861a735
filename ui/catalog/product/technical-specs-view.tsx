import { observer } from 'mobx-react-lite';
import { Link } from 'react-router';
import { customerFacingSku } from '../../../core/shared/sku';
import { ProductImage } from '../../components/product-image';
import { ErrorState, Skeleton } from '../../components/states';
import { DocumentList, SpecTables } from './spec-tables';
import type { TechnicalSpecsViewModel } from './technical-specs-view-model';

const SheetSkeleton = () => (
  <main id="main" className="page tech-sheet" aria-busy="true">
    <title>Technical specifications — Lavabo</title>
    <h1 className="visually-hidden">Technical specifications</h1>
    <span className="visually-hidden" role="status">
      Loading technical specifications…
    </span>
    <div className="tech-sheet__header" aria-hidden="true">
      <Skeleton className="tech-sheet__image" height="auto" />
      <div>
        <Skeleton width="70%" height="2rem" />
        <Skeleton width="40%" />
        <Skeleton width="50%" />
      </div>
    </div>
    <div className="spec-tables" aria-hidden="true">
      {[0, 1].map((i) => (
        <div key={i}>
          <Skeleton width="30%" />
          <Skeleton width="100%" height="8rem" />
        </div>
      ))}
    </div>
  </main>
);

/** A product's specifications and documents laid out to read on screen and to print. */
export const TechnicalSpecsView = observer(({ vm }: { vm: TechnicalSpecsViewModel }) => {
  if (vm.status === 'idle' || vm.status === 'loading') return <SheetSkeleton />;
  if (vm.status === 'failed') {
    return (
      <main id="main" className="page tech-sheet">
        <title>{vm.documentTitle}</title>
        <h1>Technical specifications</h1>
        <ErrorState
          title="We could not load these specifications."
          message="Check your connection and try again."
          onRetry={() => void vm.retry()}
        />
      </main>
    );
  }
  const product = vm.product;
  if (product === null) {
    return (
      <main id="main" className="page tech-sheet">
        <title>{vm.documentTitle}</title>
        <div className="pdp-missing">
          <h1>We can’t find specifications for that model</h1>
          <p>
            {`There is no product with the model number ${customerFacingSku(vm.sku)}. Check the number, or search for the product with the search box at the top of the page.`}
          </p>
          <ul className="pdp-missing__links">
            <li>
              <Link className="button button--primary" to="/en/support/find-model-number">
                Find your model number
              </Link>
            </li>
            <li>
              <Link className="button button--secondary" to="/en/literature">
                Browse literature
              </Link>
            </li>
          </ul>
        </div>
      </main>
    );
  }
  const finish = vm.requestedFinish;
  return (
    <main id="main" className="page tech-sheet">
      <title>{vm.documentTitle}</title>
      <header className="tech-sheet__header">
        <ProductImage
          className="tech-sheet__image"
          src={finish?.imageUrl || product.image.url}
          alt=""
          width={200}
          height={200}
          priority
        />
        <div>
          <h1>{vm.title}</h1>
          <dl className="tech-sheet__facts">
            <dt>Model number</dt>
            <dd>{finish === null ? product.customerFacingSku : customerFacingSku(finish.sku)}</dd>
            {finish !== null && (
              <>
                <dt>Finish</dt>
                <dd>{finish.name}</dd>
              </>
            )}
            <dt>Brand</dt>
            <dd>{product.brand}</dd>
            {product.collection !== null && (
              <>
                <dt>Collection</dt>
                <dd>{product.collection}</dd>
              </>
            )}
            <dt>Category</dt>
            <dd>{product.categoryName}</dd>
          </dl>
          <div className="tech-sheet__actions">
            <button type="button" className="button button--primary" onClick={() => window.print()}>
              Print
            </button>
            <Link className="button button--secondary" to={product.path}>
              View product
            </Link>
          </div>
        </div>
      </header>
      <section aria-labelledby="tech-specs-title">
        <h2 id="tech-specs-title">Specifications</h2>
        <SpecTables groups={vm.specGroups} />
      </section>
      {vm.finishes.length > 0 && (
        <section aria-labelledby="tech-finishes-title">
          <h2 id="tech-finishes-title">Finishes</h2>
          <ul className="tech-sheet__finishes">
            {vm.finishes.map((f) => (
              <li key={f.sku}>
                <span className="swatch-dot" style={{ background: f.hex }} aria-hidden="true" />
                {`${f.name} (${customerFacingSku(f.sku)})${f.discontinued ? ' — discontinued' : ''}`}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="tech-documents-title">
        <h2 id="tech-documents-title">Documents</h2>
        <DocumentList documents={vm.documents} />
      </section>
    </main>
  );
});
