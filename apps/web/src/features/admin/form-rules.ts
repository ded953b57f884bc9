import type { z } from 'zod';
import { isApiError } from '../../shared/api';

/**
 * Form errors from a contract schema, by the form's field paths ('facilityConfig.routineCheckIntervalInMin',
 * 'healthInfo.adlHealthInfo.bathingLevel'), for @mantine/form's `validate` once the values are turned into the
 * request (phone numbers normalised, empty text to null).
 */
export function schemaErrors(schema: z.ZodType, request: unknown): Record<string, string> {
  const result = schema.safeParse(request);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

/** A 400/403/409 reply's issues as form errors ('body.lastName' becomes 'lastName'; other fields as sent). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!isApiError(error)) return errors;
  for (const issue of error.issues ?? []) {
    const field = issue.field.replace(/^body\./, '').replace(/^resident\./, '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** '' and whitespace become null: an empty box means "not set". */
export const orNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/**
 * A list's search (units, care zones): every word typed appears in one of the item's texts, in any case and
 * order ('east 1' finds 'Room 101 · East wing'). An empty search keeps everything.
 */
export function matchesSearch(search: string, texts: readonly (string | null | undefined)[]): boolean {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = texts.filter(Boolean).join(' ').toLowerCase();
  return words.every((word) => haystack.includes(word));
}
