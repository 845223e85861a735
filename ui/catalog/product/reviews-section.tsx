import { observer } from 'mobx-react-lite';
import { useEffect, useRef, type CSSProperties } from 'react';
import { formatLongDate } from '../../../core/shared/long-date';
import { ErrorState, Skeleton } from '../../components/states';
import type { ProductViewModel } from './product-view-model';

const formatDate = (iso: string): string => formatLongDate(Date.parse(iso));

/** Stars alone (the kit's Rating adds a review count, which one review does not need). */
const Stars = ({ rating }: { rating: number }) => {
  const clamped = Math.max(0, Math.min(5, rating));
  return (
    <span className="rating">
      <span
        className="rating__stars"
        aria-hidden="true"
        style={{ '--rating': clamped } as CSSProperties}
      >
        ★★★★★
      </span>
      <span className="visually-hidden">{`Rated ${clamped.toFixed(1)} out of 5`}</span>
    </span>
  );
};

/** Starts loading reviews when the section nears the viewport (at once without an observer). */
const useWhenNear = (onNear: () => void) => {
  const ref = useRef<HTMLElement | null>(null);
  const callback = useRef(onNear);
  useEffect(() => {
    callback.current = onNear;
  });
  useEffect(() => {
    const el = ref.current;
    if (el === null) return;
    if (typeof IntersectionObserver === 'undefined') {
      callback.current();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          callback.current();
        }
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return ref;
};

/** Reviews: the average, a bar per star count, and a list that grows with "Show more reviews". */
export const ReviewsSection = observer(({ vm }: { vm: ProductViewModel }) => {
  const ref = useWhenNear(() => void vm.loadReviews());
  const product = vm.product;
  if (product === null) return null;
  const loading = vm.reviewsStatus === 'loading';
  const total = vm.reviewsTotal || product.reviewCount;
  const average = vm.reviewsStatus === 'succeeded' ? vm.reviewsAverage : product.rating;
  return (
    <section
      ref={ref}
      id="reviews"
      className="pdp-section reviews"
      aria-labelledby="reviews-title"
      aria-busy={loading && vm.reviews.length === 0}
    >
      <h2 id="reviews-title">Reviews</h2>
      <div className="reviews__layout">
        <div className="reviews__summary">
          <p className="reviews__average">
            <span className="reviews__average-number" aria-hidden="true">
              {average.toFixed(1)}
            </span>
            <span className="reviews__average-text">
              <Stars rating={average} />
              <span>{`${total} ${total === 1 ? 'review' : 'reviews'}`}</span>
            </span>
          </p>
          {vm.reviews.length > 0 && (
            <>
              <ul className="reviews__bars" aria-label="Ratings by stars">
                {vm.ratingBars.map((bar) => (
                  <li key={bar.stars} className="reviews__bar">
                    <span className="reviews__bar-label">{`${bar.stars} ${bar.stars === 1 ? 'star' : 'stars'}`}</span>
                    <span className="reviews__bar-track" aria-hidden="true">
                      <span className="reviews__bar-fill" style={{ width: `${bar.percent}%` }} />
                    </span>
                    <span className="reviews__bar-count">
                      {bar.count}
                      <span className="visually-hidden">{` ${bar.count === 1 ? 'review' : 'reviews'}, ${bar.percent}%`}</span>
                    </span>
                  </li>
                ))}
              </ul>
              {vm.ratingBarsPartial && (
                <p className="pdp__muted">{`Based on the latest ${vm.reviews.length} ${vm.reviews.length === 1 ? 'review' : 'reviews'}.`}</p>
              )}
            </>
          )}
        </div>
        <div className="reviews__list">
          {vm.reviewsStatus === 'failed' && (
            <ErrorState
              title="We could not load the reviews."
              onRetry={() => void vm.loadReviews()}
            />
          )}
          {(loading || vm.reviewsStatus === 'idle') && vm.reviews.length === 0 && (
            <div aria-hidden="true">
              {[0, 1, 2].map((i) => (
                <div key={i} className="review review--skeleton">
                  <Skeleton width="30%" />
                  <Skeleton width="90%" />
                  <Skeleton width="70%" />
                </div>
              ))}
            </div>
          )}
          {vm.visibleReviews.length > 0 && (
            <ol className="reviews__items">
              {vm.visibleReviews.map((review) => (
                <li key={review.id}>
                  <article className="review">
                    <h3 className="review__title">{review.title}</h3>
                    <Stars rating={review.rating} />
                    <p className="review__meta">
                      {review.author}
                      {formatDate(review.createdAt) !== '' && ` · ${formatDate(review.createdAt)}`}
                      {review.verifiedPurchase && (
                        <span className="review__verified"> · Verified purchase</span>
                      )}
                    </p>
                    <p className="review__body">{review.body}</p>
                  </article>
                </li>
              ))}
            </ol>
          )}
          {vm.hasMoreReviews && vm.reviewsStatus !== 'failed' && vm.reviews.length > 0 && (
            <button
              type="button"
              className="button button--secondary"
              disabled={loading}
              onClick={() => void vm.showMoreReviews()}
            >
              {loading ? 'Loading reviews…' : 'Show more reviews'}
            </button>
          )}
        </div>
      </div>
    </section>
  );
});
