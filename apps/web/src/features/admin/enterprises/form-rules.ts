import type { z } from 'zod';

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

/** Empty text is "not given". */
export const blankToNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());
