import { observer } from 'mobx-react-lite';
import { Link } from 'react-router';
import { ProductTile } from '../../components/product-tile';
import { ErrorState, Skeleton } from '../../components/states';
import { BuyBox } from './buy-box';
import { LinkedProducts } from './linked-products';
import { Accordion, Tabs, type Section } from './disclosure';
import { ProductGallery } from './product-gallery';
import type { ProductViewModel } from './product-view-model';
import { ReviewsSection } from './reviews-section';
import { DocumentList, SpecTables } from './spec-tables';
import { PageMeta } from '../../components/page-meta';
import { StructuredData } from '../../components/structured-data';
import { isRegistrableCategory } from '../../../core/registration/registration-rules';
import { SaveToList } from '../../lists/save-to-list';
import {
  breadcrumbStructuredData,
  productStructuredData,
} from '../../../core/catalog/structured-data';

interface Props {
  readonly vm: ProductViewModel;
  readonly isPart: boolean;
  readonly onSelectFinish: (sku: string) => void;
}

const ProductSkeleton = () => (
  <main id="main" className="page page--product page--skeleton" aria-busy="true">
    <title>Product details — Lavabo</title>
    <h1 className="visually-hidden">Product details</h1>
    <span className="visually-hidden" role="status">
      Loading product…
    </span>
    <div className="breadcrumb" aria-hidden="true">
      <Skeleton width="220px" />
    </div>
    <div className="pdp" aria-hidden="true">
      <div className="pdp__gallery">
        <Skeleton className="gallery__skeleton" height="auto" />
      </div>
      <div className="pdp__buy buy-box">
        <Skeleton width="35%" />
        <Skeleton width="85%" height="2.25rem" />
        <Skeleton width="25%" />
        <Skeleton width="40%" />
        <Skeleton width="30%" height="1.75rem" />
        <div className="finish-picker__options">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="swatch swatch--skeleton" width="44px" height="44px" />
          ))}
        </div>
        <Skeleton width="45%" />
        <Skeleton width="180px" height="44px" />
      </div>
    </div>
  </main>
);

const ProductNotFound = () => (
  <main id="main" className="page page--product">
    <title>Product not found — Lavabo</title>
    <div className="pdp-missing">
      <h1>We can’t find that product</h1>
      <p>
        It may no longer be sold, or the link may be mistyped. Try the search box at the top of the
        page — a product name or a model number such as 4120 both work.
      </p>
      <ul className="pdp-missing__links">
        <li>
          <Link className="button button--primary" to="/en/bathroom">
            Shop bathroom
          </Link>
        </li>
        <li>
          <Link className="button button--secondary" to="/en/kitchen">
            Shop kitchen
          </Link>
        </li>
        <li>
          <Link className="button button--secondary" to="/en/service-parts">
            Find a service part
          </Link>
        </li>
      </ul>
    </div>
  </main>
);

/** The product page: gallery and buy box, then the information sections. */
export const ProductPageView = observer(({ vm, isPart, onSelectFinish }: Props) => {
  if (vm.status === 'idle' || vm.status === 'loading') return <ProductSkeleton />;
  if (vm.status === 'failed') {
    return (
      <main id="main" className="page page--product">
        <title>{vm.documentTitle}</title>
        <h1>Product details</h1>
        <ErrorState
          title="We could not load this product."
          message="Check your connection and try again."
          onRetry={() => void vm.retry()}
        />
      </main>
    );
  }
  const product = vm.product;
  const page = vm.page;
  if (product === null || page === null) return <ProductNotFound />;

  const sections: Section[] = [
    {
      key: 'details',
      title: 'Details',
      content: (
        <div className="pdp-details">
          {vm.descriptionParagraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
          <dl className="pdp-details__facts">
            <div>
              <dt>Brand</dt>
              <dd>{product.brand}</dd>
            </div>
            {product.collection !== null && (
              <div>
                <dt>Collection</dt>
                <dd>{product.collection}</dd>
              </div>
            )}
            <div>
              <dt>Category</dt>
              <dd>{product.categoryName}</dd>
            </div>
          </dl>
        </div>
      ),
    },
    { key: 'specs', title: 'Specifications', content: <SpecTables groups={vm.specGroups} /> },
    {
      key: 'documents',
      title: 'Documents',
      content: (
        <div className="pdp-documents">
          <DocumentList documents={vm.documents} />
          <p>
            <Link to={`/en/technical-specs/${encodeURIComponent(product.sku)}`}>
              Printable technical specifications
            </Link>
          </p>
          {isRegistrableCategory(product.category) ? (
            <>
              <p>
                <Link
                  to={`/en/register-product/offline?model=${encodeURIComponent(vm.selectedSku ?? product.sku)}`}
                >
                  Register this product
                </Link>
              </p>
              <SaveToList
                target="products"
                product={{ sku: vm.selectedSku ?? product.sku, title: product.title }}
              />
            </>
          ) : (
            // A design or install service: kept with the services in my services.
            <SaveToList
              target="services"
              product={{ sku: vm.selectedSku ?? product.sku, title: product.title }}
            />
          )}
        </div>
      ),
    },
  ];

  return (
    <main id="main" className={`page page--product page--product-${vm.layout}`}>
      <title>{vm.documentTitle}</title>
      <PageMeta description={product.description} canonical={vm.canonicalHref} />
      <StructuredData
        data={productStructuredData({
          product,
          sku: vm.selectedFinish?.sku ?? product.sku,
          availability: vm.availability,
          url: vm.canonicalHref,
          imageUrls: vm.images.map((image) => image.url),
        })}
      />
      <StructuredData
        data={breadcrumbStructuredData([
          { name: 'Home', path: '/en' },
          {
            name: product.categoryName,
            path: `/en/products/${encodeURIComponent(product.category)}`,
          },
          { name: product.title, path: vm.canonicalHref },
        ])}
      />
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to="/en">Home</Link>
          </li>
          <li>
            <Link to={`/en/products/${encodeURIComponent(product.category)}`}>
              {product.categoryName}
            </Link>
          </li>
          <li aria-current="page">{product.title}</li>
        </ol>
      </nav>
      <div className="pdp">
        <div className="pdp__gallery">
          <ProductGallery vm={vm} />
        </div>
        <div className="pdp__buy">
          <BuyBox vm={vm} isPart={isPart} onSelectFinish={onSelectFinish} />
        </div>
      </div>
      {page.fitsModels.length > 0 && (
        <div className="pdp-section">
          <LinkedProducts title="Fits models" products={page.fitsModels} showPrice={false} grid />
        </div>
      )}
      {vm.layout === 'standard' ? (
        <div className="pdp-section">
          <Tabs label="Product information" sections={sections} />
        </div>
      ) : (
        <>
          <div className="pdp-section">
            <Accordion sections={sections} initiallyOpen={['details']} />
          </div>
          {product.reviewCount > 0 && <ReviewsSection vm={vm} />}
          {page.pairsWellWith.length > 0 && (
            <section className="pdp-section" aria-labelledby="pairs-title">
              <h2 id="pairs-title">Pairs well with</h2>
              <ul className="product-grid">
                {page.pairsWellWith.map((p) => (
                  <li key={p.sku}>
                    <ProductTile product={p} />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </main>
  );
});
