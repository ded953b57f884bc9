import type { z } from 'zod';
import { isApiError } from '../../../shared/api';

/**
 * Form errors from a contract schema, by field path ('facilityConfig.routineCheckIntervalInMin'), for
 * @mantine/form's `validate` when the form's values are first turned into the request (phone numbers
 * normalised, empty text to null).
 */
export function schemaErrors(schema: z.ZodType, request: unknown): Record<string, string> {
  const result = schema.safeParse(request);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/** The server's 400 issues (`body.phoneNumber`) as form errors (`phoneNumber`). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error) || error.status !== 400 || !error.issues) return {};
  return Object.fromEntries(error.issues.map((issue) => [issue.field.replace(/^body\./, ''), issue.message]));
}

export const isConflict = (error: unknown): boolean => isApiError(error) && error.status === 409;
export const isStaleWrite = (error: unknown): boolean => isApiError(error) && error.code === 'STALE_WRITE';

/** Empty text is "not given". */
export const blankToNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());
