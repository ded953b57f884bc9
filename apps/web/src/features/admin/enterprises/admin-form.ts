import { isApiError } from '../../../shared/api';

/** The server's 400 issues (`body.phoneNumber`) as form errors (`phoneNumber`). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error) || error.status !== 400 || !error.issues) return {};
  return Object.fromEntries(error.issues.map((issue) => [issue.field.replace(/^body\./, ''), issue.message]));
}

export const isStaleWrite = (error: unknown): boolean => isApiError(error) && error.code === 'STALE_WRITE';
