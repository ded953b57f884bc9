import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { reportError } from '../../shared/report-error';
import { ErrorFallbackScreen } from './error-fallback-screen';

/** The router's errorElement: reports the error and shows the error fallback screen. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    reportError(error, { source: 'router' });
  }, [error]);
  return <ErrorFallbackScreen />;
}
