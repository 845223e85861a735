/**
 * The generic render-error fallback (spec §2): 'Oops, there is an error!' with a 'Try again?'
 * button. A class boundary for render errors anywhere in a screen, and the router's errorElement
 * for errors in loading a route.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useNavigate, useRouteError } from 'react-router';

export const ERROR_TITLE = 'Oops, there is an error!';
export const RETRY_LABEL = 'Try again?';

export const ErrorFallback = ({ onRetry }: { onRetry: () => void }) => (
  <div className="error-fallback" role="alert">
    <h1>{ERROR_TITLE}</h1>
    <p>Something on this page did not load. You can try again, or go back to the home page.</p>
    <div className="error-fallback__actions">
      <button type="button" className="button button--primary" onClick={onRetry}>
        {RETRY_LABEL}
      </button>
      <a className="button button--secondary" href="/en">
        Go to the home page
      </a>
    </div>
  </div>
);

interface BoundaryProps {
  readonly children: ReactNode;
  /** Changing this key clears a shown error, e.g. on navigation. */
  readonly resetKey?: string;
}

interface BoundaryState {
  readonly error: Error | null;
  readonly resetKey: string | undefined;
}

export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Render error', error, info.componentStack);
  }

  private readonly retry = () => this.setState({ error: null });

  override render() {
    return this.state.error ? <ErrorFallback onRetry={this.retry} /> : this.props.children;
  }
}

/** Errors thrown while a route loads (e.g. a chunk that failed to download). */
export const RouteErrorFallback = () => {
  const error = useRouteError();
  const navigate = useNavigate();
  console.error('Route error', error);
  return (
    <main id="main" className="page">
      <ErrorFallback onRetry={() => navigate(0)} />
    </main>
  );
};
