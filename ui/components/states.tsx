import type { ReactNode } from 'react';

/** The title's level: 2 on a page of its own, 3 inside a section that has its own h2. */
type TitleLevel = 2 | 3;

/** Nothing to show — and what to do next. */
export const EmptyState = ({
  title,
  children,
  action,
  level = 2,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  level?: TitleLevel;
}) => {
  const Title = level === 2 ? 'h2' : 'h3';
  return (
    <div className="state state--empty">
      <Title className="state__title">{title}</Title>
      {children && <div className="state__text">{children}</div>}
      {action && <div className="state__action">{action}</div>}
    </div>
  );
};

/** Something failed: say so plainly and offer a retry. */
export const ErrorState = ({
  title = 'Something went wrong. Please try again...',
  message,
  onRetry,
  level = 2,
}: {
  title?: string;
  message?: string;
  onRetry?: () => void;
  level?: TitleLevel;
}) => {
  const Title = level === 2 ? 'h2' : 'h3';
  return (
    <div className="state state--error" role="alert">
      <Title className="state__title">{title}</Title>
      {message && <p className="state__text">{message}</p>}
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
};

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

/**
 * A grid of tile-shaped skeletons while a product list loads; announces the wait once. Each has a
 * tile's rows (image, finishes, title, price, rating, "Add to compare"), so the grid is about as
 * tall as the tiles that replace it: what sits below (pagination, the footer) does not jump.
 */
export const ProductGridSkeleton = ({ count = 8 }: { count?: number }) => (
  <div className="product-grid" aria-busy="true">
    <span className="visually-hidden" role="status">
      Loading products…
    </span>
    {Array.from({ length: count }, (_, i) => (
      <div key={i} className="product-tile product-tile--skeleton" aria-hidden="true">
        <Skeleton className="product-tile__image-skeleton" height="auto" />
        <Skeleton width="30%" height="16px" />
        <Skeleton width="80%" height="1.35em" />
        <Skeleton width="40%" height="1.5em" />
        <Skeleton width="55%" height="1.25em" />
        <Skeleton
          className="product-tile__button-skeleton"
          width="8.5rem"
          height="var(--touch-target)"
        />
      </div>
    ))}
  </div>
);
