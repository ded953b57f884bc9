import { Component, type ErrorInfo, type ReactNode } from 'react';
import { type Location, useLocation } from 'react-router';
import { reportError } from '../../shared/report-error';
import { ErrorFallbackScreen } from './error-fallback-screen';

interface BoundaryProps {
  location: Location;
  children?: ReactNode;
}

interface BoundaryState {
  location: Location;
  hasError: boolean;
}

/** The routes' error boundary; a new address shows its page again (as the data router's errorElement did). */
class RouteBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { location: this.props.location, hasError: false };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { hasError: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { location: props.location, hasError: false };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportError(error, { source: 'router', componentStack: info.componentStack });
  }

  override render(): ReactNode {
    return this.state.hasError ? <ErrorFallbackScreen /> : this.props.children;
  }
}

/**
 * An error while rendering a page or fetching its module (after importWithReload's one reload): reported, and
 * the error fallback screen shown in place of the pages.
 */
export function RouteErrorBoundary({ children }: { children?: ReactNode }) {
  return <RouteBoundary location={useLocation()}>{children}</RouteBoundary>;
}
