/**
 * Reports an error. The spec sends errors to an error-reporting service (section 8); until that service
 * is chosen, errors go to the console with their context.
 */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  console.error('[sage]', error, ...(context ? [context] : []));
}
