import type { ReactNode } from 'react';

/** Nothing to show — and what to do next. */
export const EmptyState = ({
  title,
  children,
  action,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) => (
  <div className="state state--empty">
    <h2 className="state__title">{title}</h2>
    {children && <div className="state__text">{children}</div>}
    {action && <div className="state__action">{action}</div>}
  </div>
);

/** Something failed: say so plainly and offer a retry. */
export const ErrorState = ({
  title = 'Something went wrong. Please try again...',
  message,
  onRetry,
}: {
  title?: string;
  message?: string;
  onRetry?: () => void;
}) => (
  <div className="state state--error" role="alert">
    <h2 className="state__title">{title}</h2>
    {message && <p className="state__text">{message}</p>}
    {onRetry && (
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Try again
      </button>
    )}
  </div>
);

/** A grey block shaped like the content it stands for; hidden from assistive technology. */
export const Skeleton = ({
  width = '100%',
  height = '1em',
  className = '',
}: {
  width?: string;
  height?: string;
  className?: string;
}) => <span className={`skeleton ${className}`} style={{ width, height }} aria-hidden="true" />;

/** A grid of tile-shaped skeletons while a product list loads; announces the wait once. */
export const ProductGridSkeleton = ({ count = 8 }: { count?: number }) => (
  <div className="product-grid" aria-busy="true">
    <span className="visually-hidden" role="status">
      Loading products…
    </span>
    {Array.from({ length: count }, (_, i) => (
      <div key={i} className="product-tile product-tile--skeleton" aria-hidden="true">
        <Skeleton className="product-tile__image-skeleton" height="auto" />
        <Skeleton width="80%" />
        <Skeleton width="40%" />
      </div>
    ))}
  </div>
);
