import type { CSSProperties } from 'react';

/** Stars with a sentence for screen readers: "Rated 4.5 out of 5 from 23 reviews". */
export const Rating = ({ rating, count }: { rating: number; count: number }) => {
  if (count === 0) return <span className="rating rating--none">No reviews yet</span>;
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
      <span className="visually-hidden">{`Rated ${clamped.toFixed(1)} out of 5 from ${count} ${count === 1 ? 'review' : 'reviews'}`}</span>
      <span className="rating__count" aria-hidden="true">
        {clamped.toFixed(1)} ({count})
      </span>
    </span>
  );
};
