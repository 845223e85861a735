/**
 * The compare tray (spec §2 shell overlay, §4: open when the URL has a compare parameter or
 * products are compared): a bar at the bottom of the window with a slot per column (3, 5 or 7 by
 * width), "Compare", "Clear all", and a control to fold it away. Its messages are announced politely,
 * and go with the page they were said on. On the compare page itself it starts folded (the page
 * shows the products) and offers no "Compare" (the shopper is there).
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState, type CSSProperties } from 'react';
import { Link, useLocation } from 'react-router';
import { isCompareTrayOpen } from '../../core/compare/compare-tray';
import { matchRoute } from '../../core/content/routes';
import type { Clock } from '../../core/shared/clock';
import { customerFacingSku } from '../../core/shared/sku';
import { TYPES } from '../../adapters/di/types';
import { useContainer } from '../app/container-context';
import { ProductImage } from '../components/product-image';
import { useRemovalFocus } from '../components/removal-focus';
import { Skeleton } from '../components/states';
import { useCompare } from './compare-context';
import './compare-tray.css';

/** How long a message stays on screen (DESIGN.md: toasts for 5 s). */
export const TRAY_MESSAGE_MS = 5000;

export const CompareTray = observer(() => {
  const compareVm = useCompare();
  const container = useContainer();
  const [clock] = useState(() => container.get<Clock>(TYPES.Clock));
  const location = useLocation();
  const page = location.pathname;
  const onComparePage = matchRoute(page)?.id === 'compare';
  // Folding is remembered for the page it was done on; each page starts as it should.
  const [folding, setFolding] = useState<{ page: string; expanded: boolean } | null>(null);
  const expanded = folding?.page === page ? folding.expanded : !onComparePage;
  const id = useId();
  const message = compareVm.message;

  useEffect(() => {
    if (message === null) return;
    const timer = window.setTimeout(() => compareVm.dismissMessage(), TRAY_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [compareVm, message]);
  // "Remove one to add …" belongs to the page it was said on, not to the next one.
  useEffect(() => {
    compareVm.dismissMessage();
  }, [compareVm, page]);

  const open = isCompareTrayOpen(location.search, compareVm.state, clock.now());
  const skus = compareVm.skus;
  const count = skus.length;
  // After a product goes, focus moves to the next one's remove, else to the tray's heading (the
  // page's when the tray closed).
  const focus = useRemovalFocus(skus);
  const columns = compareVm.columns;
  const empties = Math.max(0, columns - count);
  const hintId = `${id}-hint`;

  return (
    <>
      <p className="visually-hidden" aria-live="polite">
        {message ?? ''}
      </p>
      {open && (
        <section
          className={`compare-tray${expanded ? '' : ' compare-tray--collapsed'}`}
          aria-label="Compare products"
        >
          <div className="compare-tray__inner">
            <div className="compare-tray__bar">
              <h2 ref={focus.fallback} className="compare-tray__title" tabIndex={-1}>
                Compare products{' '}
                <span className="compare-tray__count">{`${count} of ${Math.max(columns, count)}`}</span>
              </h2>
              {message !== null && (
                <p className="compare-tray__message" aria-hidden="true">
                  {message}
                </p>
              )}
              <div className="compare-tray__actions">
                {onComparePage ? null : count >= 2 ? (
                  <Link
                    className="button button--primary compare-tray__go"
                    to={compareVm.compareHref}
                  >
                    Compare
                  </Link>
                ) : (
                  <button
                    type="button"
                    className="button button--primary compare-tray__go"
                    disabled
                    aria-describedby={hintId}
                  >
                    Compare
                  </button>
                )}
                {count > 0 && (
                  <button
                    ref={focus.bulk}
                    type="button"
                    className="button button--small compare-tray__clear"
                    onClick={() => compareVm.clear()}
                  >
                    Clear all
                  </button>
                )}
                <button
                  type="button"
                  className="compare-tray__fold"
                  aria-expanded={expanded}
                  aria-controls={`${id}-slots`}
                  aria-label={expanded ? 'Hide compared products' : 'Show compared products'}
                  onClick={() => setFolding({ page, expanded: !expanded })}
                >
                  <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
                    <path
                      d="m6 9 6 6 6-6"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                </button>
              </div>
            </div>
            {count < 2 && !onComparePage && (
              <p id={hintId} className="compare-tray__hint">
                {count === 0
                  ? 'Add products to compare from any product list.'
                  : 'Add at least one more product to compare.'}
              </p>
            )}
            <ul
              id={`${id}-slots`}
              className="compare-tray__slots"
              style={{ '--columns': Math.max(columns, count) } as CSSProperties}
              hidden={!expanded}
            >
              {skus.map((sku) => {
                const product = compareVm.products.find((p) => p.sku === sku);
                const name = product?.title ?? `model ${customerFacingSku(sku)}`;
                return (
                  <li key={sku} ref={focus.item(sku)} className="compare-slot">
                    {product === undefined ? (
                      <Skeleton className="compare-slot__image" height="auto" />
                    ) : (
                      <ProductImage
                        className="compare-slot__image"
                        src={product.image.url}
                        alt=""
                        width={56}
                        height={56}
                      />
                    )}
                    {product === undefined ? (
                      <span className="compare-slot__title">{name}</span>
                    ) : (
                      <Link className="compare-slot__title" to={product.path}>
                        {product.title}
                      </Link>
                    )}
                    <button
                      ref={focus.control(sku)}
                      type="button"
                      className="compare-slot__remove"
                      aria-label={`Remove ${name} from compare`}
                      onClick={() => void compareVm.remove(sku)}
                    >
                      <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
                        <path
                          d="M6 6l12 12M18 6 6 18"
                          stroke="currentColor"
                          strokeWidth="2"
                          strokeLinecap="round"
                        />
                      </svg>
                    </button>
                  </li>
                );
              })}
              {Array.from({ length: empties }, (_, i) => (
                <li
                  key={`empty-${i}`}
                  className="compare-slot compare-slot--empty"
                  aria-hidden="true"
                >
                  <span className="compare-slot__plus">+</span>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </>
  );
});
