/**
 * Route `/en/account/my-products` (secure: the root layout's guard sends guests to sign in): the
 * products the customer registered or saved, each with its finish, purchase date, warranty, spec
 * sheet and documents, and the service parts that fit it, and a Remove for each.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { TYPES } from '../../adapters/di/types';
import type { ToggleListItem } from '../../core/lists/toggle-list-item';
import type {
  DownloadProofOfPurchase,
  LoadMyProducts,
  RemoveRegistration,
} from '../../core/registration/use-cases';
import { pageTitles } from '../app/page-titles';
import { useContainer } from '../app/container-context';
import { useRemovalFocus } from '../components/removal-focus';
import { saveFile } from '../components/save-file';
import { EmptyState, ErrorState, Skeleton } from '../components/states';
import {
  formatDay,
  MyProductsViewModel,
  productKey,
  warrantyText,
} from '../registration/my-products-view-model';
import '../registration/registration.css';

const apiUrl = (url: string): string => (url.startsWith('/crm/') ? `/api${url}` : url);

/** A file's size as a shopper reads it: 48 KB, 1.2 MB. */
const fileSize = (bytes: number): string =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

const MyProductsPage = observer(() => {
  const container = useContainer();
  const [vm] = useState(
    () =>
      new MyProductsViewModel({
        load: container.get<LoadMyProducts>(TYPES.LoadMyProducts),
        remove: container.get<RemoveRegistration>(TYPES.RemoveRegistration),
        unsave: container.get<ToggleListItem>(TYPES.ToggleMyProduct),
        proof: container.get<DownloadProofOfPurchase>(TYPES.DownloadProofOfPurchase),
        save: saveFile,
      }),
  );
  useEffect(() => {
    void vm.load();
  }, [vm]);
  // A Remove takes its product with it: focus goes to the next product's Remove, or the heading.
  const focus = useRemovalFocus(vm.products.map(productKey));

  const title = pageTitles.myProducts;
  return (
    <main id="main" className="page my-products">
      <title>{`${title} — Lavabo`}</title>
      <h1 tabIndex={-1} ref={focus.fallback}>
        {title}
      </h1>
      <div role="status" aria-live="polite" className="my-products__notice">
        {vm.notice}
      </div>
      <div aria-busy={vm.status === 'loading'}>
        {(vm.status === 'idle' || vm.status === 'loading') && (
          <>
            <span className="visually-hidden" role="status">
              Loading your products…
            </span>
            <Skeleton height="8rem" />
            <Skeleton height="8rem" />
          </>
        )}
        {vm.status === 'failed' && (
          <ErrorState
            title="We could not load your products."
            message="Please check your connection and try again."
            onRetry={() => void vm.load()}
          />
        )}
        {vm.isEmpty && (
          <EmptyState
            title="No products yet"
            action={
              <Link className="button" to="/en/register-product">
                Register a product
              </Link>
            }
          >
            <p>
              Register a product, or save one from its product page, to keep its warranty, documents
              and fitting parts here.
            </p>
          </EmptyState>
        )}
        {vm.status === 'succeeded' && vm.products.length > 0 && (
          <>
            <p>
              <Link to="/en/register-product">Register another product</Link>
            </p>
            <ul className="my-products__list" aria-label="My products">
              {vm.products.map((p) => {
                const headingId = `product-${productKey(p).replace(/[^A-Za-z0-9-]/g, '-')}`;
                const docs = [
                  ...(p.specSheetUrl !== null
                    ? [{ type: 'spec-sheet', title: 'Spec sheet', url: p.specSheetUrl }]
                    : []),
                  ...p.documents,
                ];
                return (
                  <li
                    key={productKey(p)}
                    ref={focus.item(productKey(p))}
                    className="my-products__item"
                  >
                    <article aria-labelledby={headingId} className="my-product">
                      <img
                        className="my-product__image"
                        src={p.image}
                        alt=""
                        width={96}
                        height={96}
                        loading="lazy"
                      />
                      <div className="my-product__body">
                        <h2 id={headingId} className="my-product__title">
                          <Link to={p.url}>{p.title}</Link>
                        </h2>
                        <dl className="my-product__facts">
                          <dt>Model number</dt>
                          <dd>{p.sku}</dd>
                          {p.finish !== null && (
                            <>
                              <dt>Finish</dt>
                              <dd>{p.finish}</dd>
                            </>
                          )}
                          <dt>Purchase date</dt>
                          <dd>
                            {p.purchaseDate !== null ? formatDay(p.purchaseDate) : 'Not registered'}
                          </dd>
                          {p.proofOfPurchase !== null && (
                            <>
                              <dt>Proof of purchase</dt>
                              <dd>
                                <button
                                  type="button"
                                  className="button button--link"
                                  aria-label={`Download ${p.proofOfPurchase.fileName}, the proof of purchase of ${p.title}`}
                                  aria-busy={vm.downloading === p.proofOfPurchase.assetId}
                                  onClick={() => void vm.downloadProof(p)}
                                >
                                  {p.proofOfPurchase.fileName}
                                </button>{' '}
                                ({fileSize(p.proofOfPurchase.size)})
                              </dd>
                            </>
                          )}
                          <dt>Warranty</dt>
                          <dd
                            className={`my-product__warranty my-product__warranty--${p.warranty.status}`}
                          >
                            {warrantyText(p)}
                          </dd>
                          {p.discontinued && (
                            <>
                              <dt>Availability</dt>
                              <dd>Discontinued</dd>
                            </>
                          )}
                        </dl>
                        {docs.length > 0 && (
                          <>
                            <h3 className="my-product__subtitle">Documents</h3>
                            <ul className="my-product__links">
                              {docs.map((d) => (
                                <li key={d.url}>
                                  <a href={apiUrl(d.url)}>{d.title}</a>
                                </li>
                              ))}
                            </ul>
                          </>
                        )}
                        {p.fittingParts.length > 0 && (
                          <>
                            <h3 className="my-product__subtitle">Service parts that fit</h3>
                            <ul className="my-product__links">
                              {p.fittingParts.map((part) => (
                                <li key={part.sku}>
                                  <Link to={part.url}>{part.title}</Link>
                                </li>
                              ))}
                            </ul>
                          </>
                        )}
                        <button
                          type="button"
                          className="button button--secondary my-product__remove"
                          ref={focus.control(productKey(p))}
                          aria-label={`Remove ${p.title}`}
                          aria-busy={vm.removing === productKey(p)}
                          disabled={vm.removing !== null}
                          onClick={() => void vm.remove(p)}
                        >
                          Remove
                        </button>
                      </div>
                    </article>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>
    </main>
  );
});

export default MyProductsPage;
