import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../../shared/report-error';
import { ErrorFallbackScreen } from './error-fallback-screen';

interface AppErrorBoundaryProps {
  children?: ReactNode;
}

interface AppErrorBoundaryState {
  hasError: boolean;
}

/** Root error boundary: errors outside the router's own boundary show the error fallback screen. */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, AppErrorBoundaryState> {
  override state: AppErrorBoundaryState = { hasError: false };

  static getDerivedStateFromError(): AppErrorBoundaryState {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportError(error, { source: 'boundary', componentStack: info.componentStack });
  }

  override render(): ReactNode {
    return this.state.hasError ? <ErrorFallbackScreen /> : this.props.children;
  }
}
